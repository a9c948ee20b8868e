import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Observable } from 'rxjs';
import { unknownField, Violation, violationsBody } from './validation-violations';

/** Parameters through which a handler reads the body itself: it has one to validate, or reads it its own way. */
const READS_BODY = new Set<number>([RouteParamtypes.BODY, RouteParamtypes.RAW_BODY, RouteParamtypes.REQUEST]);

const cache = new WeakMap<object, boolean>();

/** Whether the handler declares a body (or the request), from the route-argument metadata of its parameters. */
const takesBody = (controller: object, handler: (...args: unknown[]) => unknown): boolean => {
  let takes = cache.get(handler);
  if (takes === undefined) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<string, unknown>;
    takes = Object.keys(args).some((key) => READS_BODY.has(Number(key.split(':')[0])));
    cache.set(handler, takes);
  }
  return takes;
};

/**
 * Unknown fields are refused on every route, whatever their names: a command that takes no body (leave a seat,
 * no more bets, close entries) has no DTO for the validation pipe to check, so its fields were silently ignored.
 * Any field sent to it is refused 400 naming it, like an unknown field of any DTO; an empty body is what it takes.
 */
@Injectable()
export class UnexpectedBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || takesBody(context.getClass(), context.getHandler() as (...args: unknown[]) => unknown)) return next.handle();
    const body = context.switchToHttp().getRequest<{ body?: unknown }>().body;
    const fields = body !== null && typeof body === 'object' ? Object.keys(body) : body === undefined || body === '' ? [] : ['body'];
    if (fields.length === 0) return next.handle();
    const violations: Violation[] = fields.map((field) => unknownField(field, 'it takes no body'));
    throw new BadRequestException(violationsBody(violations));
  }
}

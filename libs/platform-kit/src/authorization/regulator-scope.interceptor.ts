import { CallHandler, ExecutionContext, ForbiddenException, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { HttpRequest } from '../context/http-types';
import { requestContextOf } from '../context/request-context';

const jurisdictionOf = (value: unknown): string | undefined => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const j = (value as { jurisdiction?: unknown }).jurisdiction;
  return typeof j === 'string' ? j : undefined;
};

/**
 * A regulator reads only the records of the jurisdictions their token names (an NSW
 * regulator, or one with none, read a Victorian table with its players' patron ids). Applied to every read of
 * every service, so no controller can forget it: a record that says its jurisdiction is refused 403 when it is
 * not theirs, and a list keeps only their records. Controllers may check earlier (reports, jackpots do).
 */
@Injectable()
export class RegulatorScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const actor = requestContextOf(context.switchToHttp().getRequest<HttpRequest>())?.actor;
    if (actor?.role !== 'regulator') return next.handle();
    const mine = new Set(actor.jurisdictions);
    return next.handle().pipe(
      map((value: unknown) => {
        if (Array.isArray(value)) {
          return value.filter((item) => {
            const jurisdiction = jurisdictionOf(item);
            return jurisdiction === undefined || mine.has(jurisdiction);
          });
        }
        const jurisdiction = jurisdictionOf(value);
        if (jurisdiction !== undefined && !mine.has(jurisdiction)) {
          throw new ForbiddenException({
            statusCode: 403,
            error: 'Forbidden',
            code: 'OUT_OF_JURISDICTION',
            message: `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} jurisdictions; this record is ${jurisdiction}.`,
          });
        }
        return value;
      }),
    );
  }
}

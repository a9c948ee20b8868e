import { createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { Actor } from './actor';
import { requestContextOf } from './request-context';

const contextFrom = (ctx: ExecutionContext) => {
  const context = requestContextOf(ctx.switchToHttp().getRequest());
  if (!context) {
    throw new InternalServerErrorException('No request context: import PlatformKitModule.forRoot(...) in the root module.');
  }
  return context;
};

/** The authenticated actor; use on routes with `@Authorize(...)` (or authenticated GET routes). */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const { actor } = contextFrom(ctx);
  if (!actor) {
    throw new InternalServerErrorException('@CurrentActor() used on a @Public() route; public routes have no actor.');
  }
  return actor;
});

/** The request's correlation id, to record on the events a command appends. */
export const CorrelationId = createParamDecorator((_: unknown, ctx: ExecutionContext): string => contextFrom(ctx).correlationId);

import { randomUUID } from 'node:crypto';
import { BadRequestException, createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { Actor } from './actor';
import { commandIdOf, requestContextOf } from './request-context';

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

/**
 * What a command handler needs besides the command, shaped like the event store's CommandContext:
 * `commandId` is the caller's Idempotency-Key scoped to the actor (a dealer console or shoe retrying sends the
 * same key, so the command counts once) or, without one, a fresh id.
 */
export interface CommandMetadata {
  readonly commandId: string;
  readonly actor: { readonly id: string; readonly role: Actor['role'] };
  readonly correlationId: string;
  /** ISO instant the request arrived at the edge; the domain takes time from here, never from a clock. */
  readonly now: string;
}

export const CommandMeta = createParamDecorator((_: unknown, ctx: ExecutionContext): CommandMetadata => {
  const context = contextFrom(ctx);
  if (!context.actor) throw new InternalServerErrorException('@CommandMeta() used on a @Public() route; commands need an actor.');
  if (context.idempotencyKeyMalformed) {
    throw new BadRequestException({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The Idempotency-Key header must be 1-128 characters of letters, digits, ".", "_", ":" or "-" (a UUID fits).',
      violations: [{ field: 'Idempotency-Key', rule: 'matches', message: 'Idempotency-Key must be 1-128 characters of [A-Za-z0-9._:-]' }],
    });
  }
  if (context.idempotencyKey === undefined) context.generatedCommandId ??= randomUUID();
  return {
    commandId: commandIdOf(context)!,
    actor: { id: context.actor.id, role: context.actor.role },
    correlationId: context.correlationId,
    now: new Date().toISOString(),
  };
});

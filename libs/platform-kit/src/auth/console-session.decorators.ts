import { applyDecorators, createParamDecorator, Delete, type ExecutionContext, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { ApiJson } from '../openapi/api-success-responses';
import { Public } from '../authorization/authorize.decorator';

/** POST `session` of a console: exchanges a bearer token for its session cookie (startConsoleSession). */
export const ConsoleSignIn = (summary: string, signedIn: string) =>
  applyDecorators(Post('session'), Public(), ApiOperation({ summary }), ApiJson(signedIn, { sub: 'alice', name: 'Alice', roles: ['area-manager'], expiresInSeconds: 900 }, 201));

/** DELETE `session` of a console: clears its session cookie (endConsoleSession). */
export const ConsoleSignOut = (summary: string) =>
  applyDecorators(Delete('session'), Public(), HttpCode(204), ApiOperation({ summary }), ApiNoContentResponse({ description: 'Signed out' }));

/**
 * The request of a console's sign-in or sign-out, for the session functions to name who signed in or out (the audit
 * trail): a parameter of its own, so a sign-out still takes no body (a body sent to it is refused like any other).
 */
export const ConsoleRequest = createParamDecorator((_: unknown, ctx: ExecutionContext): object => ctx.switchToHttp().getRequest<object>());

import { applyDecorators, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../authorization/authorize.decorator';

/** POST `session` of a console: exchanges a bearer token for its session cookie (startConsoleSession). */
export const ConsoleSignIn = (summary: string, signedIn: string) =>
  applyDecorators(Post('session'), Public(), ApiOperation({ security: [], summary }), ApiCreatedResponse({ description: signedIn }));

/** DELETE `session` of a console: clears its session cookie (endConsoleSession). */
export const ConsoleSignOut = (summary: string) =>
  applyDecorators(Delete('session'), Public(), HttpCode(204), ApiOperation({ security: [], summary }), ApiNoContentResponse({ description: 'Signed out' }));

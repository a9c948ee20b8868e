import { Body, Controller, Get, Inject, MiddlewareConsumer, Module, NestModule, RequestMethod, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import type { ServerResponse } from 'node:http';
import { ApiErrorResponses, AUTH_SECRET, ConsoleRequest, ConsoleSession, consoleSessionMiddleware, ConsoleSignIn, ConsoleSignOut, endConsoleSession, HtmlPage, startConsoleSession } from '@app/platform-kit';
import { CONSOLE_HTML } from './console-page';

/**
 * Who may sign in to the Jackpot Management Console: the jackpot console role and gaming supervisors and above
 * (the jackpot reads' own roles); each action then needs the role the API names for it. The cookie goes to the
 * jackpot API (/jackpots) only.
 */
export const JACKPOT_CONSOLE_SESSION: ConsoleSession = { cookie: 'jackpot_console_session', path: '/jackpots', requirement: { anyOf: ['jackpot-console', 'gaming-supervisor'] } };

export class ConsoleSignInDto {
  @ApiProperty({ description: 'A bearer token (npm run token -- --role area-manager --sub you --casino crown-melbourne); exchanged for a session cookie, never stored by the page', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' })
  @IsString()
  @Length(10, 4096)
  token!: string;
}

/** The console page (GET /jackpot-console) and its sign-in. */
@ApiTags('jackpots')
@ApiErrorResponses()
@Controller('jackpot-console')
export class JackpotConsoleController {
  constructor(@Inject(AUTH_SECRET) private readonly secret: string) {}

  @Get()
  @HtmlPage()
  @ApiExcludeEndpoint()
  page(): string {
    return CONSOLE_HTML;
  }

  @ConsoleSignIn(
    'Sign the Jackpot Management Console in: exchange a bearer token (jackpot-console, gaming-supervisor or above) for a 15-minute HttpOnly session cookie for /jackpots',
    'Signed in: `Set-Cookie: jackpot_console_session` (HttpOnly, SameSite=Strict, Path=/jackpots); the body names who signed in and their roles',
  )
  signIn(@Body() body: ConsoleSignInDto, @Res({ passthrough: true }) res: ServerResponse, @ConsoleRequest() req: object) {
    return startConsoleSession(JACKPOT_CONSOLE_SESSION, body.token, this.secret, res, req);
  }

  @ConsoleSignOut('Sign the console out: the session cookie is cleared')
  signOut(@Res({ passthrough: true }) res: ServerResponse, @ConsoleRequest() req: object): void {
    endConsoleSession(JACKPOT_CONSOLE_SESSION, res, req, this.secret);
  }
}

/** The console and the session cookie accepted on the jackpot API when the console sends it. */
@Module({ controllers: [JackpotConsoleController] })
export class JackpotConsoleModule implements NestModule {
  constructor(@Inject(AUTH_SECRET) private readonly secret: string) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(consoleSessionMiddleware(JACKPOT_CONSOLE_SESSION, () => this.secret)).forRoutes({ path: 'jackpots/{*path}', method: RequestMethod.ALL }, { path: 'jackpots', method: RequestMethod.ALL });
  }
}

import { Body, Controller, Get, Inject, MiddlewareConsumer, Module, NestModule, RequestMethod, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { ApiErrorResponses, AUTH_SECRET, ConsoleRequest, ConsoleSession, consoleSessionMiddleware, ConsoleSignIn, ConsoleSignOut, endConsoleSession, HtmlPage, startConsoleSession } from '@app/platform-kit';
import type { ServerResponse as HttpResponse } from 'node:http';
import { DASHBOARD_HTML } from './dashboard.page';

/** The dashboard's session: area managers and above (the read models' own @Authorize), cookie sent to /reporting only. */
export const DASHBOARD_SESSION: ConsoleSession = { cookie: 'dashboard_session', path: '/reporting', requirement: 'area-manager' };

export class SessionRequestDto {
  @ApiProperty({ description: 'A bearer token (npm run token -- --role area-manager --sub you --casino crown-melbourne); exchanged for a session cookie, never stored by the page', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' })
  @IsString()
  @Length(10, 4096)
  token!: string;
}

/**
 * The manager dashboard page and its sign-in. The page holds no token: it exchanges one for a short-lived
 * HttpOnly session cookie (POST /dashboard/session), then reads GET /reporting/dashboard and GET
 * /reporting/statistics (turnover, win and hold per table and shift) with it, so it can run
 * unattended on a wall screen.
 */
@ApiTags('dashboard')
@ApiErrorResponses()
@Controller('dashboard')
export class DashboardController {
  constructor(@Inject(AUTH_SECRET) private readonly secret: string) {}

  @Get()
  @HtmlPage()
  @ApiExcludeEndpoint()
  page(): string {
    return DASHBOARD_HTML;
  }

  @ConsoleSignIn(
    'Sign the dashboard in: exchange a bearer token (area-manager or above) for a 15-minute HttpOnly session cookie, renewed while the page is in use (up to 12 hours)',
    'Signed in: `Set-Cookie: dashboard_session` (HttpOnly, SameSite=Strict, Path=/reporting); the body names who signed in',
  )
  signIn(@Body() body: SessionRequestDto, @Res({ passthrough: true }) res: HttpResponse, @ConsoleRequest() req: object) {
    return startConsoleSession(DASHBOARD_SESSION, body.token, this.secret, res, req);
  }

  @ConsoleSignOut('Sign the dashboard out: the session cookie is cleared')
  signOut(@Res({ passthrough: true }) res: HttpResponse, @ConsoleRequest() req: object): void {
    endConsoleSession(DASHBOARD_SESSION, res, req, this.secret);
  }
}

/** The dashboard and the session cookie accepted on its data (GET /reporting/dashboard and /reporting/statistics). */
@Module({ controllers: [DashboardController] })
export class DashboardModule implements NestModule {
  constructor(@Inject(AUTH_SECRET) private readonly secret: string) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(consoleSessionMiddleware(DASHBOARD_SESSION, () => this.secret)).forRoutes({ path: 'reporting/dashboard', method: RequestMethod.GET }, { path: 'reporting/statistics', method: RequestMethod.GET });
  }
}

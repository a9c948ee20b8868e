import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { verifyRequestToken } from '../auth/verify-token';
import { VerifiedClaims } from '../auth/token-claims';
import { AUTH_SECRET } from '../bootstrap/platform-tokens';
import { Actor } from '../context/actor';
import { headerOf, HttpRequest } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import { AUTHORIZE_METADATA, PUBLIC_METADATA } from './authorize.decorator';
import { CasinoScopeRegistry, noteCasinoConcerned } from './casino-scope';
import { actingRole, describeRequirement, highestOf, RoleRequirement } from './role-requirement';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Authenticates every non-public route (401) and checks its `@Authorize` requirement (403). A command
 * (non-GET) without `@Authorize` is refused: forgetting the decorator must close the door, not open it.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    // Explicit tokens: tsx/esbuild emit no decorator metadata, and services may be started with tsx.
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AUTH_SECRET) private readonly secret: string,
    @Optional() @Inject(CasinoScopeRegistry) private readonly casinos?: CasinoScopeRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets)) return true;

    const req = context.switchToHttp().getRequest<HttpRequest>();
    const claims = this.authenticate(req);
    const required = this.reflector.getAllAndOverride<RoleRequirement | undefined>(AUTHORIZE_METADATA, targets);
    const role = required ? actingRole(claims.roles, required) : highestOf(claims.roles);
    const actor: Actor = {
      id: claims.sub,
      name: claims.name,
      roles: claims.roles,
      role: role ?? highestOf(claims.roles) ?? claims.roles[0],
      jurisdictions: claims.jurisdictions ?? [],
      casinos: claims.casinos ?? [],
    };
    // Recorded before refusing, so the audit trail names who was turned away.
    const requestContext = requestContextOf(req);
    if (requestContext) requestContext.actor = actor;

    if (!required && !READS.has((req.method ?? '').toUpperCase())) {
      throw new ForbiddenException({
        statusCode: 403,
        error: 'Forbidden',
        code: 'NO_AUTHORIZATION_RULE',
        message: 'This command declares no role requirement; add @Authorize(...) (or @Public()) to its controller method.',
      });
    }
    if (required && role === undefined) {
      // Refused before the casino scope is walked: the trail still says whose record the command concerned.
      await noteCasinoConcerned(this.casinos, context);
      throw new ForbiddenException({
        statusCode: 403,
        error: 'Forbidden',
        code: 'ROLE_NOT_PERMITTED',
        message: `This command requires ${describeRequirement(required)}; your token grants ${claims.roles.join(', ')}. Ask for a token with a sufficient role.`,
      });
    }
    return true;
  }

  /** A TokenRejected becomes the 401 in the platform's error filter. */
  private authenticate(req: HttpRequest): VerifiedClaims {
    return verifyRequestToken(req, headerOf(req, 'authorization'), this.secret);
  }
}

import { forbidden } from '@app/contracts';
import { highestOf, roleSatisfies, type RoleRequirement } from '../authorization/role-requirement';
import { headerOf, type HttpRequest, type HttpResponse, type NextFunction } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import jwt from 'jsonwebtoken';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-policy';
import { verifyToken } from './verify-token';

/**
 * Browser consoles (the manager dashboard on a wall screen, the jackpot console) sign in once: the page posts a
 * bearer token, the service checks it and the role, and answers with a short-lived session token in an HttpOnly,
 * SameSite=Strict cookie scoped to the console's API path. The page never holds a token (no localStorage), and
 * script cannot read the cookie. The cookie is honoured only on requests carrying CONSOLE_HEADER (a header a
 * cross-site page cannot send without CORS), and is renewed while in use up to SESSION_MAX_HOURS after sign-in.
 */
export interface ConsoleSession {
  /** Cookie name, e.g. `dashboard_session`. */
  readonly cookie: string;
  /** The API path the cookie is sent to (and only to), e.g. `/reporting`. */
  readonly path: string;
  /** Who may sign in, as the API's @Authorize says it. */
  readonly requirement: RoleRequirement;
}

export const CONSOLE_HEADER = 'x-console';
/** Life of a session token; renewed once half of it has passed while the console is in use. */
export const SESSION_TTL_SECONDS = 15 * 60;
/** A session is never renewed past this long after sign-in (a shift). */
export const SESSION_MAX_HOURS = 12;

const cookieOf = (req: HttpRequest, name: string): string | undefined => {
  for (const part of (headerOf(req, 'cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
};

const setCookie = (res: HttpResponse, s: ConsoleSession, value: string, maxAge: number): void => {
  res.setHeader('Set-Cookie', `${s.cookie}=${encodeURIComponent(value)}; Path=${s.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`);
};

/** A session token: the bearer token's claims, short-lived, with `sst` = when the session started (seconds). */
const sessionTokenFor = (claims: { sub: string; name: string; roles: readonly string[]; jurisdictions?: readonly string[]; casinos?: readonly string[] }, secret: string, startedAt: number): string =>
  jwt.sign({ name: claims.name, roles: claims.roles, ...(claims.jurisdictions?.length ? { jurisdictions: claims.jurisdictions } : {}), ...(claims.casinos?.length ? { casinos: claims.casinos } : {}), sst: startedAt }, secret, {
    algorithm: 'HS256',
    subject: claims.sub,
    expiresIn: SESSION_TTL_SECONDS,
    // The guard checks every token's audience and issuer, a session's too.
    audience: TOKEN_AUDIENCE,
    issuer: TOKEN_ISSUER,
  });

const startedAtOf = (token: string): number => {
  const decoded = jwt.decode(token);
  return typeof decoded === 'object' && decoded && typeof decoded.sst === 'number' ? decoded.sst : 0;
};

/**
 * Signs in: verifies the bearer token (TokenRejected → 401 through the platform's filter) and that its role may
 * use the console (403 otherwise), then sets the session cookie. Returns who signed in.
 */
/**
 * A console's sign-in and sign-out are public routes (the token travels in the body or the cookie): the request is
 * given the actor the token names, so the audit trail says who signed in or out, and at which casinos.
 */
const noteActor = (req: object | undefined, claims: ReturnType<typeof verifyToken>): void => {
  const context = req ? requestContextOf(req) : undefined;
  if (!context) return;
  const role = highestOf(claims.roles) ?? claims.roles[0];
  context.actor = { id: claims.sub, name: claims.name, roles: claims.roles, role, jurisdictions: claims.jurisdictions ?? [], casinos: claims.casinos ?? [] };
};

export const startConsoleSession = (s: ConsoleSession, token: string, secret: string, res: HttpResponse, req?: object, now = Date.now()): { sub: string; name: string; roles: readonly string[]; expiresInSeconds: number } => {
  const claims = verifyToken(token, secret);
  noteActor(req, claims);
  if (!roleSatisfies(claims.roles, s.requirement)) {
    throw forbidden('CONSOLE_ROLE_REFUSED', `This console is for ${typeof s.requirement === 'string' ? `${s.requirement} (or above)` : s.requirement.anyOf.join(', ')}; the token's role is ${claims.roles.join(', ')}.`);
  }
  setCookie(res, s, sessionTokenFor(claims, secret, Math.floor(now / 1000)), SESSION_TTL_SECONDS);
  return { sub: claims.sub, name: claims.name, roles: claims.roles, expiresInSeconds: SESSION_TTL_SECONDS };
};

export const endConsoleSession = (s: ConsoleSession, res: HttpResponse, req?: object, secret?: string): void => {
  // Who signs out, when the cookie still holds a valid session (an expired one signs out anonymously).
  const session = req ? cookieOf(req as HttpRequest, s.cookie) : undefined;
  if (session && secret) {
    try {
      noteActor(req, verifyToken(session, secret));
    } catch {
      // Expired or not ours: the cookie is cleared all the same.
    }
  }
  setCookie(res, s, '', 0);
};

/**
 * Middleware for the console's API path: a request with the console header and the session cookie but no
 * Authorization header is authorised by the cookie's token (the guard then checks it as any bearer token), and
 * the cookie is renewed once half its life has passed.
 */
export const consoleSessionMiddleware =
  (s: ConsoleSession, secret: () => string) =>
  (req: HttpRequest, res: HttpResponse, next: NextFunction): void => {
    const token = cookieOf(req, s.cookie);
    if (token && !headerOf(req, 'authorization') && headerOf(req, CONSOLE_HEADER)) {
      req.headers.authorization = `Bearer ${token}`;
      try {
        const claims = verifyToken(token, secret());
        const startedAt = startedAtOf(token);
        const now = Math.floor(Date.now() / 1000);
        if (claims.exp - now < SESSION_TTL_SECONDS / 2 && now - startedAt < SESSION_MAX_HOURS * 3600) {
          setCookie(res, s, sessionTokenFor(claims, secret(), startedAt), SESSION_TTL_SECONDS);
        }
      } catch {
        // Expired or invalid: the guard answers 401 and the page asks to sign in again.
      }
    }
    next();
  };

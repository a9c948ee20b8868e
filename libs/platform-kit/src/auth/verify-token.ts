import { createSecretKey, KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { CASINO_IDS, isCasinoId } from '@app/baccarat';
import { isCasinoBound, isRole, ROLES } from '../authorization/roles';
import { rawRequestOf } from '../context/http-types';
import { VerifiedClaims } from './token-claims';
import { MAX_TOKEN_LIFETIME_SECONDS, TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-policy';

export type TokenRejection = 'TOKEN_MISSING' | 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | 'TOKEN_CLAIMS_INVALID';

/** Why a request carries no usable identity. Framework-free; the platform's error filter answers it 401. */
export class TokenRejected extends Error {
  constructor(
    readonly code: TokenRejection,
    message: string,
  ) {
    super(message);
    this.name = 'TokenRejected';
  }
}

const HOW_TO_GET_ONE = 'Get a development token with `npm run token -- --role dealer --sub <you> --casino <your casino>`.';

/** The token from an `Authorization: Bearer <token>` header value. */
export const bearerTokenFrom = (authorization: string | undefined): string => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) {
    throw new TokenRejected('TOKEN_MISSING', `Send an "Authorization: Bearer <token>" header. ${HOW_TO_GET_ONE}`);
  }
  return match[1];
};

// Given a string, jsonwebtoken first tries it as a public key (and fails) on every call: a fifth of a busy
// table's CPU went there. The secret never changes in a process, so its KeyObject is made once.
const secretKeys = new Map<string, KeyObject>();
const secretKeyFor = (secret: string): KeyObject => {
  let key = secretKeys.get(secret);
  if (!key) secretKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};

// A console sends the same token with every command: its signature and claims are checked once, its expiry
// at every use. Bounded, so a flood of distinct tokens cannot grow it without limit.
const VERIFIED_CACHE_SIZE = 2000;
const verified = new Map<string, VerifiedClaims>();
const CLOCK_TOLERANCE_SECONDS = 5;

/** Checks signature (HS256 only), audience, issuer, expiry, lifetime and the shape of the claims. */
export const verifyToken = (token: string, secret: string): VerifiedClaims => {
  const key = `${secret.length}:${secret}:${token}`;
  const cached = verified.get(key);
  if (cached && cached.exp + CLOCK_TOLERANCE_SECONDS > Date.now() / 1000) return cached;
  const claims = verifyUncached(token, secret);
  if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(key, claims);
  return claims;
};

const VERIFIED_ON_REQUEST = Symbol.for('platform-kit.verified-token');
type Verification = { readonly authorization: string | undefined; readonly secret: string; readonly claims?: VerifiedClaims; readonly rejection?: unknown };

/**
 * The claims of a request's `Authorization` header, verified once per request: the rate limiter (which keys on
 * the subject) and the access guard both ask, and the second gets the first's answer, refusal included.
 */
export const verifyRequestToken = (req: object, authorization: string | undefined, secret: string): VerifiedClaims => {
  // On the Node request, which the rate limiter (middleware) and the guard share under either adapter.
  const held = rawRequestOf(req) as { [VERIFIED_ON_REQUEST]?: Verification };
  let verification = held[VERIFIED_ON_REQUEST];
  if (!verification || verification.authorization !== authorization || verification.secret !== secret) {
    try {
      verification = { authorization, secret, claims: verifyToken(bearerTokenFrom(authorization), secret) };
    } catch (rejection) {
      verification = { authorization, secret, rejection };
    }
    held[VERIFIED_ON_REQUEST] = verification;
  }
  if (verification.claims) return verification.claims;
  throw verification.rejection;
};

const verifyUncached = (token: string, secret: string): VerifiedClaims => {
  let decoded: string | jwt.JwtPayload;
  try {
    decoded = jwt.verify(token, secretKeyFor(secret), { algorithms: ['HS256'], clockTolerance: CLOCK_TOLERANCE_SECONDS, audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) {
      throw new TokenRejected('TOKEN_EXPIRED', `The bearer token expired at ${error.expiredAt.toISOString()}. ${HOW_TO_GET_ONE}`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new TokenRejected('TOKEN_INVALID', `The bearer token is not valid (${reason}). ${HOW_TO_GET_ONE}`);
  }
  return claimsFrom(decoded);
};

const claimsFrom = (decoded: string | jwt.JwtPayload): VerifiedClaims => {
  const invalid = (what: string) =>
    new TokenRejected('TOKEN_CLAIMS_INVALID', `The bearer token's claims are unusable: ${what}. ${HOW_TO_GET_ONE}`);
  if (typeof decoded === 'string') throw invalid('the payload is not a JSON object');
  const { sub, name, roles, jurisdictions, casinos, exp, iat } = decoded;
  if (typeof sub !== 'string' || sub === '') throw invalid('`sub` (actor id) is missing');
  if (typeof exp !== 'number') throw invalid('`exp` is missing; tokens must expire');
  if (typeof iat !== 'number') throw invalid('`iat` (issued at) is missing');
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw invalid(`it lives ${Math.round((exp - iat) / 3600)} hours; tokens may live at most ${MAX_TOKEN_LIFETIME_SECONDS / 3600} hours`);
  if (!Array.isArray(roles) || roles.length === 0) throw invalid('`roles` must be a non-empty array');
  const unknown = roles.filter((r) => !isRole(r));
  if (unknown.length > 0) throw invalid(`unknown role(s) ${unknown.join(', ')}; known roles are ${ROLES.join(', ')}`);
  if (jurisdictions !== undefined && !(Array.isArray(jurisdictions) && jurisdictions.every((j) => typeof j === 'string'))) {
    throw invalid('`jurisdictions` must be an array of strings');
  }
  if (casinos !== undefined && !(Array.isArray(casinos) && casinos.every(isCasinoId))) {
    throw invalid(`\`casinos\` must be an array of the casinos the rulebooks name (${CASINO_IDS.join(', ')})`);
  }
  const staff = roles.filter(isRole).filter(isCasinoBound);
  if (staff.length > 0 && !(Array.isArray(casinos) && casinos.length > 0)) {
    // Staff act only at their own casino: a token that names none would let its holder act at every casino.
    throw invalid(
      `a staff token (${staff.join(', ')}) must name the casinos its holder works at (\`casinos\`, one or more of ${CASINO_IDS.join(', ')}); mint one with \`npm run token -- --role ${staff[0]} --sub <you> --casino ${CASINO_IDS[0]}\``,
    );
  }
  return {
    sub,
    name: typeof name === 'string' && name !== '' ? name : sub,
    roles: roles.filter(isRole),
    exp,
    ...(jurisdictions ? { jurisdictions: jurisdictions as string[] } : {}),
    ...(casinos ? { casinos: casinos as string[] } : {}),
  };
};

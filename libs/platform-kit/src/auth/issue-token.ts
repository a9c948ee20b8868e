import jwt from 'jsonwebtoken';
import { TokenClaims } from './token-claims';
import { MAX_TOKEN_LIFETIME_SECONDS, TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-policy';

/**
 * Signs claims as an HS256 bearer token for this back office (audience and issuer of token-policy.ts), valid for
 * `ttlSeconds` (negative makes an already-expired token; at most MAX_TOKEN_LIFETIME_SECONDS is accepted).
 */
export const issueToken = (claims: TokenClaims, secret: string, ttlSeconds: number): string => {
  if (ttlSeconds > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Error(`A token may live at most ${MAX_TOKEN_LIFETIME_SECONDS / 3600} hours; ask for a shorter lifetime than ${ttlSeconds / 3600} hours.`);
  }
  const { sub, name, roles, jurisdictions, casinos } = claims;
  const payload = { name, roles, ...(jurisdictions && jurisdictions.length > 0 ? { jurisdictions } : {}), ...(casinos && casinos.length > 0 ? { casinos } : {}) };
  return jwt.sign(payload, secret, { algorithm: 'HS256', subject: sub, expiresIn: ttlSeconds, audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER });
};

import jwt from 'jsonwebtoken';
import { TokenClaims } from './token-claims';

/** Signs claims as an HS256 bearer token valid for `ttlSeconds` (negative makes an already-expired token). */
export const issueToken = (claims: TokenClaims, secret: string, ttlSeconds: number): string => {
  const { sub, name, roles, jurisdictions } = claims;
  const payload = jurisdictions && jurisdictions.length > 0 ? { name, roles, jurisdictions } : { name, roles };
  return jwt.sign(payload, secret, { algorithm: 'HS256', subject: sub, expiresIn: ttlSeconds });
};

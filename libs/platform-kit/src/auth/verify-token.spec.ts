import jwt from 'jsonwebtoken';
import { resolveAuthSecret, INSECURE_DEVELOPMENT_AUTH_SECRET } from './auth-secret';
import { issueToken } from './issue-token';
import { bearerTokenFrom, TokenRejected, verifyToken } from './verify-token';

const SECRET = 'test-secret';
const alice = { sub: 'alice', name: 'Alice Ng', roles: ['area-manager'] } as const;

const rejection = (fn: () => unknown): TokenRejected => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TokenRejected) return error;
    throw error;
  }
  throw new Error('expected the token to be rejected');
};

describe('verifyToken', () => {
  it('returns the claims of a token it signed', () => {
    const claims = verifyToken(issueToken({ ...alice, jurisdictions: ['NSW'] }, SECRET, 60), SECRET);
    expect(claims).toMatchObject({ sub: 'alice', name: 'Alice Ng', roles: ['area-manager'], jurisdictions: ['NSW'] });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('a token accepted once is refused after it expires (the verified-token cache never outlives exp)', () => {
    const token = issueToken(alice, SECRET, 30);
    expect(verifyToken(token, SECRET).sub).toBe('alice');
    jest.useFakeTimers({ now: Date.now() + 60_000 });
    try {
      expect(rejection(() => verifyToken(token, SECRET)).code).toBe('TOKEN_EXPIRED');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a token accepted under one secret is not accepted under another', () => {
    const token = issueToken(alice, SECRET, 60);
    verifyToken(token, SECRET);
    expect(rejection(() => verifyToken(token, 'another-secret')).code).toBe('TOKEN_INVALID');
  });

  it('rejects an expired token and says when it expired', () => {
    const error = rejection(() => verifyToken(issueToken(alice, SECRET, -60), SECRET));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(error.message).toMatch(/expired at \d{4}-/);
  });

  it('rejects a token signed with another secret', () => {
    expect(rejection(() => verifyToken(issueToken(alice, 'someone-elses-secret', 60), SECRET)).code).toBe('TOKEN_INVALID');
  });

  it('rejects a token whose payload was altered', () => {
    const [header, , signature] = issueToken(alice, SECRET, 60).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'alice', roles: ['casino-manager'], exp: 9999999999 })).toString('base64url');
    expect(rejection(() => verifyToken(`${header}.${forged}.${signature}`, SECRET)).code).toBe('TOKEN_INVALID');
  });

  it('rejects unsigned ("alg: none") tokens', () => {
    const unsigned = jwt.sign({ roles: ['casino-manager'] }, '', { algorithm: 'none', subject: 'mallory', expiresIn: 60 });
    expect(rejection(() => verifyToken(unsigned, SECRET)).code).toBe('TOKEN_INVALID');
  });

  it('rejects a token without expiry', () => {
    const eternal = jwt.sign({ roles: ['dealer'] }, SECRET, { algorithm: 'HS256', subject: 'bob' });
    expect(rejection(() => verifyToken(eternal, SECRET)).message).toMatch(/`exp` is missing/);
  });

  it('rejects a token naming a role the back office does not know', () => {
    const odd = jwt.sign({ roles: ['pit-boss'] }, SECRET, { algorithm: 'HS256', subject: 'bob', expiresIn: 60 });
    const error = rejection(() => verifyToken(odd, SECRET));
    expect(error.code).toBe('TOKEN_CLAIMS_INVALID');
    expect(error.message).toMatch(/unknown role\(s\) pit-boss/);
  });
});

describe('bearerTokenFrom', () => {
  it('takes the token from an Authorization header', () => {
    expect(bearerTokenFrom('Bearer abc.def.ghi')).toBe('abc.def.ghi');
  });

  it.each([undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer'])('reports a missing token for %p and says how to get one', (header) => {
    const error = rejection(() => bearerTokenFrom(header));
    expect(error.code).toBe('TOKEN_MISSING');
    expect(error.message).toMatch(/npm run token/);
  });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set', () => {
    expect(resolveAuthSecret({ AUTH_SECRET: 's3cret', NODE_ENV: 'production' })).toBe('s3cret');
  });

  it('falls back to the clearly insecure default outside production', () => {
    expect(resolveAuthSecret({ NODE_ENV: 'development' })).toBe(INSECURE_DEVELOPMENT_AUTH_SECRET);
    expect(resolveAuthSecret({})).toBe(INSECURE_DEVELOPMENT_AUTH_SECRET);
  });

  it('refuses to start in production without AUTH_SECRET', () => {
    expect(() => resolveAuthSecret({ NODE_ENV: 'production', AUTH_SECRET: '  ' })).toThrow(/Set AUTH_SECRET/);
  });
});

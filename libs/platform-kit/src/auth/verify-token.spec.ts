import jwt from 'jsonwebtoken';
import { resolveAuthSecret, INSECURE_DEVELOPMENT_AUTH_SECRET } from './auth-secret';
import { issueToken } from './issue-token';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-policy';
import { bearerTokenFrom, TokenRejected, verifyRequestToken, verifyToken } from './verify-token';

const SECRET = 'test-secret';
const OURS = { audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER } as const;
const alice = { sub: 'alice', name: 'Alice Ng', roles: ['area-manager'], casinos: ['crown-sydney'] } as const;

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
    const eternal = jwt.sign({ roles: ['dealer'] }, SECRET, { algorithm: 'HS256', subject: 'bob', ...OURS });
    expect(rejection(() => verifyToken(eternal, SECRET)).message).toMatch(/`exp` is missing/);
  });

  it('rejects a token naming a role the back office does not know', () => {
    const odd = jwt.sign({ roles: ['pit-boss'] }, SECRET, { algorithm: 'HS256', subject: 'bob', expiresIn: 60, ...OURS });
    const error = rejection(() => verifyToken(odd, SECRET));
    expect(error.code).toBe('TOKEN_CLAIMS_INVALID');
    expect(error.message).toMatch(/unknown role\(s\) pit-boss/);
  });
});

describe('verifyToken: staff tokens name their casinos', () => {
  it('returns the casinos of a staff token', () => {
    expect(verifyToken(issueToken({ ...alice, casinos: ['crown-melbourne', 'star-sydney'] }, SECRET, 60), SECRET).casinos).toEqual(['crown-melbourne', 'star-sydney']);
  });

  it('refuses a staff token that names no casino, and says how to mint one', () => {
    const error = rejection(() => verifyToken(issueToken({ sub: 'ann', name: 'Ann', roles: ['area-manager'] }, SECRET, 60), SECRET));
    expect(error.code).toBe('TOKEN_CLAIMS_INVALID');
    expect(error.message).toMatch(/a staff token \(area-manager\) must name the casinos its holder works at .*--casino crown-melbourne/);
  });

  it('refuses a casino no rulebook names', () => {
    const odd = jwt.sign({ roles: ['dealer'], casinos: ['crown-perth'] }, SECRET, { algorithm: 'HS256', subject: 'bob', expiresIn: 60, ...OURS });
    expect(rejection(() => verifyToken(odd, SECRET)).message).toMatch(/`casinos` must be an array of the casinos the rulebooks name \(crown-melbourne, /);
  });

  it('accepts a regulator and an administrator without a casino', () => {
    expect(verifyToken(issueToken({ sub: 'r', name: 'r', roles: ['regulator'], jurisdictions: ['NSW'] }, SECRET, 60), SECRET).roles).toEqual(['regulator']);
    expect(verifyToken(issueToken({ sub: 'a', name: 'a', roles: ['administrator'] }, SECRET, 60), SECRET).roles).toEqual(['administrator']);
  });
});

describe('verifyToken: whose tokens, and for how long', () => {
  it('rejects a token minted for another audience', () => {
    const foreign = jwt.sign({ roles: ['casino-manager'] }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, audience: 'loyalty-app', issuer: TOKEN_ISSUER });
    expect(rejection(() => verifyToken(foreign, SECRET)).message).toMatch(/audience/);
  });

  it('rejects a token without an audience or issuer', () => {
    const bare = jwt.sign({ roles: ['casino-manager'] }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60 });
    expect(rejection(() => verifyToken(bare, SECRET)).code).toBe('TOKEN_INVALID');
  });

  it('rejects a token from another issuer', () => {
    const foreign = jwt.sign({ roles: ['casino-manager'] }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, audience: TOKEN_AUDIENCE, issuer: 'someone-else' });
    expect(rejection(() => verifyToken(foreign, SECRET)).message).toMatch(/issuer/);
  });

  it('rejects a ten-year token, and a token that does not say when it was issued', () => {
    const decade = jwt.sign({ roles: ['dealer'] }, SECRET, { algorithm: 'HS256', subject: 'bob', expiresIn: '3650d', ...OURS });
    expect(rejection(() => verifyToken(decade, SECRET)).message).toMatch(/at most 12 hours/);
    const undated = jwt.sign({ roles: ['dealer'], exp: Math.floor(Date.now() / 1000) + 60 }, SECRET, { algorithm: 'HS256', subject: 'bob', noTimestamp: true, ...OURS });
    expect(rejection(() => verifyToken(undated, SECRET)).message).toMatch(/`iat`/);
  });

  it('will not issue a token longer than a shift', () => {
    expect(() => issueToken(alice, SECRET, 13 * 3600)).toThrow(/at most 12 hours/);
  });
});

describe('verifyRequestToken: the rate limiter and the guard verify a request once', () => {
  it("gives the second caller of one request the first one's claims, and its refusal", () => {
    const req = {};
    const header = `Bearer ${issueToken(alice, SECRET, 60)}`;
    const first = verifyRequestToken(req, header, SECRET);
    expect(verifyRequestToken(req, header, SECRET)).toBe(first);
    const forged = {};
    const bad = `Bearer ${issueToken(alice, 'another-secret', 60)}`;
    expect(rejection(() => verifyRequestToken(forged, bad, SECRET)).code).toBe('TOKEN_INVALID');
    expect(rejection(() => verifyRequestToken(forged, bad, SECRET)).code).toBe('TOKEN_INVALID');
  });

  it('verifies again when asked about another header or secret on the same request', () => {
    const req = {};
    expect(verifyRequestToken(req, `Bearer ${issueToken(alice, SECRET, 60)}`, SECRET).sub).toBe('alice');
    expect(rejection(() => verifyRequestToken(req, undefined, SECRET)).code).toBe('TOKEN_MISSING');
    expect(rejection(() => verifyRequestToken(req, `Bearer ${issueToken(alice, SECRET, 60)}`, 'other-secret')).code).toBe('TOKEN_INVALID');
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

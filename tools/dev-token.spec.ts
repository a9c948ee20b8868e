import { issueToken, verifyToken } from '@app/platform-kit';
import { devTokenHelp, parseDevTokenArgs } from './dev-token';

describe('npm run token', () => {
  it('builds claims for a regulator of a jurisdiction with the requested lifetime', () => {
    const { claims, ttlSeconds } = parseDevTokenArgs(['--role', 'regulator', '--sub', 'reg-7', '--jurisdiction', 'NSW', '--hours', '2']);
    expect(claims).toEqual({ sub: 'reg-7', name: 'reg-7', roles: ['regulator'], jurisdictions: ['NSW'] });
    expect(ttlSeconds).toBe(7200);
  });

  it('issues a token the services accept, valid for 12 hours by default', () => {
    const { claims, ttlSeconds } = parseDevTokenArgs(['--role', 'casino-manager,tournament-director', '--sub', 'alice']);
    const verified = verifyToken(issueToken(claims, 'dev', ttlSeconds), 'dev');
    expect(verified.roles).toEqual(['casino-manager', 'tournament-director']);
    expect(verified.exp - Date.now() / 1000).toBeGreaterThan(11.9 * 3600);
  });

  it('refuses a lifetime longer than the services accept (12 hours)', () => {
    expect(() => parseDevTokenArgs(['--role', 'dealer', '--sub', 'bob', '--hours', '87600'])).toThrow(/--hours must be at most 12/);
  });

  it('refuses an unknown role and lists the known ones', () => {
    expect(() => parseDevTokenArgs(['--role', 'pit-boss', '--sub', 'bob'])).toThrow(/Unknown role pit-boss; use one of dealer, gaming-supervisor/);
  });

  it('requires a role and an actor id', () => {
    expect(() => parseDevTokenArgs(['--sub', 'bob'])).toThrow(/--role is required/);
    expect(() => parseDevTokenArgs(['--role', 'dealer'])).toThrow(/--sub .* is required/);
  });

  it('--help names every role and what --jurisdiction is for', () => {
    const help = devTokenHelp();
    for (const role of ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager', 'tournament-director', 'jackpot-console', 'regulator', 'administrator']) {
      expect(help).toContain(role);
    }
    expect(help).toMatch(/--jurisdiction {2}VIC or NSW: the records a regulator may read/);
  });
});

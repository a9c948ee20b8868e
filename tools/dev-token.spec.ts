import { issueToken, verifyToken } from '@app/platform-kit';
import { devTokenHelp, parseDevTokenArgs } from './dev-token';

describe('npm run token', () => {
  it('builds claims for a regulator of a jurisdiction with the requested lifetime', () => {
    const { claims, ttlSeconds } = parseDevTokenArgs(['--role', 'regulator', '--sub', 'reg-7', '--jurisdiction', 'NSW', '--hours', '2']);
    expect(claims).toEqual({ sub: 'reg-7', name: 'reg-7', roles: ['regulator'], jurisdictions: ['NSW'] });
    expect(ttlSeconds).toBe(7200);
  });

  it('issues a token the services accept, valid for 12 hours by default', () => {
    const { claims, ttlSeconds } = parseDevTokenArgs(['--role', 'casino-manager,tournament-director', '--sub', 'alice', '--casino', 'crown-melbourne']);
    const verified = verifyToken(issueToken(claims, 'dev', ttlSeconds), 'dev');
    expect(verified.roles).toEqual(['casino-manager', 'tournament-director']);
    expect(verified.exp - Date.now() / 1000).toBeGreaterThan(11.9 * 3600);
  });

  it('refuses a lifetime longer than the services accept (12 hours)', () => {
    expect(() => parseDevTokenArgs(['--role', 'dealer', '--sub', 'bob', '--casino', 'star-sydney', '--hours', '87600'])).toThrow(/--hours must be at most 12/);
  });

  it('refuses an unknown role and lists the known ones', () => {
    expect(() => parseDevTokenArgs(['--role', 'pit-boss', '--sub', 'bob'])).toThrow(/Unknown role pit-boss; use one of dealer, gaming-supervisor/);
  });

  it('requires a role and an actor id', () => {
    expect(() => parseDevTokenArgs(['--sub', 'bob'])).toThrow(/--role is required/);
    expect(() => parseDevTokenArgs(['--role', 'dealer'])).toThrow(/--sub .* is required/);
  });

  it('names the casinos a staff token covers (repeatable), and refuses a staff token without one or with an unknown casino', () => {
    expect(parseDevTokenArgs(['--role', 'area-manager', '--sub', 'ann', '--casino', 'crown-melbourne', '--casino', 'crown-sydney']).claims.casinos).toEqual(['crown-melbourne', 'crown-sydney']);
    expect(() => parseDevTokenArgs(['--role', 'area-manager', '--sub', 'ann'])).toThrow(/--casino is required for area-manager: staff act only at the casinos their token names/);
    expect(() => parseDevTokenArgs(['--role', 'dealer', '--sub', 'ann', '--casino', 'crown-perth'])).toThrow(/Unknown casino crown-perth; use one of crown-melbourne/);
    expect(parseDevTokenArgs(['--role', 'administrator', '--sub', 'root']).claims.casinos).toBeUndefined();
  });

  it('--help names every role and what --jurisdiction is for', () => {
    const help = devTokenHelp();
    for (const role of ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager', 'tournament-director', 'jackpot-console', 'regulator', 'administrator']) {
      expect(help).toContain(role);
    }
    expect(help).toMatch(/--jurisdiction {2}VIC or NSW: the records a regulator may read/);
    expect(help).toMatch(/--casino {8}crown-melbourne, star-sydney, crown-sydney: the casinos the holder works at/);
    expect(help).toMatch(/Required for every staff role \(all but regulator and administrator\): a staff token without a casino\s+is refused/);
    expect(help).toMatch(/crown-melbourne: crown-melbourne-v29, crown-melbourne-rapid/);
  });
});

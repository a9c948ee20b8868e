import { casinoNamedBy } from './rulebook-in-force';
import { CASINO_IDS, casinoOfRulebook, casinosOfJurisdiction, rulebooksOfCasino } from './rulebooks';

describe('the casino of each rulebook (staff act only at their own casino)', () => {
  it('names the three casinos of the deployment, derived from the rulebooks', () => {
    expect([...CASINO_IDS].sort()).toEqual(['crown-melbourne', 'crown-sydney', 'star-sydney']);
  });

  it.each([
    ['crown-melbourne-v29', 'crown-melbourne'],
    ['crown-melbourne-rapid', 'crown-melbourne'],
    ['crown-sydney-guide', 'crown-sydney'],
    ['star-sydney-2021', 'star-sydney'],
    ['star-sydney-2024', 'star-sydney'],
  ])('%s is played at %s', (rulebookId, casino) => {
    expect(casinoOfRulebook(rulebookId)).toBe(casino);
  });

  it('knows no casino for an unknown rulebook id, and lists the rulebooks of a casino', () => {
    expect(casinoOfRulebook('pit-rules')).toBeUndefined();
    expect(rulebooksOfCasino('star-sydney')).toEqual(['star-sydney-2021', 'star-sydney-2024']);
  });

  it('names the casino of an operator or series as the tournaments and promotions name it, none for a name matching two casinos', () => {
    expect(casinoNamedBy('the-star-sydney')).toBe('star-sydney');
    expect(casinoNamedBy('crown-melbourne', 'rapid-baccarat')).toBe('crown-melbourne');
    expect(casinoNamedBy('crown-sydney')).toBe('crown-sydney');
    expect(casinoNamedBy('NSW')).toBeUndefined();
    expect(casinoNamedBy('crown-perth')).toBeUndefined();
  });

  it("names the casinos a jurisdiction's reports cover", () => {
    expect(casinosOfJurisdiction('VIC')).toEqual(['crown-melbourne']);
    expect([...casinosOfJurisdiction('NSW')].sort()).toEqual(['crown-sydney', 'star-sydney']);
  });
});

import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { outcomeFromCards } from './rapid-table-outcome.decider';

const policies = atsPoliciesFor(rulebookById('crown-melbourne-rapid'));

describe('Rapid 9.1-9.3: a hand entered short of a card the Table of Play requires is refused, citing the precise clause (9.2.1, 9.3.1)', () => {
  // Player 5 must draw against Banker 7 (9.2); the hands entered stop at four cards.
  const refusal = (): unknown => {
    try {
      outcomeFromCards(policies, ['2H', '3S'], ['4D', '3C']);
    } catch (err) {
      return err;
    }
    return undefined;
  };

  it("cites the Rapid Table of Play from the rulebook data, names the field and says the outcome is refused, not that a coup is void", () => {
    const err = refusal() as { kind: string; clause: string; field: string; message: string };
    expect(err).toMatchObject({ kind: 'rule', clause: policies.sgc.tableOfPlay.playerDrawsClause, field: 'playerCards' });
    expect(err.clause).toBe('Rapid 9.2.1 (Table 1)');
    expect(err.message).not.toMatch(/void|Crown Melbourne 10\.10|Star Sydney/);
    expect(err.message).toContain('refused');
    expect(err.message).toContain('as dealt');
  });

  it('Rapid 9.3.1 (Table 2): a Banker 3 that must draw on a Player third card of 9 but stops short is refused on bankerCards citing 9.3.1', () => {
    let err: { clause?: string; field?: string; code?: string } = {};
    try {
      outcomeFromCards(policies, ['2H', '3S', '9C'], ['3D', 'KC']);
    } catch (e) {
      err = e as typeof err;
    }
    expect(err).toMatchObject({ code: 'HAND_INCOMPLETE', field: 'bankerCards', clause: 'Rapid 9.3.1 (Table 2)' });
  });
});

describe('Rapid 9.1-9.3 (Table of Play): a refusal names the hand that breaks the Table of Play and the precise clause', () => {
  const refusal = (player: string[], banker: string[]) => {
    try {
      outcomeFromCards(policies, player, banker);
    } catch (err) {
      return err as { kind: string; code: string; clause: string; field: string; message: string };
    }
    throw new Error('accepted');
  };

  it('Rapid 9.3.2 (Table 2): Banker 3 drawing on a Player third card of 8 is refused on bankerCards', () => {
    // Player 2+3=5 draws an 8; Banker 3 stands on a Player third card of 8.
    const err = refusal(['2H', '3S', '8D'], ['KC', '3H', '4S']);
    expect(err).toMatchObject({ kind: 'rule', code: 'OUTCOME_CONTRARY_TO_TABLE_OF_PLAY', field: 'bankerCards', clause: policies.sgc.tableOfPlay.bankerStandsClause });
    expect(err.clause).toBe('Rapid 9.3.2 (Table 2)');
    expect(err.message).toMatch(/Banker/);
  });

  it('Rapid 9.3.2 (Table 2): Banker 7 drawing is refused on bankerCards', () => {
    // Player 6 stands; Banker 7 stands.
    const err = refusal(['KH', '6S'], ['4C', '3H', '2S']);
    expect(err).toMatchObject({ field: 'bankerCards', clause: 'Rapid 9.3.2 (Table 2)' });
  });

  it('Rapid 9.1: Banker drawing after a Player natural is refused on bankerCards', () => {
    const err = refusal(['4H', '4S'], ['2C', '3H', '2S']);
    expect(err).toMatchObject({ field: 'bankerCards', clause: policies.sgc.tableOfPlay.naturalClause });
    expect(err.clause).toBe('Rapid 9.1');
  });

  it('Rapid 9.2.2 (Table 1): Player 6 drawing is refused on playerCards', () => {
    const err = refusal(['KH', '6S', '2D'], ['4C', '2H']);
    expect(err).toMatchObject({ field: 'playerCards', clause: 'Rapid 9.2.2 (Table 1)' });
  });
});

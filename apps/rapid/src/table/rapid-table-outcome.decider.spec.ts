import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { outcomeFromCards } from './rapid-table-outcome.decider';

const policies = atsPoliciesFor(rulebookById('crown-melbourne-rapid'));

describe('Rapid 9.1-9.3: a hand entered short of a card the Table of Play requires is refused', () => {
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
    expect(err).toMatchObject({ kind: 'rule', clause: policies.sgc.tableOfPlayClause, field: 'playerCards' });
    expect(err.clause).toBe('Rapid 9.1-9.3');
    expect(err.message).not.toMatch(/void|Crown Melbourne 10\.10|Star Sydney/);
    expect(err.message).toContain('refused');
    expect(err.message).toContain('as dealt');
  });
});

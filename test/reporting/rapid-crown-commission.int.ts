import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import type { RapidTableTerms } from '@app/contracts';
import { settleAtsWagers } from '../../apps/rapid/src/account/ats-account-settlement.decider';
import { outcomeFromCards } from '../../apps/rapid/src/table/rapid-table-outcome.decider';
import { TERMS } from '../../apps/rapid/src/test-support/rapid-fixtures';
import { numbered, roundRows } from '../../apps/reporting/src/rapid/rapid-section';
import { RAPID_TABLE, rapidRecords } from '../../apps/reporting/src/test-support/rapid-play';

/**
 * The vic-rapid rounds section over settlements as the Rapid service makes them (contract AtsWagersSettled): the
 * commission column shows what the house kept under each Banker pay table the Rapid rulebook allows (Rapid 10.1).
 */
describe('vic-rapid commission from the Rapid service settlement (Rapid 10.1, 4.8.2(a))', () => {
  const terms = (option: 'traditional' | 'crown'): RapidTableTerms => ({
    ...TERMS,
    variant: option === 'crown' ? 'crown-baccarat' : 'traditional',
    offeredBets: TERMS.offeredBets.map((b) => (b.bet === 'banker' ? { ...b, option } : b)),
  });
  /** Player draws a 9 to 4, Banker stands on 6. */
  const BANKER_WINS_WITH_6 = outcomeFromCards(CROWN_MELBOURNE_RAPID_ATS, ['2H', '3S', '9C'], ['6D', 'KC']);
  /** Player stands on 6, Banker stands on 7. */
  const BANKER_WINS_WITH_7 = outcomeFromCards(CROWN_MELBOURNE_RAPID_ATS, ['2H', '4S'], ['7D', 'KC']);

  const roundOf = (roundNumber: number, option: 'traditional' | 'crown', outcome: typeof BANKER_WINS_WITH_6) => {
    const roundId = `r${roundNumber}`;
    const settlements = settleAtsWagers([{ bet: 'banker', attemptedCents: 20_000, amountCents: 20_000 }], outcome, terms(option));
    const creditCents = settlements.reduce((a, s) => a + s.creditCents, 0);
    const at = `2026-03-02T01:${String(roundNumber).padStart(2, '0')}:00.000Z`;
    return [
      { type: 'AtsWagersSettled', data: { accountId: `acc-${roundNumber}`, tableId: RAPID_TABLE, roundId, roundNumber, outcome, settlements, stakedCents: 20_000, creditCents, movementCents: creditCents, balanceAfterCents: creditCents, settledAt: at, clause: 'Rapid 4.8' } },
      { type: 'RapidRoundSettled', data: { tableId: RAPID_TABLE, roundId, roundNumber, outcome, stakedCents: 20_000, creditedCents: creditCents, houseNetCents: 20_000 - creditCents, accounts: [], settledAt: at, clause: 'Rapid 4.8' } },
    ];
  };

  it('Rapid 10.1 (Crown Baccarat), 4.8.2(a): a $200 Banker win with 6 at a Crown Baccarat table credits $300 and reports the $100 the house kept as its commission', () => {
    const rows = roundRows(numbered(rapidRecords([...roundOf(1, 'crown', BANKER_WINS_WITH_6), ...roundOf(2, 'crown', BANKER_WINS_WITH_7), ...roundOf(3, 'traditional', BANKER_WINS_WITH_6)])));
    expect(rows.map((r) => [r.round, r.creditedCents, r.commissionCents, r.houseNetCents])).toEqual([
      ['1', 30_000, 10_000, -10_000],
      // Crown Baccarat, not with 6: even money, no commission.
      ['2', 40_000, 0, -20_000],
      // Traditional Baccarat: 5% with 6 or not.
      ['3', 39_000, 1_000, -19_000],
    ]);
  });
});

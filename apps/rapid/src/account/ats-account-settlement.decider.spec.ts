import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import type { RapidTableTerms } from '@app/contracts';
import { outcomeFromCards } from '../table/rapid-table-outcome.decider';
import { TERMS } from '../test-support/rapid-fixtures';
import { settleAtsWagers } from './ats-account-settlement.decider';

const terms = (variant: 'traditional' | 'crown-baccarat'): RapidTableTerms => ({
  ...TERMS,
  variant,
  offeredBets: TERMS.offeredBets.map((b) => (b.bet === 'banker' ? { ...b, option: variant === 'crown-baccarat' ? 'crown' : 'traditional' } : b)),
});
const outcome = (playerCards: string[], bankerCards: string[]) => outcomeFromCards(CROWN_MELBOURNE_RAPID_ATS, playerCards, bankerCards);
/** Player draws a 9 to 4, Banker stands on 6: Banker wins with 6. */
const BANKER_WINS_WITH_6 = outcome(['2H', '3S', '9C'], ['6D', 'KC']);
/** Player stands on 6, Banker stands on 7. */
const BANKER_WINS_WITH_7 = outcome(['2H', '4S'], ['7D', 'KC']);
const banker = (amountCents: number) => [{ bet: 'banker' as const, attemptedCents: amountCents, amountCents }];

describe('Settling an ATS wager: the commission deducted before the credit (Rapid 4.8.2(a), 10.1)', () => {
  it("Rapid 10.1 (Crown Baccarat), 4.8.2(a): a Banker win with 6 is paid 1 to 1 less 50% commission ($100 pays $50): the $50 withheld is the commission deducted before the credit", () => {
    expect(BANKER_WINS_WITH_6).toMatchObject({ result: 'banker', bankerTotal: 6 });
    const [s] = settleAtsWagers(banker(10_000), BANKER_WINS_WITH_6, terms('crown-baccarat'));
    expect(s).toMatchObject({ bet: 'banker', option: 'crown', outcome: 'win', stakeReturnedCents: 10_000, winningsCents: 10_000, commissionCents: 5_000, creditCents: 15_000 });
    // To the cent, as the engine pays it: an odd wager's half is the player's (1 to 2 rounds the payout up).
    expect(settleAtsWagers(banker(10_001), BANKER_WINS_WITH_6, terms('crown-baccarat'))[0]).toMatchObject({ winningsCents: 10_001, commissionCents: 5_000, creditCents: 15_002 });
  });

  it("Rapid 10.1 (Crown Baccarat): a Banker win not with 6 is paid 1 to 1 with no commission", () => {
    expect(settleAtsWagers(banker(10_000), BANKER_WINS_WITH_7, terms('crown-baccarat'))[0]).toMatchObject({ winningsCents: 10_000, commissionCents: 0, creditCents: 20_000 });
  });

  it('Rapid 10.1 (Traditional Baccarat), 4.8.2(a): a Banker win, with 6 or not, is paid 1 to 1 less 5% commission', () => {
    for (const o of [BANKER_WINS_WITH_6, BANKER_WINS_WITH_7]) {
      expect(settleAtsWagers(banker(10_000), o, terms('traditional'))[0]).toMatchObject({ winningsCents: 10_000, commissionCents: 500, creditCents: 19_500 });
    }
  });
});

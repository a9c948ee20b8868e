import type { AccountRound } from './ats-account.events';
import { recognisedForCoup } from './ats-account.events';

const round = (over: Partial<AccountRound>): AccountRound => ({ roundId: 'R1', wagers: [], stakedCents: 2_000, heldCents: 10_000, status: 'settled', creditCents: 3_900, settlements: [], ...over });

describe("what an account's round counts for the coup in the round's totals", () => {
  it('Rapid 5.3.3: wagers below the permitted aggregate, returned, are not recognised for the coup: neither staked nor credited', () => {
    expect(recognisedForCoup(round({ status: 'returned', stakedCents: 2_000, creditCents: 2_000 }))).toEqual({ stakedCents: 0, creditedCents: 0 });
  });

  it('Rapid 5.3.3: wagers in aggregate less than the permitted aggregate are not recognised for the coup; at the aggregate they are', () => {
    expect(recognisedForCoup(round({ stakedCents: 2_000 }), 2_500)).toEqual({ stakedCents: 0, creditedCents: 0 });
    expect(recognisedForCoup(round({ stakedCents: 2_500 }), 2_500)).toEqual({ stakedCents: 2_500, creditedCents: 3_900 });
    expect(recognisedForCoup(round({ stakedCents: 2_000 }), null)).toEqual({ stakedCents: 2_000, creditedCents: 3_900 });
  });

  it('Rapid 4.8: settled wagers count as staked and as credited (a losing round credits nothing)', () => {
    expect(recognisedForCoup(round({}))).toEqual({ stakedCents: 2_000, creditedCents: 3_900 });
    expect(recognisedForCoup(round({ creditCents: 0 }))).toEqual({ stakedCents: 2_000, creditedCents: 0 });
  });

  it('Rapid 4.6, 4.7: wagers still on the layout, or no round at all, count for nothing yet', () => {
    expect(recognisedForCoup(round({ status: 'placed' }))).toBeNull();
    expect(recognisedForCoup(undefined)).toBeNull();
  });
});

import { deciderSpec } from '@app/testing';
import type { VoucherCommand } from './voucher-command.types';
import { voucherDecider } from './voucher.decider';
import type { VoucherEvent } from './voucher.events';
import { voucherView } from './voucher.view';

const spec = deciderSpec(voucherDecider);
const CLAUSE = "Star 2024 1.1 'Casino Promotional Token'";

const run = (...commands: VoucherCommand[]): VoucherEvent[] => {
  const events: VoucherEvent[] = [];
  for (const c of commands) events.push(...voucherDecider.decide(c, events.reduce(voucherDecider.evolve, voucherDecider.initialState())));
  return events;
};
const issue = (over: Partial<Extract<VoucherCommand, { type: 'IssueVoucher' }>> = {}): VoucherCommand => ({
  type: 'IssueVoucher',
  voucherId: 'V100',
  promotionId: 'winter',
  rulebookId: 'star-sydney-2024',
  valueCents: 5_000,
  conditions: { tableIds: ['T1'], bets: ['player', 'banker'], expiresAt: '2024-06-30T23:59:00+10:00', patronId: null },
  tokenAfterCoup: 'forfeited',
  now: '2024-06-01T09:00:00+10:00',
  ...over,
});
const exchange = (tableId = 'T1', now = '2024-06-05T20:00:00+10:00'): VoucherCommand => ({ type: 'ExchangeVoucher', tableId, box: 3, patronId: 'p1', now });
const wager = (over: Partial<Extract<VoucherCommand, { type: 'WagerToken' }>> = {}): VoucherCommand => ({ type: 'WagerToken', tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, now: '2024-06-05T20:01:00+10:00', ...over });
const settle = (outcome: 'win' | 'lose' | 'push' | 'void', winCents: number): VoucherCommand => ({
  type: 'SettleTokenWager',
  wagerId: 'token:V100:1',
  outcome,
  winCents,
  returnedCents: outcome === 'lose' ? 0 : 5_000,
  commissionImmediateCents: outcome === 'win' ? 250 : 0,
  commissionDeferredCents: 0,
  sourceEventId: 'ws-1',
  settledAt: '2024-06-05T20:02:00+10:00',
  now: '2024-06-05T20:02:01+10:00',
});

describe("Star 2024 1.1 'Casino Promotional Token': vouchers exchanged for tokens", () => {
  it('the dealer exchanges the voucher for tokens of its value, traceable to the voucher', () => {
    spec.given(run(issue())).when(exchange()).then([
      { type: 'PromotionalVoucherExchanged', voucherId: 'V100', promotionId: 'winter', tableId: 'T1', box: 3, patronId: 'p1', tokensCents: 5_000, exchangedAt: '2024-06-05T20:00:00+10:00', clause: CLAUSE },
    ]);
  });

  it('a voucher used twice is refused', () => {
    spec.given(run(issue(), exchange())).when(exchange()).thenThrows('VOUCHER_ALREADY_USED', CLAUSE);
  });

  it('an expired voucher is refused', () => {
    spec.given(run(issue())).when(exchange('T1', '2024-07-01T00:00:00+10:00')).thenThrows('VOUCHER_EXPIRED', CLAUSE);
  });

  it('a voucher at a table its conditions do not name is refused', () => {
    spec.given(run(issue())).when(exchange('T7')).thenThrows('VOUCHER_WRONG_TABLE', CLAUSE);
  });

  it('Star 2021 cites its own 1.1', () => {
    spec.given(run(issue({ rulebookId: 'star-sydney-2021' }))).when(exchange()).thenEvents((e) => expect(e[0].clause).toBe("Star 2021 1.1 'Casino Promotional Token'"));
  });
});

describe('token wagers through the tables service', () => {
  it('a token wager gets the wager id the dealer uses on the tables service, and only on bets the voucher allows', () => {
    spec.given(run(issue(), exchange())).when(wager()).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionalTokenWagered', wagerId: 'token:V100:1', coupId: 'c1', amountCents: 5_000 }));
    spec.given(run(issue(), exchange())).when(wager({ bet: 'tie' })).thenThrows('TOKEN_BET_NOT_ALLOWED');
    spec.given(run(issue(), exchange())).when(wager({ amountCents: 5_001 })).thenThrows('TOKENS_INSUFFICIENT');
    spec.given(run(issue())).when(wager()).thenThrows('VOUCHER_NOT_EXCHANGED');
  });

  it("the tables' accepted wager is matched by table, coup, box, bet and amount; a difference is flagged", () => {
    const placed = run(issue(), exchange(), wager());
    spec.given(placed).when({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ matches: true, mismatch: [] }));
    spec.given(placed).when({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 4, bet: 'banker', amountCents: 5_000, sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ matches: false, mismatch: ['box: recorded 3, tables 4'] }));
  });

  it('Star 2024 1.1, 5.2: a token stake the table took above the wager the desk registered is itemised with table, coup, box, bet and the excess', () => {
    const placed = run(issue(), exchange(), wager());
    spec.given(placed).when({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 7_500, sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ matches: false, recorded: true, box: 3, bet: 'banker', amountCents: 7_500, registeredAmountCents: 5_000, acceptedAt: '2024-06-05T20:01:01+10:00', mismatch: ['amountCents: recorded 5000, tables 7500'] }));
    // Below it, or at another box: what the table took, beside what was registered.
    spec.given(placed).when({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 4, bet: 'banker', amountCents: 2_000, sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ matches: false, recorded: true, box: 4, amountCents: 2_000, registeredAmountCents: 5_000 }));
  });

  it('Star 1.1, 5.2: a token wager whose coup took only a chip wager of its box, bet and amount is flagged once (table, coup, voucher, the chip wager), not matched', () => {
    const flag = { type: 'FlagUnmarkedTokenWager', wagerId: 'token:V100:1', tablesWagerId: 'tw-9', tableId: 'T1', coupId: 'c1', sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' } as const;
    spec.given(run(issue(), exchange(), wager())).when(flag).thenEvents((e) =>
      expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerUnmarked', voucherId: 'V100', wagerId: 'token:V100:1', tablesWagerId: 'tw-9', tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, tablesMedium: 'chips', clause: CLAUSE })]),
    );
    spec.given(run(issue(), exchange(), wager(), flag)).when(flag).thenEvents((e) => expect(e).toEqual([]));
    // Matched to a wager marked as a token: nothing to flag.
    const match = { type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, sourceEventId: 'wa-0', now: '2024-06-05T20:01:01+10:00' } as const;
    spec.given(run(issue(), exchange(), wager(), match)).when(flag).thenEvents((e) => expect(e).toEqual([]));
  });

  it('a winning token is paid its winnings in chips and, by default, forfeited after the coup: the stake is not returned in chips', () => {
    spec.given(run(issue(), exchange(), wager())).when(settle('win', 5_000)).thenEvents((e) =>
      expect(e[0]).toMatchObject({ outcome: 'win', grossWinCents: 5_000, commissionCents: 250, winningsInChipsCents: 4_750, stakeReturnedInChipsCents: 0, tablesReturnedCents: 5_000, token: 'forfeited', tokensInHandCents: 0 }),
    );
  });

  it('a promotion that returns tokens after the coup gives a winning token back to the player', () => {
    spec.given(run(issue({ tokenAfterCoup: 'returned' }), exchange(), wager())).when(settle('win', 4_750)).thenEvents((e) => expect(e[0]).toMatchObject({ token: 'returned-to-player', tokensInHandCents: 5_000 }));
  });

  it('a losing token is taken; a push leaves it with the player', () => {
    spec.given(run(issue(), exchange(), wager())).when(settle('lose', 0)).thenEvents((e) => expect(e[0]).toMatchObject({ token: 'forfeited', winningsInChipsCents: 0 }));
    spec.given(run(issue(), exchange(), wager())).when(settle('push', 0)).thenEvents((e) => expect(e[0]).toMatchObject({ token: 'returned-to-player', tokensInHandCents: 5_000 }));
  });

  it('a settled coup voided afterwards takes the chips back and returns the forfeited token to the player', () => {
    const reverse: VoucherCommand = { type: 'ReverseTokenWager', wagerId: 'token:V100:1', reason: 'fraud (Star 2024 14.4.2)', sourceEventId: 'cv-1', voidedAt: '2024-06-05T20:30:00+10:00', now: '2024-06-05T20:30:01+10:00' };
    spec.given(run(issue(), exchange(), wager(), settle('win', 4_750))).when(reverse).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionalTokenWagerReversed', winningsReversedCents: 4_500, token: 'returned-to-player', tokensInHandCents: 5_000 }));
    spec.given(run(issue(), exchange(), wager(), settle('win', 4_750), reverse)).when(reverse).then([]);
  });

  it('a redelivered settlement settles nothing twice', () => {
    spec.given(run(issue(), exchange(), wager(), settle('win', 4_750))).when(settle('win', 4_750)).then([]);
  });
});

describe("Star 1.1 'Casino Promotional Token' and 16.11: no voucher under a cancelled promotion", () => {
  it("Star 2024 1.1 'Casino Promotional Token': a voucher of a cancelled promotion is refused; a postponed one's is issued", () => {
    spec.given([]).when(issue({ promotionStatus: 'cancelled' })).thenThrows('PROMOTION_CANCELLED', CLAUSE);
    spec.given([]).when(issue({ promotionStatus: 'postponed' })).thenEvents((e) => expect(e[0].type).toBe('PromotionalVoucherIssued'));
  });
  it("Star 2024 16.11, 1.1 'Casino Promotional Token': a voucher issued before its promotion was cancelled is not exchanged for tokens after", () => {
    spec.given(run(issue())).when({ ...exchange(), promotionStatus: 'cancelled' } as VoucherCommand).thenThrows('PROMOTION_CANCELLED', CLAUSE);
    spec.given(run(issue())).when({ ...exchange(), promotionStatus: 'postponed' } as VoucherCommand).thenEvents((e) => expect(e[0].type).toBe('PromotionalVoucherExchanged'));
  });
});

describe("token wagers the table and the desk disagree on (Star 2024 1.1 'Casino Promotional Token')", () => {
  const placed = () => run(issue(), exchange(), wager());
  const match = (over: Partial<Extract<VoucherCommand, { type: 'MatchTokenWager' }>> = {}): VoucherCommand => ({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00', ...over });
  const release = (over: Partial<Extract<VoucherCommand, { type: 'ReleaseUnplayedTokenWager' }>> = {}): VoucherCommand => ({ type: 'ReleaseUnplayedTokenWager', wagerId: 'token:V100:1', tableId: 'T1', coupId: 'c1', sourceEventId: 'ws-1', now: '2024-06-05T20:02:00+10:00', ...over });

  it('Star 2024 1.1: a wager the tables took under a token id the desk never recorded is flagged, naming what the tables took', () => {
    spec.given(placed()).when(match({ wagerId: 'token:V100:7', bet: 'tie', amountCents: 50_000 })).thenEvents((e) =>
      expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerMatched', wagerId: 'token:V100:7', promotionId: 'winter', matches: false, mismatch: [expect.stringContaining('no token wager token:V100:7 was recorded')], clause: CLAUSE })]),
    );
  });

  it('Star 2024 1.1: a wager under a token id the desk never recorded says what the table took, to be itemised (box, bet, amount, when)', () => {
    spec.given(placed()).when(match({ wagerId: 'token:V100:7', box: 6, bet: 'tie', amountCents: 50_000 })).thenEvents((e) =>
      expect(e[0]).toMatchObject({ recorded: false, tableId: 'T1', coupId: 'c1', box: 6, bet: 'tie', amountCents: 50_000, acceptedAt: '2024-06-05T20:01:01+10:00' }),
    );
  });

  it('Star 2024 1.1: a token wager the table never took gives its tokens back when its coup ends, once, and is no longer matched', () => {
    spec.given(placed()).when(release()).thenEvents((e, after) => {
      expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerReleased', wagerId: 'token:V100:1', amountCents: 5_000, tokensInHandCents: 5_000, clause: CLAUSE })]);
      expect(after.tokensInHandCents).toBe(5_000);
    });
    const released = run(issue(), exchange(), wager(), release());
    spec.given(released).when(release()).then([]);
  });

  it('Star 2024 1.1, 5.2: a token wager the table took, or played unmarked, or of another coup keeps its tokens staked', () => {
    spec.given(run(issue(), exchange(), wager(), match())).when(release()).then([]);
    spec.given(run(issue(), exchange(), wager(), { type: 'FlagUnmarkedTokenWager', wagerId: 'token:V100:1', tablesWagerId: 'w-chips', tableId: 'T1', coupId: 'c1', sourceEventId: 'wa-1', now: '2024-06-05T20:01:01+10:00' })).when(release()).then([]);
    spec.given(placed()).when(release({ coupId: 'c2' })).then([]);
  });

  it('Star 2024 1.1: a supervisor releases a token wager whose coup was never dealt, with the reason; one the table took is refused, saying why', () => {
    const byHand: VoucherCommand = { type: 'ReleaseUnplayedTokenWager', wagerId: 'token:V100:1', sourceEventId: null, reason: 'the coup was never dealt: shoe fault', now: '2024-06-05T21:00:00+10:00' };
    spec.given(placed()).when(byHand).thenEvents((e) => expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerReleased', tokensInHandCents: 5_000, reason: 'the coup was never dealt: shoe fault' })]));
    spec.given(run(issue(), exchange(), wager(), match())).when(byHand).thenThrows('TOKEN_WAGER_NOT_RELEASABLE', CLAUSE);
  });
});

describe("Star 1.1 'Casino Promotional Token': the same tokens are staked once (a release while the coup can still take the wager)", () => {
  const match = (): VoucherCommand => ({ type: 'MatchTokenWager', wagerId: 'token:V100:1', tablesWagerId: null, tableId: 'T1', coupId: 'c1', box: 3, bet: 'banker', amountCents: 5_000, sourceEventId: 'wa-1', now: '2024-06-05T20:03:00+10:00' });
  const byHand = (coupAtTable?: 'never-heard' | 'taking-wagers' | 'ended'): VoucherCommand => ({ type: 'ReleaseUnplayedTokenWager', wagerId: 'token:V100:1', sourceEventId: null, reason: 'player left', coupAtTable, now: '2024-06-05T20:02:00+10:00' });

  it('Star 2024 1.1: a supervisor release is refused 409 while the coup is taking wagers, naming the clause and when it can be released; allowed once the coup ended or was voided, or when the table never started it', () => {
    const error = spec.given(run(issue(), exchange(), wager())).when(byHand('taking-wagers')).thenThrows('TOKEN_WAGER_COUP_IN_PLAY', CLAUSE);
    expect(error.message).toMatch(/coup c1 at T1/);
    expect(error.message).toMatch(/ended or (was|is) voided/);
    expect(error.message).toMatch(/never (started|dealt)/);
    for (const heard of ['never-heard', 'ended'] as const) {
      spec.given(run(issue(), exchange(), wager())).when(byHand(heard)).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionalTokenWagerReleased' }));
    }
  });

  it('Star 2024 1.1: a table taking a released token wager is flagged (token-wager-after-release), itemised as unregistered, and the tokens are not credited twice', () => {
    const released = run(issue(), exchange(), wager(), byHand('never-heard'));
    spec.given(released).when(match()).thenEvents((e, after) => {
      expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerMatched', matches: false, recorded: false, afterRelease: true, box: 3, bet: 'banker', amountCents: 5_000, clause: CLAUSE })]);
      // The release's tokens are on the table again, not in hand.
      expect(after.tokensInHandCents).toBe(0);
    });
    const taken = run(issue(), exchange(), wager(), byHand('never-heard'), match());
    spec.given(taken).when(settle('win', 5_000)).thenEvents((e, after) => {
      expect(e[0]).toMatchObject({ type: 'PromotionalTokenWagerSettled', afterRelease: true, token: 'forfeited', tokensInHandCents: 0, winningsInChipsCents: 4_750 });
      expect(after.tokensInHandCents).toBe(0);
    });
    const view = voucherView(run(issue(), exchange(), wager(), byHand('never-heard'), match(), settle('win', 5_000)).reduce(voucherDecider.evolve, voucherDecider.initialState()), 6);
    expect(view.tokensInHandCents).toBe(0);
    expect(view.attention).toEqual([expect.objectContaining({ kind: 'token-wager-after-release', wagerId: 'token:V100:1', tableId: 'T1', coupId: 'c1', amountCents: 5_000 })]);
  });
});

describe("Star 1.1 'Casino Promotional Token': a voucher expired when issued", () => {
  it("Star 2024 1.1 'Casino Promotional Token': conditions.expiresAt at or before the issue is refused naming conditions.expiresAt; a minute after is issued", () => {
    for (const expiresAt of ['2024-05-31T23:59:00+10:00', '2024-06-01T09:00:00+10:00', '2024-05-31T23:00:00Z']) {
      const error = spec.given([]).when(issue({ conditions: { tableIds: ['T1'], bets: [], expiresAt, patronId: null } })).thenThrows('VOUCHER_EXPIRES_BEFORE_ISSUE', CLAUSE);
      expect(error.field).toBe('conditions.expiresAt');
    }
    spec.given([]).when(issue({ conditions: { tableIds: ['T1'], bets: [], expiresAt: '2024-06-01T09:01:00+10:00', patronId: null } })).thenEvents((e) => expect(e[0].type).toBe('PromotionalVoucherIssued'));
  });
});

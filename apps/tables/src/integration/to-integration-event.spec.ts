import type { SourceEvent } from '@app/contracts';
import { AREA_MANAGER, CROWN_LIMITS, DEALER, HASH, SUPERVISOR, T0, deal, openCrown, openStar, play, readyShoe, tournamentSession } from '../table/table-fixtures';
import type { TableCommand } from '../table/table.decider';
import type { TableEvent } from '../table/table.events';
import { toIntegrationEvent } from './to-integration-event';

/** A stored event as the relay reads it. */
const stored = (e: TableEvent, version: number): SourceEvent => ({
  eventId: `ev-${version}`,
  type: e.type,
  schemaVersion: 1,
  data: e as unknown as Record<string, unknown>,
  metadata: { actor: DEALER, commandId: `cmd-${version}`, correlationId: `cmd-${version}`, causationId: null, rulebookVersion: 'crown-melbourne-v29' },
  occurredAt: T0,
  streamId: 'table-T1',
  streamType: 'table',
  version,
  global: { transactionId: '1', position: String(version) },
});
const publish = (events: readonly TableEvent[]) => events.map((e, i) => toIntegrationEvent(stored(e, i + 1))).filter((x) => x !== null);

describe('tables integration events: the shoe', () => {
  const events = play([openCrown(), ...readyShoe('shoe-1', 20)]);

  it('publishes ShoeStarted version 2, without the cut that has not happened yet', () => {
    const started = publish(events).find((e) => e.type === 'ShoeStarted')!;
    expect(started.version).toBe(2);
    expect(started.data).toEqual({ tableId: 'T1', shoeId: 'shoe-1', decks: 8, commitmentHash: HASH, commissionOverride: null, startedAt: T0 });
  });

  it('publishes the cut as ShoeCut: who cut, the cutter kind, the cutting card placement and the clause (Crown Melbourne 4.2)', () => {
    const published = publish(events);
    expect(published.map((e) => e.type)).toEqual(['TableOpened', 'ShoeStarted', 'ShoeCut']);
    expect(published[2]).toMatchObject({
      type: 'ShoeCut',
      version: 1,
      data: { tableId: 'T1', shoeId: 'shoe-1', cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 20, clause: 'Crown Melbourne 4.2', cutAt: T0 },
    });
  });
});

describe('tables integration events: closing, limits, commission, voids, irregularities and corrections', () => {
  const bankerWin = (coupId: string): TableCommand[] => [
    { type: 'StartCoup', actor: DEALER, now: T0, coupId },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents: 10000 }] },
    ...deal(coupId, ['2H', '9C', '3D', 'KS']),
  ];
  const lowered = { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, player: { minimumCents: 1000, maximumCents: 500000 } } };
  const crown = play([
    openCrown(),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
    { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
    { type: 'ChangeLimits', actor: AREA_MANAGER, now: T0, next: lowered },
    ...readyShoe(),
    ...bankerWin('c1'),
    { type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'a brawl at the table' },
    ...bankerWin('c2'),
    { type: 'SettleCommission', actor: DEALER, now: T0, box: 1, trigger: 'player-request', method: 'collected' },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c3' },
    { type: 'RecordIrregularity', actor: SUPERVISOR, now: T0, kind: 'foreign-card', card: 'AS' },
    { type: 'LeaveSeat', actor: DEALER, now: T0, box: 1 },
    { type: 'CloseTable', actor: SUPERVISOR, now: T0, reason: 'end of session' },
  ]);
  const star = play([
    openStar(),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'bo', patronId: 'patron-bo' },
    ...readyShoe(),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 's1' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 's1', wagers: [{ wagerId: 's1-w1', box: 1, bet: 'player', amountCents: 200000 }] },
    ...deal('s1', ['9H', '2C', 'KD', '3S']),
    { type: 'CorrectPayment', actor: SUPERVISOR, now: T0, coupId: 's1', wagerId: 's1-w1', kind: 'overpayment', amountCents: 150000, reason: 'paid twice' },
  ]);
  const published = [...publish(crown), ...publish(star)];
  const one = (type: string) => published.filter((e) => e.type === type);

  it('publishes the limits changed, the commission collected, the end of the shoe and the closure', () => {
    expect(one('TableLimitsChanged')).toMatchObject([{ version: 1, data: { tableId: 'T1', next: lowered, noticeGivenAt: T0, effectiveAt: T0 } }]);
    expect(one('CommissionSettled')).toMatchObject([{ data: { box: 1, patronId: 'patron-ann', amountCents: 500, method: 'collected', trigger: 'player-request' } }]);
    expect(one('ShoeEnded').map((e) => e.data.reason)).toEqual(['abnormal-sequence']);
    expect(one('TableClosed')).toMatchObject([{ data: { tableId: 'T1', reason: 'end of session' } }]);
  });

  it('publishes a void of a settled coup with the settlements it undoes (CoupVoided version 2), and the void the foreign card caused', () => {
    const voids = one('CoupVoided');
    expect(voids.map((e) => [e.version, e.data.coupId, e.data.returnedWagerIds])).toEqual([
      [2, 'c1', ['c1-w1']],
      [2, 'c3', []],
    ]);
    expect(voids[0].data.reversedSettlements).toEqual([expect.objectContaining({ wagerId: 'c1-w1', outcome: 'win', winCents: 10000, commissionDeferredCents: 500 })]);
    expect(voids[1].data.reversedSettlements).toEqual([]);
    expect(one('IrregularityRecorded')).toMatchObject([{ data: { kind: 'foreign-card', card: 'AS', coupId: 'c3' } }]);
  });

  it('publishes a payment correction with how it was found (PaymentCorrected version 2; Star 2024 12.18-12.20)', () => {
    expect(one('PaymentCorrected')).toMatchObject([
      { version: 2, data: { coupId: 's1', wagerId: 's1-w1', kind: 'overpayment', amountCents: 150000, patronId: 'patron-bo', reportable: true, reason: 'paid twice' } },
    ]);
  });
});

describe('tables integration events: the clause a decision was taken under travels with it', () => {
  it('publishes a dummy coup with the clause it rests on, so reporting never guesses it (CoupStarted version 2; Crown Melbourne 7.4; 10.8.1)', () => {
    const events = play([openCrown(), ...readyShoe(), { type: 'StartCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', dummy: true }]);
    const started = publish(events).find((e) => e.type === 'CoupStarted')!;
    expect(started).toMatchObject({ version: 2, data: { coupId: 'c1', dummy: true, clause: 'Crown Melbourne 7.4; 10.8.1' } });
  });

  it('publishes the Star no bet coup with its own ground (Star 2024 7.4)', () => {
    const events = play([openStar(), ...readyShoe(), { type: 'StartCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', dummy: true, noBetCoupNotice: 'marker' }]);
    expect(publish(events).find((e) => e.type === 'CoupStarted')!.data).toMatchObject({ dummy: true, clause: 'Star 2024 7.4 (marker on the layout)' });
  });

  it('publishes an ordinary coup with no clause, and a table moving to a newly effective rulebook (TableRulebookChanged)', () => {
    const events = play([openStar({ rulebookId: 'star-sydney-2021', now: '2024-05-15T10:00:00.000Z' }), { type: 'StartShoe', actor: DEALER, now: '2024-05-16T02:00:00.000Z', shoeId: 's2', cards: 'new', commitmentHash: HASH }]);
    const published = publish(events);
    expect(published.map((e) => e.type)).toEqual(['TableOpened', 'TableRulebookChanged', 'ShoeStarted']);
    expect(published[1]).toMatchObject({ version: 1, data: { shoeId: 's2', previousRulebookId: 'star-sydney-2021', rulebookId: 'star-sydney-2024', effectiveFrom: '2024-05-16' } });
  });

  it('publishes a deferred commission settled with its clause (CommissionSettled version 2; Crown Melbourne 9.3.1(a)(ii))', () => {
    const events = play([
      openCrown(),
      { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 's1', patronId: 'p1' },
      { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
      ...readyShoe(),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'b', box: 1, bet: 'banker', amountCents: 10000 }] },
      ...deal('c1', ['2H', '9C', '3D', 'KS']),
      { type: 'LeaveSeat', actor: DEALER, now: T0, box: 1 },
    ]);
    expect(publish(events).find((e) => e.type === 'CommissionSettled')).toMatchObject({ version: 2, data: { amountCents: 500, clause: 'Crown Melbourne 9.3.1(a)(ii)' } });
  });
});

describe('tables integration events: what is money, and the kind of play, travel on the contract', () => {
  const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `s-${box}`, patronId: `patron-${box}` });
  const TIE = ['8H', '8C', 'KD', 'QS'];
  /** One coup with a Tie and a Player wager at box 1 and 2, dealt a Tie, then voided after settlement (Crown Melbourne 15.5). */
  const coupAndVoid = (wagers: Extract<TableCommand, { type: 'PlaceWagers' }>['wagers']): TableCommand[] => [
    seat(1),
    seat(2),
    ...readyShoe(),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers },
    ...deal('c1', TIE),
    { type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'a brawl at the table' },
  ];
  const wagersOf = (tournament: boolean) => [
    { wagerId: 'w1', box: 1, bet: 'tie', amountCents: 1000 },
    { wagerId: 'w2', box: 2, bet: 'player', amountCents: tournament ? 1000 : 2500 },
  ];
  const zeroCommission = openCrown({
    tournamentId: 'spring-cup',
    variant: 'zero-commission',
    offeredBets: [
      { bet: 'player', option: 'standard' },
      { bet: 'banker', option: 'zero-commission' },
      { bet: 'tie', option: 'standard' },
    ],
    limits: { perBet: { player: { minimumCents: 500, maximumCents: 50000 }, banker: { minimumCents: 500, maximumCents: 50000 }, tie: { minimumCents: 500, maximumCents: 5000 } } },
  });
  const data = (published: ReturnType<typeof publish>, type: string) => published.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);
  /** Every wager on the money events: accepted, settled, the settlements a void undoes, and the Tie wagers of a completed coup. */
  const wagersOn = (published: ReturnType<typeof publish>) => [
    ...data(published, 'WagersAccepted').flatMap((d) => d.wagers as Record<string, unknown>[]),
    ...data(published, 'WagersSettled').flatMap((d) => d.settlements as Record<string, unknown>[]),
    ...data(published, 'CoupVoided').flatMap((d) => d.reversedSettlements as Record<string, unknown>[]),
    ...data(published, 'CoupCompleted').flatMap((d) => d.tieWagers as Record<string, unknown>[]),
  ];

  it("carries every wager's medium on WagersAccepted, WagersSettled, CoupVoided's reversed settlements and CoupCompleted's Tie wagers: tournament chips at a tournament table (Crown Melbourne 14.4.4(a); Star 2024 15.1.1)", () => {
    const tournament = wagersOn(publish(play([zeroCommission, tournamentSession('spring-cup', [1, 2]), ...coupAndVoid(wagersOf(true))])));
    expect(tournament).toHaveLength(2 + 2 + 2 + 1);
    for (const w of tournament) expect(w).toMatchObject({ medium: 'tournament-chips' });
    const cash = wagersOn(publish(play([openCrown(), ...coupAndVoid(wagersOf(false))])));
    expect(cash).toHaveLength(7);
    for (const w of cash) expect(w).toMatchObject({ medium: 'chips' });
  });

  it('carries a promotional token wager as a token on every money event (Star 2024 1.1, 5.2)', () => {
    const wagers = [
      { wagerId: 'token:V-9:1', box: 1, bet: 'tie', amountCents: 1000 },
      { wagerId: 'w2', box: 2, bet: 'player', amountCents: 2500 },
    ];
    const onWagers = wagersOn(publish(play([openStar(), ...coupAndVoid(wagers)])));
    expect(onWagers.filter((w) => w.wagerId === 'token:V-9:1').map((w) => w.medium)).toEqual(['promotional-token', 'promotional-token', 'promotional-token', 'promotional-token']);
    expect(onWagers.filter((w) => w.wagerId === 'w2').map((w) => w.medium)).toEqual(['chips', 'chips', 'chips']);
  });

  it('names the tournament on every money event of a table in tournament mode, and on none of a table open for cash play (Crown Melbourne 14.2.5)', () => {
    const tournament = publish(play([zeroCommission, tournamentSession('spring-cup', [1, 2]), ...coupAndVoid(wagersOf(true)), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c2' }]));
    const types = ['CoupStarted', 'WagersAccepted', 'CoupCompleted', 'WagersSettled', 'CoupVoided'];
    for (const type of types) {
      const ofType = data(tournament, type);
      expect(ofType.length).toBeGreaterThan(0);
      for (const d of ofType) expect(d).toMatchObject({ tournamentId: 'spring-cup' });
    }
    const cash = publish(play([openCrown(), ...coupAndVoid(wagersOf(false))]));
    for (const e of cash) expect(e.data).not.toHaveProperty('tournamentId');
  });
});

describe('tables integration events: the game in play changes', () => {
  const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
  const sides = openCrown({
    offeredBets: [...openCrown().offeredBets, { bet: 'super-6', option: '15' }],
    limits: { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, 'super-6': { minimumCents: 500, maximumCents: 20000 } } },
  });
  // Super 6 at 16 to 1 instead of 15 (Crown Melbourne Table 15).
  const optionTwo = sides.offeredBets.map((b) => (b.bet === 'super-6' ? { ...b, option: '16' } : b));

  it("publishes a change of pay-table option as TableGameChanged, with the rulebook's clause and the time it took effect (Crown Melbourne (no provision): an area manager's change)", () => {
    const published = publish(play([sides, { type: 'ChangeGame', actor: AREA_MANAGER, now: at(5), variant: 'traditional', offeredBets: optionTwo }]));
    expect(published.map((e) => e.type)).toEqual(['TableOpened', 'TableGameChanged']);
    expect(published[1]).toMatchObject({ version: 1, data: { tableId: 'T1', previousVariant: 'traditional', variant: 'traditional', offeredBets: optionTwo, clause: 'Crown Melbourne (no provision)', effectiveAt: at(5) } });
  });

  it('Star 2024 14.8: a change announced with players seated is published when it takes effect, not when the sign goes up', () => {
    const even = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'tie', option: 'standard' }, { bet: 'pairs', option: 'standard' }];
    const published = publish(play([
      openStar(),
      { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 's1', patronId: 'p1' },
      { type: 'ChangeGame', actor: AREA_MANAGER, now: at(1), variant: 'even-money', offeredBets: even },
      { type: 'ApplyGameChange', actor: AREA_MANAGER, now: at(21) },
    ]));
    expect(published.map((e) => e.type)).toEqual(['TableOpened', 'TableGameChanged']);
    expect(published[1].data).toMatchObject({ previousVariant: 'traditional', variant: 'even-money', offeredBets: even, clause: 'Star 2024 14.8', effectiveAt: at(21) });
  });
});

describe('tables integration events: a wager the player changed after no more bets', () => {
  const change = (wagerId: string, toCents: number): TableCommand => ({ type: 'ChangeWager', actor: SUPERVISOR, now: T0, coupId: 'c1', wagerId, toCents, ground: 'wrong-delivery' });
  const published = publish(play([
    openCrown(),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 2, sessionId: 'bo', patronId: 'patron-bo' },
    ...readyShoe(),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'p', box: 1, bet: 'player', amountCents: 10000 }, { wagerId: 'b', box: 2, bet: 'banker', amountCents: 10000 }] },
    ...deal('c1', ['9H', '2C']),
    change('p', 5000),
    change('b', 0),
    ...deal('c1', ['KD', '3S']),
  ]));

  it('Crown Melbourne 10.7(b): publishes a player\'s reduction (WagerReduced) and retraction (WagerRetracted), and settles the reduced wager on what stood (inPlayCents)', () => {
    expect(published.filter((e) => e.type === 'WagerReduced')).toEqual([
      expect.objectContaining({ version: 1, data: { tableId: 'T1', coupId: 'c1', wagerId: 'p', box: 1, fromCents: 10000, toCents: 5000, clause: 'Crown Melbourne 10.7(b)', reducedAt: T0 } }),
    ]);
    expect(published.filter((e) => e.type === 'WagerRetracted')).toMatchObject([{ data: { wagerId: 'b', amountCents: 10000, clause: 'Crown Melbourne 10.7(b)' } }]);
    const settled = published.filter((e) => e.type === 'WagersSettled').flatMap((e) => e.data.settlements as { wagerId: string }[]);
    expect(settled.find((x) => x.wagerId === 'p')).toMatchObject({ outcome: 'win', winCents: 5000, inPlayCents: 5000 });
    expect(settled.find((x) => x.wagerId === 'b')).toMatchObject({ outcome: 'void', returnedCents: 10000 });
  });
});

describe('tables integration events: a wager under the minimum', () => {
  it('Crown Melbourne 6.3.1: carries on the accepted wager that it was under the minimum, warned or returned regardless of the result', () => {
    const under = (coupId: string): TableCommand[] => [
      { type: 'StartCoup', actor: DEALER, now: T0, coupId },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-u`, box: 1, bet: 'player', amountCents: 1000 }] },
      ...deal(coupId, ['9H', '2C', 'KD', '3S']),
    ];
    const published = publish(play([openCrown(), { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' }, ...readyShoe(), ...under('c1'), ...under('c2'), ...under('c3')]));
    const accepted = published.filter((e) => e.type === 'WagersAccepted').flatMap((e) => e.data.wagers as { wagerId: string; belowMinimum?: unknown }[]);
    expect(accepted.map((w) => [w.wagerId, w.belowMinimum])).toEqual([
      ['c1-u', { effect: 'warned', clause: 'Crown Melbourne 6.3.1' }],
      ['c2-u', { effect: 'returned', clause: 'Crown Melbourne 6.3.1' }],
      ['c3-u', { effect: 'returned', clause: 'Crown Melbourne 6.3.1' }],
    ]);
  });
});

describe('tables integration events: a wager under an individual limit', () => {
  it('Crown Melbourne 6.6: carries on the accepted wager the individual limit its player\'s wagers stand under; another box\'s wager carries none', () => {
    const published = publish(play([
      openCrown(),
      { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
      { type: 'SeatPlayer', actor: DEALER, now: T0, box: 2, sessionId: 'bo', patronId: 'patron-bo' },
      { type: 'SetIndividualLimit', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 2000000, minimumCents: 1000 },
      ...readyShoe(),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'over', box: 1, bet: 'banker', amountCents: 1000000 }, { wagerId: 'other', box: 2, bet: 'player', amountCents: 10000 }] },
    ]));
    const accepted = published.filter((e) => e.type === 'WagersAccepted').flatMap((e) => e.data.wagers as { wagerId: string; individualLimit?: unknown }[]);
    expect(accepted.map((w) => [w.wagerId, w.individualLimit])).toEqual([
      ['over', { maximumCents: 2000000, minimumCents: 1000, clause: 'Crown Melbourne 6.6' }],
      ['other', undefined],
    ]);
    expect(published.map((e) => e.type)).not.toContain('IndividualLimitSet');
  });
});

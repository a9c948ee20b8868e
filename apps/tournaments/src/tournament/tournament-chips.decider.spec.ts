import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, play, playerWins, settled, stateOf, wagers, scheduleFrom, ofType } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const buy = (entryId: string, kind: 're-buy' | 'add-on', feePaidCents: number, actor = DIRECTOR): TournamentCommand => ({ type: 'BuyChips', actor, now: T0, entryId, kind, feePaidCents });
const marker = (coupId: string, entryId: string, kind: 'all-in' | 'stand-off', bet: 'player' | 'banker' | 'tie' | null = null): TournamentCommand => ({
  type: 'PlayMarker',
  actor: DEALER,
  now: T0,
  tableId: 'T1',
  coupId,
  entryId,
  marker: kind,
  bet,
});
/** Every chip issued to the session is in play, with the house, or withdrawn, after every coup and purchase. */
const conserved = (events: readonly TournamentEvent[]) => {
  for (const e of ofType(events, 'TournamentCoupScored')) expect(e.chipsInPlayAfter + e.houseChipsAfter + e.withdrawnChipsAfter).toBe(e.issuedChips);
  const s = stateOf(events);
  const session = s.sessions[s.currentSessionId!];
  const inPlay = Object.values(session.players).reduce((a, p) => a + p.chips, 0);
  expect(inPlay + session.house + session.withdrawn).toBe(session.issued);
};

/** Re-buy $50 for 1 000 chips, add-on $20 for 500 chips, one buy-back, one of each marker per session. */
const buyTerms = (extra: Partial<TournamentTerms> = {}): TournamentTerms =>
  completeTerms({
    buyIns: { buyInCents: null, reBuyCents: 5_000, addOnCents: 2_000, reBuyChips: 1_000, addOnChips: 500 },
    buyBack: 'An eliminated player may buy back into the heat between coups for $50 (1 000 chips).',
    allInMarkers: { perSession: 1 },
    standOffMarkers: { perSession: 1 },
    reBuyMarkers: { perSession: 1 },
    ...extra,
  });
/** Six players at T1, 1 000 chips each, a pool of $500 added plus $600 of entry fees; a maximum wager of 1 000, so an All-In stakes the whole starting stack. */
const crownHeat = (extra: Partial<TournamentTerms> = {}) => heatUnderWay(6, 'crown-melbourne', buyTerms({ wagerLimits: { minimum: 10, maximum: 1_000 }, ...extra }));
const others = (net: number): [number, number, number][] => [2, 3, 4, 5, 6].map((b) => [b, 20, net]);
/** e1 goes All-In on Player and Banker wins: e1 is eliminated with no chips; the others win 19 on 20 at Banker. */
const e1AllInLoses = (coupId = 'c1'): TournamentCommand[] => [
  coupStarted(coupId),
  marker(coupId, 'e1', 'all-in', 'player'),
  wagers(coupId, [2, 3, 4, 5, 6].map((b) => [b, 20])),
  firstCard(coupId),
  bankerWins(coupId),
  settled(coupId, others(19)),
];

describe('Tournament chips after the starting allotment and markers (Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(e)-(g))', () => {
  it('plays an All-In marker as the whole stack on its bet, and eliminates the player who loses it (Crown Melbourne 14.4.4(e))', () => {
    const events = play(e1AllInLoses(), crownHeat());
    const line = ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1');
    expect(line).toMatchObject({ marker: 'all-in', wagered: 1_000, net: -1_000, chipsAfter: 0 });
    expect(ofType(events, 'TournamentCoupScored')[0].clause).toContain('Crown Melbourne 14.4.4(e)');
    expect(ofType(events, 'TournamentPlayersEliminated')[0].order).toEqual([{ entryId: 'e1', residualChips: 0, wagered: 1_000 }]);
    conserved(events);
  });

  it('Crown Melbourne 14.4.4(e) with 14.4.4(b): an All-In marker plays the stack up to the terms maximum wager, never more, and the line says the tournament settled it, not the table', () => {
    // 1 000 chips, terms maximum 500: the All-In on Banker plays 500; Banker wins 19 to 20.
    const events = play([coupStarted('c1'), marker('c1', 'e1', 'all-in', 'banker'), wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 20])), firstCard('c1'), bankerWins('c1'), settled('c1', others(19))], crownHeat({ wagerLimits: { minimum: 10, maximum: 500 } }));
    const line = ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')!;
    expect(line).toMatchObject({ marker: 'all-in', wagered: 500, net: 475, chipsAfter: 1_475, wagerAdjustment: 'capped-at-maximum' });
    expect(line.settledByTournament).toEqual([{ kind: 'all-in-marker', bet: 'banker', amount: 500, net: 475, clause: expect.stringContaining('Crown Melbourne 14.4.4(e); Crown Melbourne 14.4.4(b)') }]);
    // A stack within the maximum plays whole.
    const small = play(e1AllInLoses(), crownHeat({ wagerLimits: { minimum: 10, maximum: 5_000 } }));
    expect(ofType(small, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')).toMatchObject({ wagered: 1_000, net: -1_000, wagerAdjustment: null });
    conserved(events);
  });

  it('lets an eliminated player buy back the re-buy chips at the terms price, into the prize pool (Crown Melbourne 14.4.3(a)(iv), 14.4.7(a))', () => {
    const events = play([...e1AllInLoses(), buy('e1', 're-buy', 5_000)], crownHeat());
    const bought = ofType(events, 'TournamentChipsBought')[0];
    expect(bought).toMatchObject({ kind: 'buy-back', chips: 1_000, chipsAfter: 1_000, issuedChipsAfter: 7_000, feeCents: 5_000, prizePoolAfterCents: 50_000 + 60_000 + 5_000 });
    expect(bought.clause).toContain('14.4.3(a)(iv)');
    expect(bought.clause).toContain('14.4.7(a)');
    const s = stateOf(events);
    expect(s.sessions.h1.players.e1).toMatchObject({ status: 'playing', chips: 1_000 });
    expect(s.sessions.h1.eliminated).toEqual([]);
    expect(s.prizePoolCents).toBe(115_000);
    conserved(events);
  });

  it('refuses a buy-back the terms do not offer (Crown Melbourne 14.4.3(a)(iv))', () => {
    spec.given(play(e1AllInLoses(), crownHeat({ buyBack: null }))).when(buy('e1', 're-buy', 5_000)).thenThrows('BUY_BACK_NOT_OFFERED', 'Crown Melbourne 14.4.3(a)(iv)');
  });

  it('sells a re-buy in play only for a Re-Buy marker, one per marker (Crown Melbourne 14.4.4(g))', () => {
    const events = play([buy('e2', 're-buy', 5_000)], crownHeat());
    expect(ofType(events, 'TournamentChipsBought')[0]).toMatchObject({ kind: 're-buy', chipsAfter: 2_000, reBuyMarkersRemaining: 0 });
    conserved(events);
    spec.given(events).when(buy('e2', 're-buy', 5_000)).thenThrows('NO_RE_BUY_MARKERS_LEFT', 'Crown Melbourne 14.4.1(a)(ii); 14.4.4(g)');
  });

  it('sells an add-on at the terms price and chips; a wrong payment is refused naming the price (Crown Melbourne 14.4.1(a)(ii))', () => {
    const events = play([buy('e3', 'add-on', 2_000)], crownHeat());
    expect(ofType(events, 'TournamentChipsBought')[0]).toMatchObject({ kind: 'add-on', chips: 500, chipsAfter: 1_500, prizePoolAfterCents: 112_000 });
    conserved(events);
    spec.given(crownHeat()).when(buy('e3', 'add-on', 1_999)).thenThrows('CHIP_PURCHASE_FEE_INCORRECT', 'Crown Melbourne 14.4.1(a)(ii)');
    spec.given(crownHeat({ buyIns: { buyInCents: null, reBuyCents: 5_000, addOnCents: null } })).when(buy('e3', 'add-on', 2_000)).thenThrows('ADD_ON_NOT_OFFERED', 'Crown Melbourne 14.4.1(a)(ii)');
  });

  it('sells chips only between coups (Crown Melbourne 14.4.1(a)(ii))', () => {
    spec
      .given(play([coupStarted('c1')], crownHeat()))
      .when(buy('e3', 'add-on', 2_000))
      .thenThrows('COUP_IN_PROGRESS');
  });

  it('is the Tournament Director who sells chips, not a dealer (Crown Melbourne 14.2.3)', () => {
    spec.given(crownHeat()).when(buy('e3', 'add-on', 2_000, DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 14.2.3');
  });

  it('stands a Stand-Off marker player off a lost coup: no chips lost and the coup counted as wagered (Crown Melbourne 14.4.4(f))', () => {
    const events = play(
      [coupStarted('c1'), wagers('c1', [1, 2, 3, 4, 5, 6].map((b) => [b, 20])), marker('c1', 'e1', 'stand-off'), firstCard('c1'), playerWins('c1'), settled('c1', [[1, 20, -20], ...others(-20)])],
      crownHeat(),
    );
    const scored = ofType(events, 'TournamentCoupScored')[0];
    expect(scored.lines.find((l) => l.entryId === 'e1')).toMatchObject({ marker: 'stand-off', wagered: 20, net: 0, chipsAfter: 1_000 });
    expect(scored.lines.find((l) => l.entryId === 'e2')).toMatchObject({ net: -20, chipsAfter: 980 });
    expect(scored.clause).toContain('Crown Melbourne 14.4.4(f)');
    conserved(events);
  });

  it('refuses an All-In with chips already wagered, one without a bet, and a second marker on one coup (Crown Melbourne 14.4.4(e)-(f))', () => {
    spec.given(play([coupStarted('c1'), wagers('c1', [[1, 20]])], crownHeat())).when(marker('c1', 'e1', 'all-in', 'banker')).thenThrows('ALL_IN_WITH_WAGER', 'Crown Melbourne 14.4.4(e)');
    spec.given(play([coupStarted('c1')], crownHeat())).when(marker('c1', 'e1', 'all-in')).thenThrows('ALL_IN_BET_REQUIRED', 'Crown Melbourne 14.4.4(e)');
    const spent = play([...e1AllInLoses('c1'), coupStarted('c2')], crownHeat());
    spec.given(spent).when(marker('c2', 'e2', 'all-in', 'banker')).then([expect.objectContaining({ type: 'TournamentMarkerPlayed', remaining: 0 }) as unknown as TournamentEvent]);
    spec.given(play([marker('c2', 'e2', 'all-in', 'banker')], spent)).when(marker('c2', 'e2', 'stand-off')).thenThrows('MARKER_ALREADY_PLAYED');
  });

  it('Crown Melbourne 14.4.4(e): refuses an All-In marker once no more bets was called at the table, and after the first card, naming the coup (409, certain: no wait for the table)', () => {
    const noMoreBets: TournamentCommand = { type: 'NoteNoMoreBets', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1' };
    const closed = play([coupStarted('c1'), wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 20])), noMoreBets], crownHeat());
    spec.given(closed).when(marker('c1', 'e1', 'all-in', 'banker')).thenThrows('MARKER_AFTER_NO_MORE_BETS', 'Crown Melbourne 14.4.4(e)');
    spec.given(play([firstCard('c1')], closed)).when(marker('c1', 'e1', 'all-in', 'banker')).thenThrows('MARKER_AFTER_NO_MORE_BETS', 'Crown Melbourne 14.4.4(e)');
    spec.given(closed).when(marker('c1', 'e2', 'stand-off')).thenThrows('MARKER_AFTER_NO_MORE_BETS', 'Crown Melbourne 14.4.4(f)');
    let refusal: unknown;
    try {
      tournamentDecider.decide(marker('c1', 'e1', 'all-in', 'banker'), stateOf(closed));
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toMatchObject({ kind: 'conflict', retryLater: false });
    expect((refusal as Error).message).toContain('c1');
    // Before no more bets it is taken.
    spec.given(play([coupStarted('c1')], crownHeat())).when(marker('c1', 'e1', 'all-in', 'banker')).then([expect.objectContaining({ type: 'TournamentMarkerPlayed' }) as unknown as TournamentEvent]);
  });
});

describe.each([
  ['Star 2021', '2023-06-01T09:00:00.000Z'],
  ['Star 2024', '2026-03-01T09:00:00.000Z'],
])('%s chips after the allotment', (citation, startsAt) => {
  const starHeat = (extra: Partial<TournamentTerms> = {}) => heatUnderWay(6, 'the-star-sydney', buyTerms({ schedule: scheduleFrom(startsAt), startingChips: 100, wagerLimits: { minimum: 10, maximum: 100 }, ...extra }));
  /** e1 loses all 100 on Player; the others win 10 on Player. */
  const e1Busts = (): TournamentCommand[] => [
    coupStarted('c1'),
    wagers('c1', [[1, 100], ...[2, 3, 4, 5, 6].map((b): [number, number] => [b, 10])]),
    firstCard('c1'),
    bankerWins('c1'),
    settled('c1', [[1, 100, -100], ...[2, 3, 4, 5, 6].map((b): [number, number, number] => [b, 10, 9])]),
  ];

  it(`lets an eliminated player buy back where the terms offer it (${citation} 15.4.2(g)), the price into the pool (15.3.2)`, () => {
    const events = play([...e1Busts(), buy('e1', 're-buy', 5_000)], starHeat());
    const bought = ofType(events, 'TournamentChipsBought')[0];
    expect(bought).toMatchObject({ kind: 'buy-back', chipsAfter: 1_000, prizePoolAfterCents: 115_000 });
    expect(bought.clause).toBe(`${citation} 15.1.1 'buy-in'; 15.4.2(g); ${citation} 15.3.2`);
    conserved(events);
  });

  describe(`${citation} 15.3.4: on cancellation every fee a player paid into the pool is refunded to the entry that paid it`, () => {
    const cancel: TournamentCommand = { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' };
    const refundOf = (events: readonly TournamentEvent[]) => Object.fromEntries(ofType(events, 'TournamentCancelled')[0].refunds.map((r) => [r.entryId, r.refundCents]));

    it(`refunds a buy-back's price with the entry fee (${citation} 15.3.4; 15.3.2): the refunds add up to the fees collected`, () => {
      const events = play([...e1Busts(), buy('e1', 're-buy', 5_000), cancel], starHeat());
      expect(refundOf(events)).toEqual({ e1: 15_000, e2: 10_000, e3: 10_000, e4: 10_000, e5: 10_000, e6: 10_000 });
      // $500 added value is the casino's; the players paid $600 of entry fees and a $50 buy-back.
      expect(Object.values(refundOf(events)).reduce((a, b) => a + b, 0)).toBe(65_000);
      expect(stateOf(events).entries.e1.refundedCents).toBe(15_000);
    });

    it(`refunds each session's buy-in paid into the pool with the entry fee (${citation} 15.3.4; 15.6.2)`, () => {
      const events = play([cancel], starHeat({ buyIns: { buyInCents: 2_000, reBuyCents: 5_000, addOnCents: null, reBuyChips: 1_000 } }));
      expect(refundOf(events)).toEqual({ e1: 12_000, e2: 12_000, e3: 12_000, e4: 12_000, e5: 12_000, e6: 12_000 });
    });
  });

  it(`refuses a re-buy or an add-on to a player in play: chips grow only by winning wagers (${citation} 15.6.5)`, () => {
    spec.given(starHeat()).when(buy('e2', 're-buy', 5_000)).thenThrows('RE_BUY_IN_PLAY_NOT_PERMITTED', `${citation} 15.6.5`);
    spec.given(starHeat()).when(buy('e2', 'add-on', 2_000)).thenThrows('ADD_ON_NOT_PERMITTED', `${citation} 15.6.5`);
  });

  it(`has no All-In or Stand-Off markers (${citation} 15)`, () => {
    spec.given(play([coupStarted('c1')], starHeat())).when(marker('c1', 'e1', 'stand-off')).thenThrows('STAND_OFF_MARKERS_NOT_PROVIDED');
  });
});

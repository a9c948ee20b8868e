import type { TournamentCoupScored } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { deemUndisclosed } from './tournament-play.decider';
import {
  DEALER,
  DIRECTOR,
  SUPERVISOR,
  T0,
  bankerWins,
  completeTerms,
  crownTerms,
  coupStarted,
  enter,
  firstCard,
  heatUnderWay,
  play,
  playerWins,
  publish,
  settled,
  stateOf,
  tableOpened,
  wagers,
  ofType,
  startHeat,
} from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const pass = (coupId: string, entryId: string): TournamentCommand => ({ type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId, entryId });
const everyoneWagers = (coupId: string, boxes = [1, 2, 3, 4, 5, 6], amount = 10): TournamentCommand[] => [coupStarted(coupId), wagers(coupId, boxes.map((b) => [b, amount])), firstCard(coupId)];
/** A coup where every listed box bets `amount` on Banker and Banker wins (Star: 19 to 20). */
const bankerCoup = (coupId: string, boxes = [1, 2, 3, 4, 5, 6], amount = 20): TournamentCommand[] => [
  ...everyoneWagers(coupId, boxes, amount),
  bankerWins(coupId),
  settled(coupId, boxes.map((b) => [b, amount, (amount * 19) / 20])),
];
const conserved = (events: readonly TournamentEvent[]) => {
  for (const e of ofType(events, 'TournamentCoupScored')) expect(e.chipsInPlayAfter + e.houseChipsAfter + e.withdrawnChipsAfter).toBe(e.issuedChips);
  const s = stateOf(events);
  const session = s.sessions[s.currentSessionId!];
  const inPlay = Object.values(session.players).reduce((a, p) => a + p.chips, 0);
  expect(inPlay + session.house + session.withdrawn).toBe(session.issued);
};

describe('Tournament play', () => {
  describe('designated tables (Crown Melbourne 14.2.4-14.2.5)', () => {
    const withLimits = (tableId: string, minimum: number, maximum: number): TournamentCommand => ({
      ...tableOpened(tableId),
      limits: { perBet: ['player', 'banker', 'tie'].map((bet) => ({ bet, minimumCents: minimum, maximumCents: maximum })) },
    } as TournamentCommand);
    const designated = (operator: string) =>
      play([{ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T4'] }], heatUnderWay(6, operator));

    it("refuses readiness to a designated table of another casino: a Star tournament is played at The Star's tables (Star 2024 15.5.1; Crown Melbourne 14.2.4)", () => {
      const crownTable = { ...tableOpened('T4'), rulebookId: 'crown-melbourne-v29' } as TournamentCommand;
      spec.given(designated('the-star-sydney')).when(crownTable).thenEvents((events) => {
        expect(events).toEqual([expect.objectContaining({ type: 'TournamentTableMisused', tableId: 'T4', problem: 'table-of-another-casino' })]);
      });
      const starTable = { ...tableOpened('T4'), rulebookId: 'star-sydney-2024' } as TournamentCommand;
      spec.given(designated('the-star-sydney')).when(starTable).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentTableReady']));
    });

    it('flags a designated table whose limits differ from the terms minimum and maximum wager, and not one whose limits are the terms (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
      spec
        .given(designated('crown-melbourne'))
        .when(withLimits('T4', 10, 1_500))
        .thenEvents((events) => {
          expect(events.map((e) => e.type)).toEqual(['TournamentTableReady', 'TournamentTableMisused']);
          expect(events[1]).toMatchObject({
            problem: 'limits-differ-from-terms',
            limits: [
              { bet: 'player', minimum: 10, maximum: 1_500 },
              { bet: 'banker', minimum: 10, maximum: 1_500 },
              { bet: 'tie', minimum: 10, maximum: 1_500 },
            ],
            clause: 'Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g)',
          });
        });
      spec.given(designated('crown-melbourne')).when(withLimits('T4', 10, 500)).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentTableReady']));
    });

    it('flags a tournament table again whenever its limits change after it opened, to limits other than the terms (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
      const opened = play([withLimits('T4', 10, 500)], designated('crown-melbourne'));
      const changed = (minimum: number, maximum: number): TournamentCommand => ({
        type: 'NoteTableLimitsChanged',
        actor: SUPERVISOR,
        now: T0,
        tableId: 'T4',
        limits: { perBet: ['player', 'banker', 'tie'].map((bet) => ({ bet, minimumCents: minimum, maximumCents: maximum })) },
      });
      spec.given(opened).when(changed(10, 1_500)).thenEvents((events) => {
        expect(events.filter((e) => e.type === 'TournamentTableMisused')).toEqual([
          expect.objectContaining({ tableId: 'T4', problem: 'limits-differ-from-terms', limits: expect.arrayContaining([{ bet: 'banker', minimum: 10, maximum: 1_500 }]), clause: 'Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g)' }),
        ]);
      });
      // Changed back to the terms: nothing for the director.
      const raised = play([changed(10, 1_500)], opened);
      spec.given(raised).when(changed(10, 500)).thenEvents((events) => expect(events.filter((e) => e.type === 'TournamentTableMisused')).toEqual([]));
    });

    it('flags every tournament table whose limits differ from the terms once the terms are amended after it opened (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
      // Between sessions: the limits hold while a session is in play (Crown Melbourne 14.1; 14.4.4(b)).
      const opened = play([withLimits('T4', 10, 500), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], designated('crown-melbourne'));
      const amend = (minimum: number, maximum: number): TournamentCommand => ({ type: 'AmendTerms', actor: DIRECTOR, now: T0, terms: crownTerms({ wagerLimits: { minimum, maximum } }), reason: 'limits raised' });
      spec.given(opened).when(amend(20, 1_000)).thenEvents((events) => {
        expect(events.filter((e) => e.type === 'TournamentTableMisused')).toEqual([
          expect.objectContaining({ tableId: 'T4', problem: 'limits-differ-from-terms', limits: expect.arrayContaining([{ bet: 'player', minimum: 10, maximum: 500 }]), clause: 'Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g)' }),
        ]);
      });
    });

    it('scores the session within the limits it started with: an amendment of them while it is in play is refused (Crown Melbourne 14.1; 14.4.4(b))', () => {
      const running = heatUnderWay(6, 'crown-melbourne');
      spec.given(running).when({ type: 'AmendTerms', actor: DIRECTOR, now: T0, terms: crownTerms({ wagerLimits: { minimum: 20, maximum: 200 } }), reason: 'limits lowered' }).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.1; 14.4.4(b)');
      const session = stateOf(running).sessions.h1;
      expect([session.minimum, session.maximum]).toEqual([10, 500]);
    });

    it('flags a designated table whose minimum is above the terms minimum (Star 2024 15.6.14)', () => {
      spec
        .given(designated('the-star-sydney'))
        .when(withLimits('T4', 20, 500))
        .thenEvents((events) => expect(events[1]).toMatchObject({ type: 'TournamentTableMisused', problem: 'limits-differ-from-terms', clause: 'Star 2024 15.6.14' }));
    });

    describe.each([
      ['Star 2024 15.5.1-15.5.2', 'the-star-sydney', 'star-sydney-2024', 'crown-melbourne-v29'],
      ['Crown Melbourne 14.2.4-14.2.5', 'crown-melbourne', 'crown-melbourne-v29', 'star-sydney-2024'],
    ])('%s: the order of the requests does not matter (a table opened for the tournament, then designated)', (_clauses, operator, own, other) => {
      // Entries closed and players briefed; no table designated yet.
      const before = () => heatUnderWay(6, operator).filter((e) => e.type !== 'TournamentTablesDesignated' && e.type !== 'TournamentTableReady' && e.type !== 'TournamentSessionStarted');
      const designate = (tableIds: string[]): TournamentCommand => ({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds });
      const start = startHeat();
      const openedFirst = (rulebookId: string) => play([{ ...tableOpened('T1'), rulebookId, minimumChipCents: 5, limits: { perBet: ['player', 'banker', 'tie'].map((bet) => ({ bet, minimumCents: 10, maximumCents: 500 })) } } as TournamentCommand], before());

      it('the table opened in tournament mode first becomes ready when designated, with what it opened with, and the session starts there', () => {
        spec.given(openedFirst(own)).when(designate(['T1'])).thenEvents((events) => {
          expect(events.filter((e) => e.type === 'TournamentTableReady')).toEqual([expect.objectContaining({ tableId: 'T1', variant: 'traditional', minimumChip: 5, limits: expect.arrayContaining([{ bet: 'player', minimum: 10, maximum: 500 }]) })]);
        });
        const designated = play([designate(['T1'])], openedFirst(own));
        spec.given(designated).when(start).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
        // Designated first, then opened: the same.
        const other = play([designate(['T1']), { ...tableOpened('T1'), rulebookId: own } as TournamentCommand], before());
        spec.given(other).when(start).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
      });

      it("a table of another casino opened for it first is not made ready by the designation; a table opened for other play is not", () => {
        spec.given(openedFirst(other)).when(designate(['T1'])).thenEvents((events) => {
          expect(events.filter((e) => e.type === 'TournamentTableReady')).toEqual([]);
          expect(events).toContainEqual(expect.objectContaining({ type: 'TournamentTableMisused', tableId: 'T1', problem: 'table-of-another-casino' }));
        });
        const forOtherPlay = play([tableOpened('T1', false)], before());
        spec.given(forOtherPlay).when(designate(['T1'])).thenEvents((events) => expect(events.filter((e) => e.type === 'TournamentTableReady')).toEqual([]));
        spec.given(play([designate(['T1'])], forOtherPlay)).when(start).thenThrows('TABLE_NOT_READY');
      });
    });

    it('flags a designated table opened for other play during the tournament, and a table opened for the tournament that was never designated', () => {
      const given = heatUnderWay(6, 'crown-melbourne');
      spec.given(given).when(tableOpened('T1', false)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTableMisused', problem: 'designated-table-opened-for-other-play', clause: 'Crown Melbourne 14.2.5' }));
      spec.given(given).when(tableOpened('T9', true)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTableMisused', problem: 'table-not-designated', clause: 'Crown Melbourne 14.2.4' }));
    });

    it('starts play only once the Tournament Director has briefed the players on the terms (Crown Melbourne 14.3.1); the Star has no such rule', () => {
      const crown = heatUnderWay(6, 'crown-melbourne').filter((e) => e.type !== 'TournamentPlayersBriefed' && e.type !== 'TournamentSessionStarted');
      const start = startHeat();
      const refused = spec.given(crown).when(start).thenThrows('PLAYERS_NOT_BRIEFED', 'Crown Melbourne 14.3.1');
      expect(refused.message).toContain('e1, e2, e3, e4, e5, e6');
      const briefed = play([{ type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] }], crown);
      expect(ofType(briefed, 'TournamentPlayersBriefed').at(-1)).toMatchObject({ clause: 'Crown Melbourne 14.3.1' });
      spec.given(briefed).when(start).thenEvents((events) => expect(events[0].type).toBe('TournamentSessionStarted'));
      const star = heatUnderWay(6).filter((e) => e.type !== 'TournamentPlayersBriefed' && e.type !== 'TournamentSessionStarted');
      spec.given(star).when(start).thenEvents((events) => expect(events[0].type).toBe('TournamentSessionStarted'));
    });

    it('gives every player the same allotment of tournament chips (Star 2024 15.6.2; terms 15.4.2(b))', () => {
      const started = ofType(heatUnderWay(6), 'TournamentSessionStarted')[0];
      expect(started.seating.map((x) => x.chips)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000, 1_000]);
      expect(started).toMatchObject({ issuedChips: 6_000, passCards: 2, undisclosedWagers: 1, minimumWager: 10, maximumWager: 500 });
    });
  });

  describe('Star 2024 15.9 order of wagering', () => {
    it('puts the marker on box one for the first coup, box two for the second, and so on (15.9.2)', () => {
      const events = play([...bankerCoup('c1'), coupStarted('c2')], heatUnderWay(6));
      expect(ofType(events, 'TournamentCoupStarted').map((e) => [e.coupId, e.markerBox])).toEqual([
        ['c1', 1],
        ['c2', 2],
      ]);
    });

    it('flags a player who wagers before those ahead of them in the order (15.9.3-15.9.4)', () => {
      spec
        .given(play([coupStarted('c1')], heatUnderWay(6)))
        .when(wagers('c1', [[3, 10]]))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'WagerOutOfSequence', box: 3, expectedBox: 1, clause: 'Star 2024 15.9.4' }));
      spec.given(play([coupStarted('c1')], heatUnderWay(6))).when(wagers('c1', [[1, 10], [2, 10]])).thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([]));
    });
  });

  describe('Star 2024 15.9.5: once a box has wagered in turn and a later box has wagered, its wager may not be altered', () => {
    const withIds = (coupId: string, list: readonly [box: number, amount: number, wagerId: string][]): TournamentCommand => ({
      ...(wagers(coupId, []) as Extract<TournamentCommand, { type: 'NoteWagers' }>),
      wagers: list.map(([box, amount, wagerId]) => ({ box, amount, wagerId })),
    });

    it('finds a box adding to its wager after later boxes wagered out of sequence, names it for the table to return, and scores only the wager in turn (Star 2024 15.9.3, 15.9.5)', () => {
      const events = play(
        [coupStarted('c1'), withIds('c1', [[1, 10, 'w-1'], [2, 10, 'w-2'], [3, 10, 'w-3']]), withIds('c1', [[1, 490, 'w-1b']]), withIds('c1', [[4, 10, 'w-4'], [5, 10, 'w-5'], [6, 10, 'w-6']]), firstCard('c1'), playerWins('c1'), settled('c1', [1, 2, 3, 4, 5, 6].map((b) => [b, 10, 10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 1, amount: 490, wagerId: 'w-1b', clause: 'Star 2024 15.9.5' })]);
      expect(ofType(events, 'TableWagersNoted').flatMap((e) => e.wagers.map((w) => w.amount))).not.toContain(490);
      expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')).toMatchObject({ wagered: 10, net: 10 });
      conserved(events);
    });

    it('lets a box add to its wager while it is still its turn, before any later box wagered (Star 2024 15.9.3)', () => {
      spec
        .given(play([coupStarted('c1'), withIds('c1', [[1, 10, 'w-1']])], heatUnderWay(6)))
        .when(withIds('c1', [[1, 5, 'w-1b']]))
        .thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([]));
    });

    it('finds it in the second coup too, where the marker is on box 2 and box 1 wagers last (Star 2024 15.9.2, 15.9.5)', () => {
      const first = play(bankerCoup('c1'), heatUnderWay(6));
      spec
        .given(play([coupStarted('c2'), withIds('c2', [[2, 10, 'x-2'], [3, 10, 'x-3']])], first))
        .when(withIds('c2', [[2, 20, 'x-2b']]))
        .thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 2, wagerId: 'x-2b', clause: 'Star 2024 15.9.5' })]));
    });
  });

  describe('Star 2024 15.9.3-15.9.4: a wager out of sequence is removed and does not play', () => {
    const line = (events: readonly TournamentEvent[], entryId: string) => ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === entryId)!;

    it('scores only the wager placed in turn, not the one placed out of sequence (Star 2024 15.9.3-15.9.4)', () => {
      // Box 3 wagers 50 before boxes 1 and 2, is told to remove it (the table returns it), and wagers 10 in its turn.
      const events = play(
        [coupStarted('c1'), wagers('c1', [[3, 50]]), wagers('c1', [[1, 10], [2, 10], [3, 10], [4, 10], [5, 10], [6, 10]]), firstCard('c1'), bankerWins('c1'), settled('c1', [[1, 10, -10], [2, 10, -10], [3, 10, -10], [4, 10, -10], [5, 10, -10], [6, 10, -10]])],
        heatUnderWay(6),
      );
      expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 3, expectedBox: 1, amount: 50, clause: 'Star 2024 15.9.4' })]);
      expect(line(events, 'e3')).toMatchObject({ wagered: 10, net: -10, chipsAfter: 990 });
      conserved(events);
    });

    it('plays nothing of a wager out of sequence the player never places in turn, on the second coup too (Star 2024 15.9.2-15.9.4)', () => {
      // Second coup: the marker is on box 2, so box 1 wagers last; box 6 jumps in before box 5 with 40, then in its
      // turn plays a pass card instead (its removed wager is no turn taken: box 1 waits for it, 15.9.4).
      const first = play(bankerCoup('c1'), heatUnderWay(6));
      const events = play(
        [coupStarted('c2'), wagers('c2', [[2, 10], [3, 10], [4, 10], [6, 40], [5, 10]]), pass('c2', 'e6'), wagers('c2', [[1, 10]]), firstCard('c2'), playerWins('c2'), settled('c2', [[2, 10, 10], [3, 10, 10], [4, 10, 10], [5, 10, 10], [1, 10, 10]])],
        first,
      );
      expect(ofType(events, 'WagerOutOfSequence').filter((e) => e.coupId === 'c2')).toEqual([expect.objectContaining({ box: 6, expectedBox: 5, amount: 40 })]);
      const scored = ofType(events, 'TournamentCoupScored').find((e) => e.coupId === 'c2')!;
      expect(scored.lines.find((l) => l.entryId === 'e6')).toMatchObject({ wagered: 0, net: 0 });
      expect(scored.lines.find((l) => l.entryId === 'e1')).toMatchObject({ wagered: 10, net: 10 });
      conserved(events);
    });
  });

  describe('Star 2024 15.9.4: the tournament scores the wagers the table settled, as the table settled them', () => {
    const line = (events: readonly TournamentEvent[], entryId: string) => ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === entryId)!;
    const withIds = (coupId: string, list: readonly [box: number, amount: number, wagerId: string][]): TournamentCommand => ({
      ...(wagers(coupId, []) as Extract<TournamentCommand, { type: 'NoteWagers' }>),
      wagers: list.map(([box, amount, wagerId]) => ({ box, amount, wagerId })),
    });

    it('names the wager the table is to remove, so the table returns it rather than settling it (Star 2024 15.9.4)', () => {
      spec
        .given(play([coupStarted('c1')], heatUnderWay(6)))
        .when(withIds('c1', [[3, 10, 'w-3a']]))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'WagerOutOfSequence', box: 3, wagerId: 'w-3a', clause: 'Star 2024 15.9.4' }));
    });

    it('Star 2024 15.9.3-15.9.4: rules on every wager the table took, naming those in turn (WagersInTurn) as those out of sequence, which the table waits for before no more bets', () => {
      spec
        .given(play([coupStarted('c1')], heatUnderWay(6)))
        .when(withIds('c1', [[1, 10, 'w-1'], [3, 10, 'w-3'], [2, 10, 'w-2']]))
        .thenEvents((events) => {
          expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 3, wagerId: 'w-3', clause: 'Star 2024 15.9.4' })]);
          expect(ofType(events, 'WagersInTurn')).toEqual([expect.objectContaining({ tableId: 'T1', coupId: 'c1', wagerIds: ['w-1', 'w-2'], clause: 'Star 2024 15.9.2-15.9.3' })]);
        });
      // A coup the tournament does not play is not judged, and the table is not kept waiting.
      spec
        .given(heatUnderWay(6))
        .when(withIds('c9', [[4, 10, 'w-4']]))
        .thenEvents((events) => expect(events).toEqual([expect.objectContaining({ type: 'WagersInTurn', coupId: 'c9', wagerIds: ['w-4'] })]));
    });

    it('Star 2024 15.9.2-15.9.3: the session tells its tables it keeps an order of wagering, with the clauses, and a tournament without one says nothing', () => {
      const started = ofType(heatUnderWay(6), 'TournamentSessionStarted')[0];
      expect(started.orderOfWagering).toEqual({ clause: 'Star 2024 15.9.2-15.9.3', outOfSequenceClause: 'Star 2024 15.9.4' });
      const without = ofType(heatUnderWay(6, 'the-star-sydney', completeTerms({ orderOfWagering: false })), 'TournamentSessionStarted')[0];
      expect(without.orderOfWagering).toBeUndefined();
      expect(ofType(play([coupStarted('c1'), withIds('c1', [[3, 10, 'w-3']])], heatUnderWay(6, 'the-star-sydney', completeTerms({ orderOfWagering: false }))), 'WagersInTurn')).toEqual([]);
    });

    it('plays the wager placed again in turn for the same amount once the table returned the one out of sequence (Star 2024 15.9.4)', () => {
      // Box 3 wagers 10 before boxes 1 and 2; the table returns it; box 3 wagers 10 again in its turn; the table settles that one.
      const events = play(
        [coupStarted('c1'), withIds('c1', [[3, 10, 'w-3a']]), withIds('c1', [[1, 10, 'w-1'], [2, 10, 'w-2'], [3, 10, 'w-3b'], [4, 10, 'w-4'], [5, 10, 'w-5'], [6, 10, 'w-6']]), firstCard('c1'), bankerWins('c1'), settled('c1', [1, 2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      expect(line(events, 'e3')).toMatchObject({ wagered: 10, net: -10, chipsAfter: 990 });
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
      conserved(events);
    });

    it('scores a wager out of sequence the table settled because no more bets came before it could be removed: what the table paid or took is what the player has (Star 2024 15.9.4-15.9.5)', () => {
      const events = play(
        [coupStarted('c1'), withIds('c1', [[3, 40, 'w-3a']]), withIds('c1', [[1, 10, 'w-1'], [2, 10, 'w-2'], [4, 10, 'w-4'], [5, 10, 'w-5'], [6, 10, 'w-6']]), firstCard('c1'), playerWins('c1'), settled('c1', [[3, 40, 40], [1, 10, 10], [2, 10, 10], [4, 10, 10], [5, 10, 10], [6, 10, 10]])],
        heatUnderWay(6),
      );
      expect(line(events, 'e3')).toMatchObject({ wagered: 40, net: 40, chipsAfter: 1_040 });
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
      conserved(events);
    });
  });

  describe('Star 2024 15.9.3-15.9.5: an undisclosed wager follows the order of wagering as a chip wager does', () => {
    const undisclosed = (coupId: string, entryId: string): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: T0, tableId: 'T1', coupId, entryId, form: { bet: 'banker', amount: 100 } });
    /** Coup c2: the marker is on box 2, so boxes 3 to 6 wager next and box 1 last (15.9.2-15.9.3). */
    const secondCoup = (): TournamentEvent[] => play(bankerCoup('c1'), heatUnderWay(6));

    it('refuses the form of a box whose turn ended once a later box wagered, as a further chip wager is (Star 2024 15.9.5)', () => {
      spec.given(play([coupStarted('c2'), wagers('c2', [[2, 10], [3, 10]])], secondCoup())).when(undisclosed('c2', 'e2')).thenThrows('WAGER_ALTERED_AFTER_TURN', 'Star 2024 15.9.5');
    });

    it('refuses the form of a box ahead of its turn, as a chip wager out of sequence is removed (Star 2024 15.9.4)', () => {
      spec.given(play([coupStarted('c2')], secondCoup())).when(undisclosed('c2', 'e1')).thenThrows('WAGER_OUT_OF_SEQUENCE', 'Star 2024 15.9.4');
      spec.given(play([coupStarted('c2'), wagers('c2', [[2, 10]])], secondCoup())).when(undisclosed('c2', 'e4')).thenThrows('WAGER_OUT_OF_SEQUENCE', 'Star 2024 15.9.4');
    });

    it('records the form in its turn, and the box counts as having wagered for the boxes after it (Star 2024 15.9.3)', () => {
      const events = play([coupStarted('c2'), undisclosed('c2', 'e2'), wagers('c2', [[3, 10], [4, 10], [5, 10], [6, 10], [1, 10]])], secondCoup());
      expect(ofType(events, 'UndisclosedWagerRecorded').map((e) => e.entryId)).toEqual(['e2']);
      expect(ofType(events, 'WagerOutOfSequence')).toEqual([]);
    });
  });

  /** A table of four players in boxes 1 to 4 (the terms' minimum lowered to four). */
  const fourPlayers = (): TournamentEvent[] => heatUnderWay(4, 'the-star-sydney', completeTerms({ players: { minimum: 4, maximum: 18 } }));

  describe('Star 2024 15.9.3-15.9.4: a removed wager is not a turn taken: the player waits their turn and the others still wager in sequence', () => {
    const undisclosed = (coupId: string, entryId: string): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: T0, tableId: 'T1', coupId, entryId, form: { bet: 'banker', amount: 100 } });
    const outOfSequence = (events: readonly TournamentEvent[]) => ofType(events, 'WagerOutOfSequence').map((e) => [e.box, e.expectedBox, e.clause]);

    it('coup c1 (marker on box 1): box 2 removed, box 1 wagers, then box 3 is out of sequence because box 2 has not wagered in turn; box 2 then wagers in turn', () => {
      const events = play([coupStarted('c1'), wagers('c1', [[2, 10]]), wagers('c1', [[1, 10]]), wagers('c1', [[3, 10]]), wagers('c1', [[2, 10]])], fourPlayers());
      expect(outOfSequence(events)).toEqual([
        [2, 1, 'Star 2024 15.9.4'],
        [3, 2, 'Star 2024 15.9.4'],
      ]);
      expect(ofType(events, 'TableWagersNoted').flatMap((e) => e.wagers.map((w) => w.box))).toEqual([1, 2]);
    });

    it('coup c2 (marker on box 2): box 3 removed, box 2 wagers, then box 1 is out of sequence because box 3 has not wagered in turn; box 3 then wagers in turn', () => {
      const first = play(bankerCoup('c1', [1, 2, 3, 4]), fourPlayers());
      // Box 4's player is absent, so the order is boxes 2, 3, 1 (15.5.6: the others do not wait for an absent player).
      const absent: TournamentCommand = { type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e4', absent: true };
      const events = play([absent, coupStarted('c2'), wagers('c2', [[3, 10]]), wagers('c2', [[2, 10]]), wagers('c2', [[1, 10]]), wagers('c2', [[3, 10]])], first).filter((e) => !first.includes(e));
      expect(outOfSequence(events)).toEqual([
        [3, 2, 'Star 2024 15.9.4'],
        [1, 3, 'Star 2024 15.9.4'],
      ]);
      expect(ofType(events, 'TableWagersNoted').flatMap((e) => e.wagers.map((w) => w.box))).toEqual([2, 3]);
    });

    it('refuses the form of a box whose turn comes after a box whose wager was removed and that has not yet wagered in turn (one rule for chips and forms)', () => {
      spec.given(play([coupStarted('c1'), wagers('c1', [[2, 10]]), wagers('c1', [[1, 10]])], fourPlayers())).when(undisclosed('c1', 'e3')).thenThrows('WAGER_OUT_OF_SEQUENCE', 'Star 2024 15.9.4');
    });
  });

  describe('Star 2024 15.9.5 with 15.8.2: a form is the player\'s wager in turn; chips after it, or a form after their chips, alter that wager', () => {
    const undisclosed = (coupId: string, entryId: string): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: T0, tableId: 'T1', coupId, entryId, form: { bet: 'banker', amount: 100 } });
    /** Coup c3: the marker is on box 3, so boxes 4, 1 and 2 follow (15.9.2-15.9.3). */
    const thirdCoup = (): TournamentEvent[] => play([...bankerCoup('c1', [1, 2, 3, 4]), coupStarted('c2'), wagers('c2', [[2, 20], [3, 20], [4, 20], [1, 20]]), firstCard('c2'), bankerWins('c2'), settled('c2', [2, 3, 4, 1].map((b) => [b, 20, 19]) as [number, number, number][])], fourPlayers());

    it('removes the chips a box places after handing in its own form (15.9.5)', () => {
      const before = thirdCoup();
      const events = play([coupStarted('c3'), undisclosed('c3', 'e3'), wagers('c3', [[3, 10]])], before).filter((e) => !before.includes(e));
      expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 3, amount: 10, clause: 'Star 2024 15.9.5' })]);
      expect(ofType(events, 'TableWagersNoted')).toEqual([]);
    });

    it('refuses the form of a box that has made its chip wager in turn, though no later box has wagered yet (15.9.5)', () => {
      spec.given(play([coupStarted('c3'), undisclosed('c3', 'e3'), wagers('c3', [[4, 10], [1, 10]])], thirdCoup())).when(undisclosed('c3', 'e1')).thenThrows('WAGER_ALTERED_AFTER_TURN', 'Star 2024 15.9.5');
    });
  });

  describe("Star 2024 5.8 with 15.2.1: a Banker win the tournament prices itself is paid as the table pays it, to the next highest amount payable in the table's tournament chips", () => {
    /** The heat with T1's smallest tournament chip as the tables service published it (TableOpened.minimumChipCents). */
    const heatWithChip = (chip: number): TournamentEvent[] => {
      const base = heatUnderWay(6);
      const opened = { ...(tableOpened('T1') as Extract<TournamentCommand, { type: 'NoteTableOpened' }>), minimumChipCents: chip } as TournamentCommand;
      const ready = play([opened], base.filter((e) => !(e.type === 'TournamentTableReady' && e.tableId === 'T1'))).filter((e) => e.type === 'TournamentTableReady' && e.tableId === 'T1');
      return base.map((e) => (e.type === 'TournamentTableReady' && e.tableId === 'T1' ? ready[0] : e));
    };
    const undisclosedBanker = (amount: number): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1', form: { bet: 'banker', amount } });
    const coupWith = (amount: number, chip: number) =>
      play(
        [coupStarted('c1'), undisclosedBanker(amount), wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 10])), firstCard('c1'), bankerWins('c1'), settled('c1', [2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][])],
        heatWithChip(chip),
      );
    const e1 = (events: readonly TournamentEvent[]) => ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')!;

    it('pays 30 chips on a Banker win of 30 where the smallest chip is 5: 28.5 cannot be paid, 30 can (Star 2024 5.8; 11.1.3)', () => {
      const events = coupWith(30, 5);
      expect(ofType(events, 'TournamentTableReady').find((e) => e.tableId === 'T1')).toMatchObject({ minimumChip: 5 });
      expect(e1(events)).toMatchObject({ wagered: 30, net: 30 });
      conserved(events);
    });

    it('pays 29 on 30 and 10 on 10 where the smallest chip is 1, as the table does (Star 2024 5.8; 11.1.3)', () => {
      expect(e1(coupWith(30, 1))).toMatchObject({ wagered: 30, net: 29 });
      expect(e1(coupWith(10, 1))).toMatchObject({ wagered: 10, net: 10 });
    });

    it('Star 2024 11.1.3 with 15.6.14 and 5.8: the lines of one bet are one wager, re-priced on their total as played: 40, 40 and 25 on the Banker in chips of 5 (valid to 100) score +95 as the table settled them, not +96 with the 20 priced alone', () => {
      const banker = (amount: number, net: number) => ({ box: 1, amount, net, outcome: 'win', bet: 'banker', option: 'traditional' });
      const events = play(
        [
          coupStarted('c1'),
          wagers('c1', [[1, 40], [1, 40], [1, 25], ...[2, 3, 4, 5, 6].map((b): [number, number] => [b, 10])]),
          firstCard('c1'),
          bankerWins('c1'),
          // As the table settles them: 100 won 100, commission 5, apportioned 2, 2, 1 by what each piece played (40, 40, 20).
          { ...settled('c1', [2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][]), settlements: [banker(40, 38), banker(40, 38), banker(25, 19), ...[2, 3, 4, 5, 6].map((b) => ({ box: b, amount: 10, net: -10, outcome: 'lose' }))] } as TournamentCommand,
        ],
        heatWithChip(5),
      );
      expect(e1(events)).toMatchObject({ wagered: 100, net: 95, wagerAdjustment: 'incomplete-increment' });
      conserved(events);
    });
  });

  describe('Star 2024 15.6.4 and 15.7 minimum wager and pass cards', () => {
    it('disqualifies a player who neither wagers nor plays a pass card, without refund, chips to the inventory (15.6.4; 15.5.7)', () => {
      const events = play([coupStarted('c1'), wagers('c1', [[1, 10]]), pass('c1', 'e2'), wagers('c1', [3, 4, 5].map((b) => [b, 10])), bankerWins('c1'), settled('c1', [1, 3, 4, 5].map((b) => [b, 10, -10]) as [number, number, number][])], heatUnderWay(6));
      const dq = ofType(events, 'TournamentPlayerDisqualified');
      expect(dq).toHaveLength(1);
      expect(dq[0]).toMatchObject({ entryId: 'e6', reason: 'no-wager-without-pass-card', refundCents: 0, chipsWithdrawn: 1_000 });
      expect(dq[0].clause).toContain('Star 2024 15.6.4');
      conserved(events);
    });

    it('accepts a pass card in lieu of a wager, the same number per heat, and refuses one more (15.7.1)', () => {
      const events = play(
        [coupStarted('c1'), pass('c1', 'e1'), wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 10])), bankerWins('c1'), settled('c1', [2, 3, 4, 5, 6].map((b) => [b, 10, 9]) as [number, number, number][])],
        heatUnderWay(6),
      );
      expect(ofType(events, 'PassCardPlayed')[0]).toMatchObject({ entryId: 'e1', remaining: 1, clause: 'Star 2024 15.7.1' });
      const scored = ofType(events, 'TournamentCoupScored')[0];
      expect(scored.lines.find((l) => l.entryId === 'e1')).toMatchObject({ passCard: true, wagered: 0, chipsAfter: 1_000 });
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
      // c2: the marker is on box 2, so box 1 plays its pass card last, in its turn (15.9.3).
      const two = play([coupStarted('c2'), wagers('c2', [2, 3, 4, 5, 6].map((b) => [b, 10])), pass('c2', 'e1'), playerWins('c2'), settled('c2', [2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][]), coupStarted('c3')], events);
      spec.given(two).when(pass('c3', 'e1')).thenThrows('NO_PASS_CARDS_LEFT', 'Star 2024 15.7.1');
    });

    it('refuses a pass card from a player who has wagered (15.7.1: in lieu of a wager)', () => {
      spec.given(play([coupStarted('c1'), wagers('c1', [[1, 10]])], heatUnderWay(6))).when(pass('c1', 'e1')).thenThrows('PASS_CARD_WITH_WAGER');
    });

    it('does not disqualify for a missed coup where the rulebook leaves it to the terms (Crown Melbourne 14.4.4(b), 14.4.8(a))', () => {
      const events = play([coupStarted('c1'), wagers('c1', [1, 2, 3, 4, 5].map((b) => [b, 10])), bankerWins('c1'), settled('c1', [1, 2, 3, 4, 5].map((b) => [b, 10, 10]) as [number, number, number][])], heatUnderWay(6, 'crown-melbourne'));
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
    });

    it('Star 2024 15.6.4: a player whose wager the table voided from the layout before the coup completed offered a wager: scores none and is not disqualified for failing to wager', () => {
      const voided: TournamentCommand = { type: 'NoteSettlement', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1', settlements: [{ box: 1, amount: 10, net: 0, outcome: 'void', bet: 'banker', wagerId: 'w1' }] };
      const events = play(
        [coupStarted('c1'), { ...wagers('c1', [[1, 10]]), wagers: [{ box: 1, amount: 10, wagerId: 'w1' }] } as TournamentCommand, wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 10])), voided, bankerWins('c1'), settled('c1', [2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')).toMatchObject({ wagered: 0, net: 0, chipsAfter: 1_000 });
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
    });

    it('gives back the pass card of a coup the tables service voids', () => {
      const events = play([coupStarted('c1'), pass('c1', 'e1'), { type: 'NoteCoupVoided', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1' }], heatUnderWay(6));
      expect(stateOf(events).sessions.h1.players.e1.passCards).toBe(2);
    });
  });

  describe('Star 2024 15.8 undisclosed wagers', () => {
    const undisclosed = (coupId: string, entryId: string, bet: 'player' | 'banker' | 'tie' | null, amount: number | null): TournamentCommand => ({
      type: 'RecordUndisclosedWager',
      actor: SUPERVISOR,
      now: T0,
      tableId: 'T1',
      coupId,
      entryId,
      form: { bet, amount },
    });

    it('records the form with the Game Supervisor, reveals it before the first card, and pays it on the coup (15.8.2.1, 15.8.2.5-15.8.2.6)', () => {
      const events = play(
        [coupStarted('c1'), undisclosed('c1', 'e1', 'banker', 200), wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 10])), firstCard('c1'), bankerWins('c1'), settled('c1', [2, 3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      expect(ofType(events, 'UndisclosedWagerRecorded')[0]).toMatchObject({ entryId: 'e1', remaining: 0, clause: 'Star 2024 15.8.1-15.8.2' });
      expect(ofType(events, 'UndisclosedWagersRevealed')[0]).toMatchObject({ wagers: [{ entryId: 'e1', bet: 'banker', writtenAmount: 200, playsAmount: 200, problem: null }], clause: 'Star 2024 15.8.2.6' });
      // Banker wins: 200 at 19 to 20 (Star 9.x Banker pays 19 to 20) = 190.
      expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')).toMatchObject({ wagered: 200, net: 190, chipsAfter: 1_190, passCard: false });
      expect(ofType(events, 'TournamentPlayerDisqualified')).toEqual([]);
      conserved(events);
    });

    it('Star 2024 15.8.2.6: the line states the undisclosed wager the tournament settled on the coup\'s result beside what the table settled for the box, so the two reconcile', () => {
      const events = play(
        [coupStarted('c1'), wagers('c1', [[1, 10]]), undisclosed('c1', 'e2', 'player', 200), wagers('c1', [[2, 10], [3, 10], [4, 10], [5, 10], [6, 10]]), firstCard('c1'), playerWins('c1'), settled('c1', [1, 2, 3, 4, 5, 6].map((b) => [b, 10, 10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      const line = ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e2')!;
      expect(line).toMatchObject({ wagered: 210, net: 210 });
      expect(line.settledByTournament).toEqual([{ kind: 'undisclosed-wager', bet: 'player', amount: 200, net: 200, clause: 'Star 2024 15.8.2.6' }]);
      expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')!.settledByTournament ?? []).toEqual([]);
      conserved(events);
    });

    it('Star 2024 15.8.2.5-15.8.2.7: refuses an undisclosed wager once no more bets was called at the table, before the first card too', () => {
      const noMoreBets: TournamentCommand = { type: 'NoteNoMoreBets', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1' };
      spec
        .given(play([coupStarted('c1'), wagers('c1', [1, 3, 4, 5, 6].map((b) => [b, 10])), noMoreBets], heatUnderWay(6)))
        .when(undisclosed('c1', 'e2', 'player', 100))
        .thenThrows('UNDISCLOSED_WAGER_AFTER_NO_MORE_BETS', 'Star 2024 15.8.2.5');
      // Before no more bets it is recorded.
      spec.given(play([coupStarted('c1'), wagers('c1', [1, 3, 4, 5, 6].map((b) => [b, 10]))], heatUnderWay(6))).when(undisclosed('c1', 'e2', 'player', 100)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'UndisclosedWagerRecorded' }));
    });

    it('refuses an undisclosed wager from anyone below a Game Supervisor (15.8.2.1)', () => {
      spec.given(play([coupStarted('c1')], heatUnderWay(6))).when({ ...undisclosed('c1', 'e1', 'banker', 100), actor: DEALER }).thenThrows('ROLE_NOT_PERMITTED');
    });

    it('deems a wager below the minimum to be the minimum (15.8.3.1)', () => {
      expect(deemUndisclosed({ bet: 'player', amount: 5 }, 1_000, 10, 500)).toMatchObject({ playsAmount: 10, problem: 'below-minimum' });
    });
    it('deems a wager above the maximum to be the maximum (15.8.3.2)', () => {
      expect(deemUndisclosed({ bet: 'player', amount: 800 }, 1_000, 10, 500)).toMatchObject({ playsAmount: 500, problem: 'above-maximum' });
    });
    it("deems a wager above the player's chips to be those chips or the maximum, the lower; chips wagered in chips count (15.8.3.3; 15.8.2.4)", () => {
      expect(deemUndisclosed({ bet: 'banker', amount: 1_200 }, 300, 10, 500)).toMatchObject({ playsAmount: 300, problem: 'above-chips' });
      expect(deemUndisclosed({ bet: 'banker', amount: 1_200 }, 900, 10, 500)).toMatchObject({ playsAmount: 500, problem: 'above-chips' });
    });
    it('deducts the minimum for a form without the amount or the type of wager (15.8.3.4)', () => {
      expect(deemUndisclosed({ bet: null, amount: 100 }, 1_000, 10, 500)).toMatchObject({ playsAmount: 0, deductedAmount: 10, problem: 'incomplete-form' });
      expect(deemUndisclosed({ bet: 'tie', amount: null }, 1_000, 10, 500)).toMatchObject({ playsAmount: 0, deductedAmount: 10, problem: 'incomplete-form' });
    });
    it('plays incomplete increments to the last complete unit of the minimum (15.6.14)', () => {
      expect(deemUndisclosed({ bet: 'player', amount: 125 }, 1_000, 10, 500)).toMatchObject({ playsAmount: 120, problem: null });
    });

    it('scores the deemed amounts: an incomplete form loses the minimum, a deemed wager plays its deemed amount (15.8.3)', () => {
      const events = play(
        [coupStarted('c1'), undisclosed('c1', 'e1', null, 100), undisclosed('c1', 'e2', 'player', 5_000), wagers('c1', [3, 4, 5, 6].map((b) => [b, 10])), firstCard('c1'), playerWins('c1'), settled('c1', [3, 4, 5, 6].map((b) => [b, 10, -10]) as [number, number, number][])],
        heatUnderWay(6),
      );
      const lines = ofType(events, 'TournamentCoupScored')[0].lines;
      expect(lines.find((l) => l.entryId === 'e1')).toMatchObject({ deducted: 10, chipsAfter: 990 });
      expect(lines.find((l) => l.entryId === 'e2')).toMatchObject({ wagered: 500, net: 500, chipsAfter: 1_500 });
      expect(ofType(events, 'UndisclosedWagersRevealed')[0].clause).toBe('Star 2024 15.8.2.6; Star 2024 15.8.3');
      conserved(events);
    });
  });

  describe('Star 2024 15.5.6 absence', () => {
    it('deducts the minimum for each coup an absent player misses, for at most three rounds, then disqualifies (15.5.6.1-15.5.6.2)', () => {
      let events = play([{ type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e6', absent: true }], heatUnderWay(6));
      // Each coup in the order of wagering from the marker (box 1, then 2, ...), the absent player's box skipped (15.9.2-15.9.3).
      const inOrder = (k: number) => [1, 2, 3, 4, 5].map((_, i, all) => all[(i + k) % all.length]);
      for (const [k, c] of ['c1', 'c2', 'c3', 'c4'].entries()) events = play(bankerCoup(c, inOrder(k)), events);
      const e6 = ofType(events, 'TournamentCoupScored').map((s) => s.lines.find((l) => l.entryId === 'e6'));
      expect(e6.slice(0, 3).map((l) => [l?.deducted, l?.chipsAfter])).toEqual([
        [10, 990],
        [10, 980],
        [10, 970],
      ]);
      expect(ofType(events, 'TournamentPlayerDisqualified')[0]).toMatchObject({ entryId: 'e6', reason: 'absent', refundCents: 0, chipsWithdrawn: 970 });
      conserved(events);
    });

    it('refunds a player disqualified for absence only on the Tournament Manager approval (15.5.6.2); a contravention forfeits the fee (15.5.7)', () => {
      const dq = (reason: 'absent' | 'contravention', refundApproved: boolean): TournamentCommand => ({ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason, description: 'x', refundApproved });
      spec.given(heatUnderWay(6)).when(dq('absent', true)).thenEvents((events) => expect(events[0]).toMatchObject({ refundCents: 10_000, clause: 'Star 2024 15.5.6.1-15.5.6.2; Star 2024 15.5.6.2' }));
      spec.given(heatUnderWay(6)).when(dq('contravention', false)).thenEvents((events) => expect(events[0]).toMatchObject({ refundCents: 0, clause: 'Star 2024 15.5.7; 15.6.7; 15.11.4' }));
    });

    it('Star 2024 15.5.7 with 15.5.6.2: an approval of a refund sent with a disqualification for a contravention is refused 422 naming refundApproved and the clause, and nothing is recorded, where it was silently ignored', () => {
      const dq: TournamentCommand = { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'x', refundApproved: true };
      const error = spec.given(heatUnderWay(6)).when(dq).thenThrows('REFUND_APPROVAL_NOT_APPLICABLE', 'Star 2024 15.5.7; 15.6.7; 15.11.4');
      expect(error.field).toBe('refundApproved');
    });

    it('refunds what the terms say on retirement and takes the chips out of play (Crown Melbourne 14.4.8(a)(iv), (b)(vi))', () => {
      const events = play([{ type: 'Retire', actor: DIRECTOR, now: T0, entryId: 'e2' }], heatUnderWay(6, 'crown-melbourne'));
      expect(ofType(events, 'TournamentPlayerRetired')[0]).toMatchObject({ refundCents: 5_000, chipsWithdrawn: 1_000, prizePoolAfterCents: 60_000 + 50_000 - 5_000 });
    });
  });

  describe('Star 2024 15.6.13 and 15.10.4 elimination', () => {
    const terms = completeTerms({ startingChips: 100, wagerLimits: { minimum: 10, maximum: 100 } });
    it('eliminates players left with less than the minimum; of two eliminated in one coup, fewer residual chips goes first (15.6.13; 15.10.4)', () => {
      const others = (net: number): [number, number, number][] => [3, 4, 5, 6].map((b) => [b, 10, net]);
      const events = play(
        [
          // c1: e1's Banker win pays 9 after commission (109 chips), e2 loses 10 (90 chips).
          coupStarted('c1'),
          wagers('c1', [[1, 10], [2, 10], [3, 10], [4, 10], [5, 10], [6, 10]]),
          firstCard('c1'),
          bankerWins('c1'),
          settled('c1', [[1, 10, 9], [2, 10, -10], ...others(9)]),
          // c2: both lose everything they wager: e1 keeps 9 (under the minimum), e2 none.
          coupStarted('c2'),
          // In the order of wagering: the marker is on box 2 for the second coup (15.9.2-15.9.3).
          wagers('c2', [[2, 90], [3, 10], [4, 10], [5, 10], [6, 10], [1, 100]]),
          firstCard('c2'),
          playerWins('c2'),
          settled('c2', [[1, 100, -100], [2, 90, -90], ...others(-10)]),
        ],
        heatUnderWay(6, 'the-star-sydney', terms),
      );
      expect(ofType(events, 'TournamentPlayersEliminated')[0]).toMatchObject({
        order: [
          { entryId: 'e2', residualChips: 0 },
          { entryId: 'e1', residualChips: 9 },
        ],
        clause: 'Star 2024 15.6.13; Star 2024 15.10.4',
      });
      conserved(events);
    });

    it('puts the smaller wager first when residual chips are equal, and with equal wagers whose chips were removed first (15.10.4)', () => {
      const smaller = play(
        [coupStarted('c1'), wagers('c1', [[1, 100], [2, 100], [3, 10], [4, 10], [5, 10], [6, 10]]), firstCard('c1'), playerWins('c1'), settled('c1', [[2, 100, -100], [1, 100, -100], [3, 10, -10], [4, 10, -10], [5, 10, -10], [6, 10, -10]])],
        heatUnderWay(6, 'the-star-sydney', terms),
      );
      expect(ofType(smaller, 'TournamentPlayersEliminated')[0].order.map((o) => o.entryId)).toEqual(['e2', 'e1']);
    });

    it('conserves tournament chips across every coup: chips in play + the house + chips withdrawn = chips issued', () => {
      let events = heatUnderWay(6);
      const outcomes = [bankerWins, playerWins, playerWins, bankerWins];
      outcomes.forEach((won, i) => {
        const id = `c${i + 1}`;
        const amounts: [number, number][] = [1, 2, 3, 4, 5, 6].map((b) => [b, 10 * b * (i + 1)]);
        const bankerWon = won === bankerWins;
        events = play([coupStarted(id), wagers(id, amounts), firstCard(id), won(id), settled(id, amounts.map(([b, a]) => [b, a, b % 2 === 0 ? (bankerWon ? (a * 19) / 20 : -a) : bankerWon ? -a : a]))], events);
      });
      expect(ofType(events, 'TournamentCoupScored')).toHaveLength(4);
      conserved(events);
      const last = ofType(events, 'TournamentCoupScored').at(-1) as TournamentCoupScored;
      expect(last.issuedChips).toBe(6_000);
    });
  });
});

/** Five players in boxes 1 to 5; coup c1 played by all, so the marker is on box 2 for c2 and the order is 2, 3, 4, 5, 1 (Star 2024 15.9.2-15.9.3). */
const fivePlayersSecondCoup = (): TournamentEvent[] => play(bankerCoup('c1', [1, 2, 3, 4, 5]), heatUnderWay(5, 'the-star-sydney', completeTerms({ players: { minimum: 4, maximum: 18 } })));

describe('Star 2024 15.9.3-15.9.4 with 15.6.4: a box whose turn never came is not disqualified for want of a wager; the box that did not wager in its turn is', () => {
  it('coup c2 (marker on box 2): boxes 2-4 wager, box 5 does nothing, box 1 is removed waiting for box 5: box 5 is disqualified (15.6.4), box 1 is not, its line saying its turn never came', () => {
    const before = fivePlayersSecondCoup();
    const events = play([coupStarted('c2'), wagers('c2', [[2, 20], [3, 20], [4, 20]]), wagers('c2', [[1, 20]]), firstCard('c2'), bankerWins('c2'), settled('c2', [[2, 20, 19], [3, 20, 19], [4, 20, 19]])], before).slice(before.length);
    expect(ofType(events, 'WagerOutOfSequence').map((e) => [e.box, e.expectedBox])).toEqual([[1, 5]]);
    expect(ofType(events, 'TournamentPlayerDisqualified').map((e) => [e.entryId, e.reason])).toEqual([['e5', 'no-wager-without-pass-card']]);
    const line = ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e1')!;
    expect(line).toMatchObject({ wagered: 0, chipsAfter: line.chipsBefore, turnNeverCame: true });
    expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e5')!.turnNeverCame).toBeUndefined();
    conserved(events.length ? [...before, ...events] : before);
  });
});

describe('Star 2024 15.7.1 with 15.9.3-15.9.4: a pass card is in lieu of a wager and follows the order of wagering as a form does', () => {
  const pass = (coupId: string, entryId: string): TournamentCommand => ({ type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId, entryId });

  it('refuses a pass card played ahead of its turn (the boxes ahead in the order have not wagered), naming the box to wager, and records nothing', () => {
    spec.given(play([coupStarted('c1')], heatUnderWay(6))).when(pass('c1', 'e3')).thenThrows('PASS_CARD_OUT_OF_SEQUENCE', 'Star 2024 15.9.4');
    spec.given(play([coupStarted('c1'), wagers('c1', [[1, 20]])], heatUnderWay(6))).when(pass('c1', 'e3')).thenThrows('PASS_CARD_OUT_OF_SEQUENCE', 'Star 2024 15.9.4');
  });

  it('takes a pass card in its turn; it does not end an earlier box\'s turn before that box wagered, and it is that box\'s turn ended at once (chips after it are removed)', () => {
    const given = play([coupStarted('c1'), wagers('c1', [[1, 20]]), pass('c1', 'e2')], heatUnderWay(6));
    expect(ofType(given, 'PassCardPlayed').map((e) => e.entryId)).toEqual(['e2']);
    const events = play([wagers('c1', [[2, 10]]), wagers('c1', [[3, 10]])], given).slice(given.length);
    expect(ofType(events, 'WagerOutOfSequence').map((e) => [e.box, e.expectedBox, e.clause])).toEqual([[2, 3, 'Star 2024 15.9.5']]);
    expect(ofType(events, 'TableWagersNoted').flatMap((e) => e.wagers.map((w) => w.box))).toEqual([3]);
  });
});

describe('Star 2024 15.8.2.5-15.8.2.6: whether an undisclosed form came before no more bets is decided by the times, the form\'s received time against the table\'s BettingClosed, not by when the tournament heard of the closing', () => {
  const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1_000).toISOString();
  const form = (entryId: string, seconds: number): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: at(seconds), tableId: 'T1', coupId: 'c1', entryId, form: { bet: 'banker', amount: 100 } });
  const closed = (seconds: number): TournamentCommand => ({ type: 'NoteNoMoreBets', actor: DEALER, now: at(seconds), tableId: 'T1', coupId: 'c1' });
  /** c1, the marker on box 1: boxes 1-5 wagered in turn, so box 6 hands in its form in turn. */
  const boxesOneToFive = (): TournamentEvent[] => play([coupStarted('c1'), wagers('c1', [1, 2, 3, 4, 5].map((b) => [b, 10]))], heatUnderWay(6));

  it('voids a form recorded before the tournament heard of the closing but received after the table closed betting: not revealed, not scored, the undisclosed wager given back, a record for the register', () => {
    const given = play([form('e6', 2)], boxesOneToFive());
    expect(ofType(given, 'UndisclosedWagerRecorded').map((e) => [e.entryId, e.recordedAt])).toEqual([['e6', at(2)]]);
    const events = play([closed(1), firstCard('c1'), bankerWins('c1'), settled('c1', [1, 2, 3, 4, 5].map((b) => [b, 10, 9]) as [number, number, number][])], given).slice(given.length);
    expect(ofType(events, 'UndisclosedWagerVoided')).toEqual([
      expect.objectContaining({ coupId: 'c1', entryId: 'e6', box: 6, recordedAt: at(2), bettingClosedAt: at(1), remaining: ofType(given, 'UndisclosedWagerRecorded')[0].remaining + 1, clause: 'Star 2024 15.8.2.5' }),
    ]);
    expect(ofType(events, 'UndisclosedWagersRevealed')).toEqual([]);
    expect(ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e6')).toMatchObject({ wagered: 0, net: 0 });
    expect(stateOf([...given, ...events]).sessions.h1.players.e6.undisclosedWagers).toBe(stateOf(boxesOneToFive()).sessions.h1.players.e6.undisclosedWagers);
  });

  it('keeps a form received before the table closed betting, and refuses one received at or after it once the closing is heard, whatever the order the two reach the tournament', () => {
    const kept = play([form('e6', 0.5), closed(1), firstCard('c1')], boxesOneToFive());
    expect(ofType(kept, 'UndisclosedWagerVoided')).toEqual([]);
    expect(ofType(kept, 'UndisclosedWagersRevealed')[0].wagers.map((w) => w.entryId)).toEqual(['e6']);
    spec.given(play([closed(1)], boxesOneToFive())).when(form('e6', 1)).thenThrows('UNDISCLOSED_WAGER_AFTER_NO_MORE_BETS', 'Star 2024 15.8.2.5');
    spec.given(play([closed(1)], boxesOneToFive())).when(form('e6', 0.5)).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['UndisclosedWagerRecorded']));
  });
});

describe('Star 2024 15.5.7 with 15.6.4: a disqualification the rule decides on a coup\'s scoring is the rule\'s, not the dealer\'s; the dealer\'s act that triggered it is its cause', () => {
  it('records a 15.6.4 disqualification as decided by the rule with its clause, the dealer\'s settlement of the coup as the cause; one the Tournament Manager orders as the manager\'s', () => {
    const events = play([coupStarted('c1'), wagers('c1', [1, 2, 3, 4, 5].map((b) => [b, 10])), bankerWins('c1'), settled('c1', [1, 2, 3, 4, 5].map((b) => [b, 10, -10]) as [number, number, number][])], heatUnderWay(6));
    const [dq] = ofType(events, 'TournamentPlayerDisqualified');
    expect(dq).toMatchObject({ entryId: 'e6', decidedBy: { kind: 'rule', clause: expect.stringContaining('Star 2024 15.6.4') }, cause: { actorId: DEALER.id, actorRole: 'dealer', act: 'settlement', tableId: 'T1', coupId: 'c1' } });
    const ordered = play([{ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e2', reason: 'contravention', description: 'Exchanged chips.' }], events).slice(events.length);
    expect(ofType(ordered, 'TournamentPlayerDisqualified')[0]).toMatchObject({ decidedBy: { kind: 'tournament-manager', clause: expect.stringContaining('Star 2024 15.5.7') }, cause: null });
  });
});

describe('Star 2024 15.9.3-15.9.5: a wager removed names the box whose turn it is, as the register and the regulator report show it', () => {
  const pass = (coupId: string, entryId: string): TournamentCommand => ({ type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId, entryId });

  it('coup c1 (marker on box 1): box 1 wagers, boxes 3 and 4 try pass cards ahead of their turn, box 2 wagers, box 1 adds a tie wager: removed, box 3 to wager (the boxes that took no turn are not counted as having wagered)', () => {
    let events = play([coupStarted('c1'), wagers('c1', [[1, 20]])], heatUnderWay(6));
    for (const entryId of ['e3', 'e4']) {
      try {
        events = play([pass('c1', entryId)], events);
      } catch {
        // Refused ahead of its turn (15.7.1 with 15.9.3): nothing recorded.
      }
    }
    const out = play([wagers('c1', [[2, 20]]), wagers('c1', [[1, 10]])], events);
    expect(ofType(out, 'WagerOutOfSequence').map((e) => [e.box, e.expectedBox, e.clause])).toEqual([[1, 3, 'Star 2024 15.9.5']]);
  });
});

describe('Star 2024 15.9.2: the marker moves box by box over the table\'s boxes, "box one for the first coup, box two for the second coup and so on"', () => {
  /** Four players at boxes 1, 2, 4 and 6 of a seven-box table. */
  const gappy = (): TournamentEvent[] =>
    play([
      publish('the-star-sydney', completeTerms({ players: { minimum: 4, maximum: 18 } })),
      ...[1, 2, 3, 4].map((n) => enter(n)),
      { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
      { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T1'] },
      { ...(tableOpened('T1') as Extract<TournamentCommand, { type: 'NoteTableOpened' }>), boxes: 7 },
      { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2', 'e3', 'e4'] },
      { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'h1', kind: 'heat', seating: [1, 2, 4, 6].map((box, i) => ({ entryId: `e${i + 1}`, tableId: 'T1', box })) },
    ]);
  const coup = (n: number): TournamentCommand[] => [coupStarted(`c${n}`), wagers(`c${n}`, [1, 2, 4, 6].map((b) => [b, 10])), firstCard(`c${n}`), bankerWins(`c${n}`), settled(`c${n}`, [1, 2, 4, 6].map((b) => [b, 10, -10]))];

  it('puts the marker on boxes 1 to 7 in turn, occupied or not, and starts again at box 1', () => {
    const events = play([1, 2, 3, 4, 5, 6, 7, 8].flatMap(coup), gappy());
    expect(ofType(events, 'TournamentCoupStarted').map((e) => e.markerBox)).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
  });

  it('Star 2024 15.9.3: on an empty box the player to its left wagers first (marker on box 5: box 6, then 1, 2, 4), so box 4 wagering first there is out of sequence and box 6 is not', () => {
    const atCoup5 = play([1, 2, 3, 4].flatMap(coup).concat([coupStarted('c5')]), gappy());
    spec.given(atCoup5).when(wagers('c5', [[4, 10]])).thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 4, expectedBox: 6 })]));
    spec.given(atCoup5).when(wagers('c5', [[6, 10], [1, 10], [2, 10], [4, 10]])).thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([]));
    // Coup 4: the marker on box 4, whose player wagers first.
    const atCoup4 = play([1, 2, 3].flatMap(coup).concat([coupStarted('c4')]), gappy());
    spec.given(atCoup4).when(wagers('c4', [[4, 10], [6, 10], [1, 10], [2, 10]])).thenEvents((events) => expect(ofType(events, 'WagerOutOfSequence')).toEqual([]));
  });
});

describe('Star 2024 15.9.3-15.9.5 by the times: chips and a form of the same box judged by when each was made, not when each reached the tournament', () => {
  const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1_000).toISOString();
  const form = (entryId: string, seconds: number): TournamentCommand => ({ type: 'RecordUndisclosedWager', actor: SUPERVISOR, now: at(seconds), tableId: 'T1', coupId: 'c1', entryId, form: { bet: 'player', amount: 30 } });
  const chips = (box: number, seconds: number, wagerId: string): TournamentCommand => ({ ...(wagers('c1', [[box, 20]]) as Extract<TournamentCommand, { type: 'NoteWagers' }>), now: at(seconds), wagers: [{ box, amount: 20, wagerId }] });

  it('Star 2024 15.9.5: a form recorded after the box placed its chips in turn, heard before them, is void and given back; the chips stand', () => {
    // Marker on box 1: box 1 places chips at +1 s; its form reaches the tournament at +2 s, the chips are heard at +3 s.
    const given = play([coupStarted('c1'), form('e1', 2)], heatUnderWay(6));
    spec
      .given(given)
      .when(chips(1, 1, 'w-1'))
      .thenEvents((events) => {
        expect(ofType(events, 'WagerOutOfSequence')).toEqual([]);
        expect(ofType(events, 'WagersInTurn')).toEqual([expect.objectContaining({ wagerIds: ['w-1'] })]);
        expect(ofType(events, 'UndisclosedWagerVoided')).toEqual([expect.objectContaining({ entryId: 'e1', box: 1, recordedAt: at(2), chipsPlacedAt: at(1), clause: 'Star 2024 15.9.5' })]);
      });
  });

  it('Star 2024 15.9.5: chips placed after the box\'s own form are removed, as before: the form was the wager in turn', () => {
    const given = play([coupStarted('c1'), form('e1', 1)], heatUnderWay(6));
    spec
      .given(given)
      .when(chips(1, 2, 'w-1'))
      .thenEvents((events) => {
        expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 1, wagerId: 'w-1', clause: 'Star 2024 15.9.5' })]);
        expect(ofType(events, 'UndisclosedWagerVoided')).toEqual([]);
      });
  });
});

describe('Star 2024 15.6.4 with 15.9.4: a box whose chips the order of wagering removed is not disqualified for failing to wager', () => {
  const withIds = (coupId: string, list: readonly [box: number, amount: number, wagerId: string][]): TournamentCommand => ({
    ...(wagers(coupId, []) as Extract<TournamentCommand, { type: 'NoteWagers' }>),
    wagers: list.map(([box, amount, wagerId]) => ({ box, amount, wagerId })),
  });

  it('box 3 wagers before box 2 (removed, 15.9.4) and no more bets comes before it wagers again: it scores no wager and stays in play', () => {
    const events = play(
      [coupStarted('c1'), withIds('c1', [[1, 10, 'w-1']]), withIds('c1', [[3, 10, 'w-3a']]), withIds('c1', [[2, 10, 'w-2']]), firstCard('c1'), bankerWins('c1'), settled('c1', [[1, 10, -10], [2, 10, -10]])],
      heatUnderWay(6),
    );
    expect(ofType(events, 'WagerOutOfSequence')).toEqual([expect.objectContaining({ box: 3, wagerId: 'w-3a' })]);
    const line = ofType(events, 'TournamentCoupScored')[0].lines.find((l) => l.entryId === 'e3')!;
    expect(line).toMatchObject({ wagered: 0, net: 0 });
    expect(ofType(events, 'TournamentPlayerDisqualified').map((e) => e.entryId)).not.toContain('e3');
  });
});

describe('Star 2024 15.7.1: one pass card a coup', () => {
  it('refuses a second pass card of the same entry on the same coup, as a second form is refused, rather than answering it with nothing recorded', () => {
    const passed = play([coupStarted('c1'), { type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1' }], heatUnderWay(6));
    spec.given(passed).when({ type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1' }).thenThrows('PASS_CARD_PLAYED', 'Star 2024 15.7.1');
  });
});

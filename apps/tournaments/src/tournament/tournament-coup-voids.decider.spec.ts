import { deciderSpec } from '@app/testing';
import { DEALER, T0, bankerWins, coupStarted, firstCard, heatUnderWay, play, settled, stateOf, wagers } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const voided = (coupId: string): TournamentCommand => ({ type: 'NoteCoupVoided', actor: DEALER, now: T0, tableId: 'T1', coupId, clause: 'Star 2024 14.5' });
const BOXES = [1, 2, 3, 4, 5, 6];
/**
 * Box 1 wagers `amount` on Player, the others 10 on Banker; Banker wins: box 1 loses its wager, the others win 9 each.
 * The wagers are placed in turn from the marker's box (Star 2024 15.9.2-15.9.3: box 1, then box 2 on the next coup).
 */
const coupBox1Loses = (coupId: string, amount: number, markerBox = 1): TournamentCommand[] => [
  coupStarted(coupId),
  wagers(coupId, [...BOXES.slice(markerBox - 1), ...BOXES.slice(0, markerBox - 1)].map((b) => [b, b === 1 ? amount : 10])),
  firstCard(coupId),
  bankerWins(coupId),
  settled(coupId, BOXES.map((b) => (b === 1 ? [b, amount, -amount] : [b, 10, 9]))),
];
const chipsOf = (events: readonly TournamentEvent[]) => {
  const session = stateOf(events).sessions.h1;
  return Object.fromEntries(Object.values(session.players).map((p) => [p.entryId, [p.chips, p.status]]));
};
const conservedIn = (events: readonly TournamentEvent[]) => {
  const session = stateOf(events).sessions.h1;
  const inPlay = Object.values(session.players).reduce((a, p) => a + p.chips, 0);
  expect(inPlay + session.house + session.withdrawn).toBe(session.issued);
};

describe('a coup voided after it was scored (Crown Melbourne 15.3-15.5; Star 2024 14.4-14.5)', () => {
  it('Star 2024 14.5: a settled coup declared void later returns every wager: the chips it moved go back, though the next coup is already under way', () => {
    const before = play([...coupBox1Loses('c1', 300), coupStarted('c2')], heatUnderWay(6));
    const chipsBefore = chipsOf(play([], heatUnderWay(6)));
    spec.given(before).when(voided('c1')).thenEvents((events, after) => {
      expect(events.map((e) => e.type)).toEqual(BOXES.map(() => 'TournamentChipsCorrected'));
      expect(events[0]).toMatchObject({ entryId: 'e1', movement: 300, chipsAfter: 1_000, statusAfter: 'playing', clause: 'Star 2024 14.5' });
      const session = after.sessions.h1;
      expect(Object.fromEntries(Object.values(session.players).map((p) => [p.entryId, [p.chips, p.status]]))).toEqual(chipsBefore);
      // The coup under way is untouched.
      expect(session.coups.T1?.coupId).toBe('c2');
    });
  });

  it('Crown Melbourne 15.5: the players a voided coup eliminated are back in play with their chips, and the chips stay conserved', () => {
    const eliminated = play([...coupBox1Loses('c1', 500), ...coupBox1Loses('c2', 500, 2), coupStarted('c3')], heatUnderWay(6));
    expect(chipsOf(eliminated).e1).toEqual([0, 'eliminated']);
    const events = play([voided('c2')], eliminated);
    expect(chipsOf(events).e1).toEqual([500, 'playing']);
    expect(stateOf(events).sessions.h1.eliminated).not.toContain('e1');
    conservedIn(events);
  });

  it('a void delivered again, or of a coup never scored here, changes nothing', () => {
    const reversed = play([...coupBox1Loses('c1', 300), coupStarted('c2'), voided('c1')], heatUnderWay(6));
    spec.given(reversed).when(voided('c1')).then([]);
    spec.given(reversed).when(voided('c-unknown')).then([]);
  });

  it('Star 2024 14.5: a void after the session ended is a notice for the director, not a silent change of the counts progression was decided on', () => {
    const ended = play([...coupBox1Loses('c1', 300), { type: 'EndSession', actor: { id: 'td-1', role: 'tournament-director' }, now: T0, sessionId: 'h1' } as TournamentCommand], heatUnderWay(6));
    spec.given(ended).when(voided('c1')).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(BOXES.map(() => 'TournamentRapidNoticeRecorded'));
      expect(events[0]).toMatchObject({ kind: 'correction-after-session', entryId: 'e1', coupId: 'c1', movement: 300, clause: 'Star 2024 14.5' });
    });
  });

  it('a coup voided before it was scored gives back what it used, as before', () => {
    const events = play([coupStarted('c1'), voided('c1')], heatUnderWay(6));
    expect(events.at(-1)).toMatchObject({ type: 'TableCoupVoidedNoted', coupId: 'c1' });
  });
});

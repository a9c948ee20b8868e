/**
 * Star 2024 15.6.1, 15.6.8 (with 15.5.9): all wagers are made, and paid, with the player's tournament chips. A table
 * wager above the chips the player had at the start of the coup counts only up to those chips (as an undisclosed wager
 * above them is deemed for them, 15.8.3.3); the rest was not wagered: returned, scored neither won nor lost, the last
 * placed giving way first (as the 15.6.14 maximum). The session's chips reconcile to the chip.
 */
import type { TournamentTerms } from '@app/contracts';
import { DEALER, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, play, playerWins, wagers } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentCommand } from './tournament-command.types';
import type { TournamentEvent } from './tournament.events';

type Scored = Extract<TournamentEvent, { type: 'TournamentCoupScored' }>;
type Line = [box: number, amount: number];

const terms: Partial<TournamentTerms> = { schedule: { startsAt: '2026-03-01T09:00:00.000Z', endsAt: '2030-01-01T00:00:00.000Z' }, startingChips: 100, wagerLimits: { minimum: 10, maximum: 500 } };
const heat = () => heatUnderWay(6, 'the-star-sydney', completeTerms(terms));

/** A coup on Player: `lines` in the order placed, settled by the table as placed (before the tournament's limits). */
const coup = (coupId: string, lines: readonly Line[], won: boolean): TournamentCommand[] => [
  coupStarted(coupId),
  wagers(coupId, lines),
  firstCard(coupId),
  won ? playerWins(coupId) : bankerWins(coupId),
  {
    type: 'NoteSettlement',
    actor: DEALER,
    now: T0,
    tableId: 'T1',
    coupId,
    settlements: lines.map(([box, amount]) => ({ box, amount, net: won ? amount : -amount, outcome: won ? 'win' : 'lose', bet: 'player', option: 'standard' })),
  },
];
const others = (except: number): Line[] => [1, 2, 3, 4, 5, 6].filter((b) => b !== except && b !== 1 && b !== 3).map((b): Line => [b, 10]);
/** Coup 1: e1 (box 1) and e3 (box 3) stake 90 on Player and lose, leaving each 10 chips. */
const coup1 = coup('c1', [[1, 90], [3, 90], ...others(0)], false);
const lastScored = (events: readonly TournamentEvent[]): Scored => events.filter((e): e is Scored => e.type === 'TournamentCoupScored').at(-1)!;
const lineOf = (events: readonly TournamentEvent[], entryId: string) => lastScored(events).lines.find((l) => l.entryId === entryId)!;

describe('Star 2024 15.6.1; 15.6.8: a table wager counts only up to the chips the player had at the start of the coup', () => {
  it('Star 2024 15.6.1; 15.6.8: given e1 with 10 chips, when the table takes and wins a 100-chip wager from box 1, then 10 chips win and e1 has 20', () => {
    const events = play([...coup1, ...coup('c2', [[1, 100], [3, 10], ...others(0)], true)], heat());
    expect(lineOf(events, 'e1')).toMatchObject({ chipsBefore: 10, wagered: 10, net: 10, chipsAfter: 20, wagerAdjustment: 'capped-at-chips' });
    expect(lastScored(events).clause).toContain('Star 2024 15.6.1; 15.6.8');
  });

  it('Star 2024 15.6.1; 15.6.8: given e3 with 10 chips, when it stakes 20 then 10 and loses, then 10 chips are lost (the last placed gives way first) and e3 leaves with none', () => {
    const events = play([...coup1, ...coup('c2', [[1, 10], [3, 20], [3, 10], ...others(0)], false)], heat());
    expect(lineOf(events, 'e3')).toMatchObject({ chipsBefore: 10, wagered: 10, net: -10, chipsAfter: 0, wagerAdjustment: 'capped-at-chips' });
    const out = events.filter((e) => e.type === 'TournamentPlayersEliminated').at(-1) as Extract<TournamentEvent, { type: 'TournamentPlayersEliminated' }>;
    expect(out.order).toContainEqual({ entryId: 'e3', residualChips: 0, wagered: 10 });
  });

  it('Star 2024 15.5.9 with 15.6.1: the session chip account (issued, house, withdrawn) reconciles to the chip after a wager above the stack', () => {
    for (const won of [true, false]) {
      const events = play([...coup1, ...coup('c2', [[1, 100], [3, 20], [3, 10], ...others(0)], won)], heat());
      const scored = lastScored(events);
      expect(scored.chipsInPlayAfter + scored.houseChipsAfter + scored.withdrawnChipsAfter).toBe(scored.issuedChips);
      const state = events.reduce(tournamentDecider.evolve, tournamentDecider.initialState());
      const session = Object.values(state.sessions).find((x) => x.sessionId === scored.sessionId)!;
      const inPlay = Object.values(session.players).reduce((a, p) => a + p.chips, 0);
      expect(session.withdrawn).toBeGreaterThanOrEqual(0);
      expect(inPlay + session.house + session.withdrawn).toBe(session.issued);
    }
  });
});

import fc from 'fast-check';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, playerWins, stateOf, wagers } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';
import { DomainError } from '@app/contracts';

/**
 * Tournament chips are conserved across every coup and purchase, whatever the players do: every chip issued to the
 * session (the allotments, then buy-backs, re-buys and add-ons) is in play, with the house, or withdrawn; and the
 * prize pool is the added value plus every fee and price paid (Crown Melbourne 14.4.3(b), 14.4.7(a); Star 15.6.2,
 * 15.6.14, 15.3.2).
 */
type Action = { kind: 'coup'; amounts: number[]; bankerWon: boolean; markers: ('none' | 'all-in' | 'stand-off')[] } | { kind: 'buy'; player: number; what: 're-buy' | 'add-on' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('coup' as const),
    amounts: fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 6, maxLength: 6 }),
    bankerWon: fc.boolean(),
    markers: fc.array(fc.constantFrom('none' as const, 'none' as const, 'all-in' as const, 'stand-off' as const), { minLength: 6, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('buy' as const), player: fc.integer({ min: 1, max: 6 }), what: fc.constantFrom('re-buy' as const, 'add-on' as const) }),
);

/** Decides and applies; a refusal (a marker the terms do not give, a purchase not allowed) changes nothing. */
const step = (s: TournamentState, events: TournamentEvent[], c: TournamentCommand): TournamentState => {
  try {
    const out = tournamentDecider.decide(c, s);
    events.push(...out);
    return out.reduce(tournamentDecider.evolve, s);
  } catch (err) {
    if (err instanceof DomainError) return s;
    throw err;
  }
};

const run = (operator: string, actions: readonly Action[]) => {
  const terms = completeTerms({
    buyIns: { buyInCents: null, reBuyCents: 5_000, addOnCents: 2_000, reBuyChips: 1_000, addOnChips: 500 },
    buyBack: 'Eliminated players may buy back between coups.',
    allInMarkers: { perSession: 2 },
    standOffMarkers: { perSession: 2 },
    reBuyMarkers: { perSession: 2 },
    passCards: null,
    undisclosedWagers: null,
    orderOfWagering: null,
  });
  const events = heatUnderWay(6, operator, terms);
  let s = stateOf(events);
  let paid = 0;
  actions.forEach((a, n) => {
    if (a.kind === 'buy') {
      const before = s.prizePoolCents;
      s = step(s, events, { type: 'BuyChips', actor: DIRECTOR, now: T0, entryId: `e${a.player}`, kind: a.what, feePaidCents: a.what === 're-buy' ? 5_000 : 2_000 });
      paid += s.prizePoolCents - before;
      return;
    }
    const coupId = `c${n}`;
    s = step(s, events, coupStarted(coupId));
    const session = s.sessions.h1;
    const inPlay = Object.values(session.players).filter((p) => p.status === 'playing');
    a.markers.forEach((m, i) => {
      if (m !== 'none') s = step(s, events, { type: 'PlayMarker', actor: DEALER, now: T0, tableId: 'T1', coupId, entryId: `e${i + 1}`, marker: m, bet: m === 'all-in' ? 'banker' : null });
    });
    const coup = s.sessions.h1.coups.T1;
    const placed = inPlay
      .filter((p) => coup?.markers[p.entryId]?.marker !== 'all-in')
      .map((p) => ({ box: p.box, amount: Math.min(a.amounts[p.box - 1], p.chips) }))
      .filter((w) => w.amount > 0);
    s = step(s, events, wagers(coupId, placed.map((w) => [w.box, w.amount])));
    s = step(s, events, firstCard(coupId));
    s = step(s, events, a.bankerWon ? bankerWins(coupId) : playerWins(coupId));
    // Every table wager is on Player: won or lost whole, as the tables service settles it.
    const settlements = placed.map((w) => ({ box: w.box, amount: w.amount, net: a.bankerWon ? -w.amount : w.amount, outcome: a.bankerWon ? 'lose' : 'win', bet: 'player', option: 'standard' }));
    s = step(s, events, { type: 'NoteSettlement', actor: DEALER, now: T0, tableId: 'T1', coupId, settlements });
  });
  return { events, s, paid };
};

describe.each([['crown-melbourne'], ['the-star-sydney']])('tournament chips conserved under %s rules', (operator) => {
  it('keeps every issued chip in play, with the house or withdrawn after every coup and purchase, and the pool equal to what was paid in', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 25 }), (actions) => {
        const { events, s, paid } = run(operator, actions);
        for (const e of events) if (e.type === 'TournamentCoupScored') expect(e.chipsInPlayAfter + e.houseChipsAfter + e.withdrawnChipsAfter).toBe(e.issuedChips);
        const session = s.sessions.h1;
        const inPlay = Object.values(session.players).reduce((x, p) => x + p.chips, 0);
        expect(inPlay + session.house + session.withdrawn).toBe(session.issued);
        expect(Object.values(session.players).every((p) => p.status !== 'playing' || p.chips >= 0)).toBe(true);
        expect(s.prizePoolCents).toBe(50_000 + 6 * 10_000 + paid);
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});

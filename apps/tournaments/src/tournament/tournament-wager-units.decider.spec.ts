import type { TournamentTerms } from '@app/contracts';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, enter, firstCard, heatUnderWay, play, playerWins, publish, startHeat, tableOpened, wagers, scheduleFrom } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { wagerInUnits } from './tournament-wager-units.decider';
import type { TournamentEvent } from './tournament.events';

const scoredLine = (events: readonly TournamentEvent[], entryId: string) => {
  const scored = events.filter((e) => e.type === 'TournamentCoupScored');
  const last = scored[scored.length - 1] as Extract<TournamentEvent, { type: 'TournamentCoupScored' }>;
  return { ...last.lines.find((l) => l.entryId === entryId)!, clause: last.clause };
};
/** e1 wagers `amount` on Player and the other five 10 each; Player wins or loses; settled as the tables service did (before the tournament's limits). */
const coup = (amount: number, won: boolean): TournamentCommand[] => [
  coupStarted('c1'),
  wagers('c1', [[1, amount], ...[2, 3, 4, 5, 6].map((b): [number, number] => [b, 10])]),
  firstCard('c1'),
  won ? playerWins('c1') : bankerWins('c1'),
  {
    type: 'NoteSettlement',
    actor: DEALER,
    now: T0,
    tableId: 'T1',
    coupId: 'c1',
    settlements: [1, 2, 3, 4, 5, 6].map((box) => {
      const a = box === 1 ? amount : 10;
      return { box, amount: a, net: won ? a : -a, outcome: won ? 'win' : 'lose', bet: 'player', option: 'standard' };
    }),
  },
];
const limits = (startsAt: string): Partial<TournamentTerms> => ({ schedule: scheduleFrom(startsAt), startingChips: 100, wagerLimits: { minimum: 10, maximum: 50 } });

describe.each([
  ['Star 2021', '2023-06-01T09:00:00.000Z'],
  ['Star 2024', '2026-03-01T09:00:00.000Z'],
])('%s 15.6.14 wagers in units of the minimum, within the maximum', (citation, startsAt) => {
  const heat = () => heatUnderWay(6, 'the-star-sydney', completeTerms(limits(startsAt)));

  it(`pays a wager above the maximum to the maximum (${citation} 15.6.14)`, () => {
    const line = scoredLine(play(coup(80, true), heat()), 'e1');
    expect(line).toMatchObject({ wagered: 50, net: 50, chipsAfter: 150, wagerAdjustment: 'capped-at-maximum' });
    expect(line.clause).toContain(`${citation} 15.6.14`);
  });

  it(`collects a wager above the maximum to the maximum (${citation} 15.6.14)`, () => {
    expect(scoredLine(play(coup(80, false), heat()), 'e1')).toMatchObject({ wagered: 50, net: -50, chipsAfter: 50, wagerAdjustment: 'capped-at-maximum' });
  });

  it(`plays a wager with an incomplete increment to the last complete unit of the minimum (${citation} 15.6.14)`, () => {
    expect(scoredLine(play(coup(25, false), heat()), 'e1')).toMatchObject({ wagered: 20, net: -20, chipsAfter: 80, wagerAdjustment: 'incomplete-increment' });
  });

  it(`makes a wager under the minimum up to the minimum when the player has the chips (${citation} 15.6.14)`, () => {
    expect(scoredLine(play(coup(5, true), heat()), 'e1')).toMatchObject({ wagered: 10, net: 10, chipsAfter: 110, wagerAdjustment: 'made-up-to-minimum' });
  });

  it(`leaves a wager in whole units within the limits as it is (${citation} 15.6.14)`, () => {
    expect(scoredLine(play(coup(30, true), heat()), 'e1')).toMatchObject({ wagered: 30, net: 30, chipsAfter: 130, wagerAdjustment: null });
  });
});

describe('Crown Melbourne 14.4.4(b): the terms, not the rules, say how wagers are made', () => {
  it('scores the wager the table settled, without units of the minimum', () => {
    const events = play(coup(25, false), heatUnderWay(6, 'crown-melbourne', completeTerms(limits('2026-03-01T09:00:00.000Z'))));
    expect(scoredLine(events, 'e1')).toMatchObject({ wagered: 25, net: -25, chipsAfter: 75, wagerAdjustment: null });
  });
});

describe('Crown Melbourne 14.4.4(b); 14.4.8(c), (g): the terms minimum and maximum wager apply at Crown too', () => {
  const crown = (extra: Partial<TournamentTerms> = {}) => heatUnderWay(6, 'crown-melbourne', completeTerms({ ...limits('2026-03-01T09:00:00.000Z'), ...extra }));

  it('pays a wager three times the terms maximum only to the maximum (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
    const line = scoredLine(play(coup(150, true), crown()), 'e1');
    expect(line).toMatchObject({ wagered: 50, net: 50, chipsAfter: 150, wagerAdjustment: 'capped-at-maximum' });
    expect(line.clause).toContain('Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g)');
  });

  it('collects a wager above the terms maximum only to the maximum, whatever the limits (Crown Melbourne 14.4.4(b))', () => {
    expect(scoredLine(play(coup(150, false), crown()), 'e1')).toMatchObject({ wagered: 50, net: -50, chipsAfter: 50, wagerAdjustment: 'capped-at-maximum' });
    const wider = crown({ startingChips: 1_000, wagerLimits: { minimum: 25, maximum: 100 } });
    expect(scoredLine(play(coup(400, false), wider), 'e1')).toMatchObject({ wagered: 100, net: -100, chipsAfter: 900, wagerAdjustment: 'capped-at-maximum' });
  });

  it('makes a wager under the terms minimum up to the minimum when the player has the chips (Crown Melbourne 14.4.4(b))', () => {
    expect(scoredLine(play(coup(5, true), crown()), 'e1')).toMatchObject({ wagered: 10, net: 10, chipsAfter: 110, wagerAdjustment: 'made-up-to-minimum' });
  });
});

describe('wagerInUnits (Star 15.6.14)', () => {
  it('voids a wager under the minimum the player cannot make up', () => {
    expect(wagerInUnits([5], 0, 8, 10, 50)).toEqual({ plays: [0], adjustment: 'void-below-minimum' });
  });
  it('caps the lines settled last first, counting an undisclosed wager that plays (15.8.2.4)', () => {
    expect(wagerInUnits([30, 30], 10, 100, 10, 50)).toEqual({ plays: [30, 10], adjustment: 'capped-at-maximum' });
  });
  it('Star 2024 15.6.14: a bet\'s chips placed in several goes are one wager, valid to its last complete increment: 15 and 15 play 30; 15 and 10 play 20, the incomplete 5 off the chips placed last', () => {
    const star = { inUnitsOfMinimum: true, voidBelowMinimum: true };
    expect(wagerInUnits([15, 15], 0, 100, 10, 50, star, ['banker', 'banker'])).toEqual({ plays: [15, 15], adjustment: null });
    expect(wagerInUnits([15, 10], 0, 100, 10, 50, star, ['banker', 'banker'])).toEqual({ plays: [15, 5], adjustment: 'incomplete-increment' });
    // On two bets they are two wagers, each cut on its own.
    expect(wagerInUnits([15, 15], 0, 100, 10, 50, star, ['banker', 'tie'])).toEqual({ plays: [10, 10], adjustment: 'incomplete-increment' });
  });
  it('counts an undisclosed wager towards the minimum (15.8)', () => {
    expect(wagerInUnits([0], 10, 100, 10, 50)).toEqual({ plays: [0], adjustment: null });
  });
  it('leaves increments and a short wager the player cannot make up as placed where the rulebook does not count in units or void (Crown Melbourne 14.4.4(b))', () => {
    const crown = { inUnitsOfMinimum: false, voidBelowMinimum: false };
    expect(wagerInUnits([5], 0, 8, 10, 50, crown)).toEqual({ plays: [5], adjustment: null });
    expect(wagerInUnits([25], 0, 100, 10, 50, crown)).toEqual({ plays: [25], adjustment: null });
  });
});

describe.each([
  ['the-star-sydney', 'Star 2024 15.6.14'],
  ['crown-melbourne', 'Crown Melbourne 14.4.4(b)'],
])('%s: a session is not seated at a table whose smallest chip the minimum wager is no whole number of (%s)', (operator, clause) => {
  const SIX = [1, 2, 3, 4, 5, 6];
  const terms = completeTerms({ startingChips: 1000, wagerLimits: { minimum: 10, maximum: 500 } });
  const upToSession = (minimumChipCents: number): TournamentCommand[] => [
    publish(operator, terms),
    ...SIX.map((n) => enter(n)),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T1'] },
    { ...(tableOpened('T1') as Extract<TournamentCommand, { type: 'NoteTableOpened' }>), minimumChipCents },
    { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: SIX.map((n) => `e${n}`) },
  ];
  const start = startHeat();

  it('refuses the session at a table opened with cash-chip denominations (a chip of 500 against a minimum of 10), naming the table, the chip and what to do', () => {
    expect(() => play([start], play(upToSession(500)))).toThrow(expect.objectContaining({ code: 'TABLE_CHIP_NOT_A_UNIT_OF_THE_MINIMUM', clause: expect.stringContaining(clause), field: 'seating' }));
    expect(() => play([start], play(upToSession(3)))).toThrow(/smallest chip of 3/);
  });

  it('seats it where the smallest chip divides the minimum (1, 5 or 10 against 10)', () => {
    for (const chip of [1, 5, 10]) expect(play([start], play(upToSession(chip))).some((e) => e.type === 'TournamentSessionStarted')).toBe(true);
  });
});

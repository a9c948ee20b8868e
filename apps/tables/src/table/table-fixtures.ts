/** Test and simulator fixtures: table configurations that each rulebook accepts, and a way to play commands. */
import type { TableLimits } from '@app/contracts';
import { tableDecider, type OpenTable, type TableCommand } from './table.decider';
import type { Actor, OfferedBetConfig, TableEvent, TableState } from './table.events';

export const DEALER: Actor = { id: 'd-1', role: 'dealer' };
export const SUPERVISOR: Actor = { id: 's-1', role: 'gaming-supervisor' };
export const AREA_MANAGER: Actor = { id: 'am-1', role: 'area-manager' };
export const CASINO_MANAGER: Actor = { id: 'cm-1', role: 'casino-manager' };

export const T0 = '2025-09-01T10:00:00.000Z';
export const HASH = 'a'.repeat(64);

const limit = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });

export const CROWN_BETS: readonly OfferedBetConfig[] = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'traditional' },
  { bet: 'tie', option: 'standard' },
  { bet: 'pairs', option: 'standard' },
  { bet: 'runs-banker', option: 'standard' },
  { bet: 'dragon-tail-early', option: 'standard' },
];

export const CROWN_LIMITS: TableLimits = {
  perBet: {
    player: limit(2500, 500000),
    banker: limit(2500, 500000),
    tie: limit(500, 50000),
    pairs: limit(500, 50000),
    'runs-banker': limit(500, 20000),
    'dragon-tail-early': limit(500, 20000),
  },
  perBoxMaximumCents: 1000000,
  tableDifferentialCents: 2000000,
};

export const openCrown = (overrides: Partial<OpenTable> = {}): OpenTable => ({
  type: 'OpenTable',
  actor: SUPERVISOR,
  now: T0,
  tableId: 'T1',
  rulebookId: 'crown-melbourne-v29',
  variant: 'traditional',
  offeredBets: CROWN_BETS,
  decks: 8,
  limits: CROWN_LIMITS,
  minimumChipCents: 500,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 7,
  ...overrides,
});

export const openStar = (overrides: Partial<OpenTable> = {}): OpenTable => ({
  ...openCrown(),
  tableId: 'S1',
  rulebookId: 'star-sydney-2024',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'pairs', option: 'standard' },
  ],
  limits: { perBet: { player: limit(2500, 500000), banker: limit(2500, 500000), tie: limit(500, 50000), pairs: limit(500, 50000) }, tableDifferentialCents: 2000000 },
  dealingMethod: 'method-a',
  ...overrides,
});

/** A day Star 2021 was in force (8 July 2021 - 15 May 2024): a table under it plays then, or it moves to Star 2024. */
export const STAR_2021_DAY = '2023-03-01T02:00:00.000Z';
export const on = (now: string, commands: readonly TableCommand[]): TableCommand[] => commands.map((c) => ({ ...c, now }));

/** Plays commands through the decider and returns every event (the history a spec is given). */
export const play = (commands: readonly TableCommand[], from: readonly TableEvent[] = []): TableEvent[] => {
  let state: TableState = from.reduce(tableDecider.evolve, tableDecider.initialState());
  const events: TableEvent[] = [...from];
  for (const c of commands) {
    const out = tableDecider.decide(c, state);
    events.push(...out);
    state = out.reduce(tableDecider.evolve, state);
  }
  return events;
};

export const stateOf = (events: readonly TableEvent[]): TableState => events.reduce(tableDecider.evolve, tableDecider.initialState());

/** Start a shoe, cut and burn: ready for the first coup. */
export const readyShoe = (shoeId = 'shoe-1', cutCardFromBack = 20): TableCommand[] => [
  { type: 'StartShoe', actor: DEALER, now: T0, shoeId, cards: 'new', commitmentHash: HASH },
  { type: 'CutShoe', actor: DEALER, now: T0, cutBy: 'player-7', cutterKind: 'player', cutCardFromBack },
  { type: 'BurnCards', actor: DEALER, now: T0, method: 'standard', count: 1 },
];

export const deal = (coupId: string, cards: readonly string[], actor: Actor = DEALER, now = T0): TableCommand[] =>
  cards.map((card) => ({ type: 'DealCard', actor, now, coupId, card }));

const lim500 = limit(500, 50000);

/** Crown Melbourne 12: a Three Card Baccarat table (one deck, 12.4.1; bets of 12.5.1). */
export const openThreeCard = (overrides: Partial<OpenTable> = {}): OpenTable => ({
  ...openCrown(),
  tableId: 'TC1',
  variant: 'three-card',
  decks: 1,
  offeredBets: [
    { bet: 'three-card-baccarat', option: 'standard' },
    { bet: 'three-card-tie', option: 'standard' },
    { bet: 'three-pictures', option: 'standard' },
  ],
  limits: { perBet: { 'three-card-baccarat': lim500, 'three-card-tie': lim500, 'three-pictures': lim500 } },
  ...overrides,
});

/** Crown Melbourne 11: a Lucky Chase table (Player / Banker nominations only, 11.2.1). */
export const openLuckyChase = (overrides: Partial<OpenTable> = {}): OpenTable => ({
  ...openCrown(),
  tableId: 'LC1',
  variant: 'lucky-chase',
  offeredBets: [
    { bet: 'lucky-chase-player', option: 'standard' },
    { bet: 'lucky-chase-banker', option: 'standard' },
  ],
  limits: { perBet: { 'lucky-chase-player': limit(2500, 500000), 'lucky-chase-banker': limit(2500, 500000) } },
  ...overrides,
});

/** The tournaments service's session seating these boxes at a table in tournament mode (its TournamentSessionStarted), as the tables service notes it. */
export const tournamentSession = (tournamentId: string, boxes: readonly number[], sessionId = 'heat-1'): TableCommand => ({
  type: 'NoteTournamentSession',
  actor: { id: 'director-1', role: 'tournament-director' },
  now: T0,
  tournamentId,
  sessionId,
  seats: boxes.map((box) => ({ box, entryId: `e${box}` })),
});

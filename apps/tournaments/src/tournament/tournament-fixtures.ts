/** Spec and test fixtures: complete terms per rulebook, actors, and a way to play commands through the decider. */
import type { GameKind } from '@app/baccarat';
import type { TournamentTerms } from '@app/contracts';
import { PUBLISH_TERMS_EXAMPLE } from './dto/terms.example';
import { rulebookOnStart } from './tournament-rules.decider';
import type { Actor, TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

export const DIRECTOR: Actor = { id: 'td-1', role: 'tournament-director' };
export const SUPERVISOR: Actor = { id: 'gs-1', role: 'gaming-supervisor' };
export const DEALER: Actor = { id: 'd-1', role: 'dealer' };
export const CASINO_MANAGER: Actor = { id: 'cm-1', role: 'casino-manager' };
export const T0 = '2026-03-01T09:00:00.000Z';
/** When the fixtures' schedule ends: years on, so the tests over HTTP on the real clock play within it. */
const FIXTURES_END = '2036-03-01T18:00:00.000Z';


/** Terms stating every item any rulebook requires: 6 players per table, 1 000 chips, 10-500 wagers. */
export const completeTerms = (overrides: Partial<TournamentTerms> = {}): TournamentTerms => ({
  // The API document's complete terms, on the fixtures' own dates (UTC instants the specs count from). The schedule
  // runs on for years, so the tests over HTTP, on the real clock, publish and play within it (no terms for a schedule
  // already ended, no session after its end); a spec that needs the end gives its own.
  ...PUBLISH_TERMS_EXAMPLE.terms,
  schedule: { startsAt: '2026-03-01T09:00:00.000Z', endsAt: FIXTURES_END },
  withdrawalPeriod: { endsAt: '2026-02-25T00:00:00.000Z' },
  ...overrides,
});

/**
 * Complete terms whose tournament starts `leadMs` from now on the real clock, for the tests over HTTP, where the
 * server's clock is the time of every command: terms published at or after the start are refused (Crown Melbourne
 * 14.2.2), and so is a change to the Tournament details once it has started (14.4.1(c)). Pass `untilStart` the
 * terms before starting a session: no session starts before the scheduled start.
 */
export const termsStartingIn = (leadMs: number, overrides: Partial<TournamentTerms> = {}): TournamentTerms => {
  const startsAt = Date.now() + leadMs;
  return completeTerms({ schedule: { startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 9 * 3_600_000).toISOString() }, ...overrides });
};

/**
 * A schedule from `startsAt` to the fixtures' end (a schedule ends after it starts): the specs play their coups at T0
 * whatever the start, within the schedule (no session starts once it has ended).
 */
export const scheduleFrom = (startsAt: string): { startsAt: string; endsAt: string } => ({ startsAt, endsAt: FIXTURES_END });

/** Waits until the terms' scheduled start has passed on the real clock. */
export const untilStart = async (terms: TournamentTerms): Promise<void> => {
  const wait = Date.parse(terms.schedule?.startsAt ?? '') - Date.now() + 20;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/** Complete terms under Crown Melbourne 14, which keeps no order of wagering (14.4.4): the terms state none. */
export const crownTerms = (overrides: Partial<TournamentTerms> = {}): TournamentTerms => completeTerms({ orderOfWagering: null, ...overrides });

/** Complete terms under the Rapid rules, which must state what follows a coup without a wager (Rapid 12.2.1(c)). */
export const rapidTerms = (overrides: Partial<TournamentTerms> = {}): TournamentTerms => completeTerms({ compulsoryWager: { consequence: 'minimum-deducted' }, orderOfWagering: null, ...overrides });

/** A day before an instant: when the specs publish terms, before the tournament starts (Crown Melbourne 14.2.2). */
export const dayBefore = (at: string): string => new Date(Date.parse(at) - 86_400_000).toISOString();

/**
 * The terms as they are stated under the operator's rules: an order of wagering only where the rulebook has one (Star
 * 15.9.2-15.9.5; none at Crown Melbourne 14 or in Rapid 12), the rest as given. The complete terms state one for the
 * Star; a spec that wants terms stating one where the rules have none builds them itself.
 */
export const termsUnder = (operator: string, terms: TournamentTerms = completeTerms(), game?: GameKind): TournamentTerms => {
  if (terms.orderOfWagering !== true) return terms;
  let hasOrder = true;
  try {
    hasOrder = !!rulebookOnStart(operator, terms.schedule?.startsAt ?? T0, game).procedures.tournaments?.play.orderOfWagering;
  } catch {
    // An operator or date the decider refuses: the terms as given, for the refusal to be about that.
  }
  return hasOrder ? terms : { ...terms, orderOfWagering: null };
};

export const publish = (operator = 'the-star-sydney', terms: TournamentTerms = completeTerms(), extra: Partial<Extract<TournamentCommand, { type: 'PublishTerms' }>> = {}): TournamentCommand => ({
  type: 'PublishTerms',
  actor: DIRECTOR,
  now: dayBefore(terms.schedule?.startsAt ?? T0),
  tournamentId: 'cup',
  name: 'Spring Baccarat Cup',
  operator,
  terms: termsUnder(operator, terms, extra.game),
  ...extra,
});

export const enter = (n: number, extra: Partial<Extract<TournamentCommand, { type: 'EnterTournament' }>> = {}): TournamentCommand => ({
  type: 'EnterTournament',
  actor: DIRECTOR,
  now: T0,
  entryId: `e${n}`,
  patronId: `P${n}`,
  entitledToGamble: true,
  employee: false,
  feePaidCents: 10_000,
  ...extra,
});

export const tableOpened = (tableId: string, forTournament = true): TournamentCommand => ({
  type: 'NoteTableOpened',
  actor: DEALER,
  now: T0,
  tableId,
  forTournament,
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
  ],
});

/** Plays commands through the decider; returns every event (the history a spec is given). */
export const play = (commands: readonly TournamentCommand[], from: readonly TournamentEvent[] = []): TournamentEvent[] => {
  let state: TournamentState = from.reduce(tournamentDecider.evolve, tournamentDecider.initialState());
  const events: TournamentEvent[] = [...from];
  for (const c of commands) {
    const out = tournamentDecider.decide(c, state);
    events.push(...out);
    state = out.reduce(tournamentDecider.evolve, state);
  }
  return events;
};

export const stateOf = (events: readonly TournamentEvent[]): TournamentState => events.reduce(tournamentDecider.evolve, tournamentDecider.initialState());

/** The events of one type in a history, typed as that event. */
export const ofType = <T extends TournamentEvent['type']>(events: readonly TournamentEvent[], type: T) => events.filter((e) => e.type === type) as Extract<TournamentEvent, { type: T }>[];

type StartSession = Extract<TournamentCommand, { type: 'StartSession' }>;
type EndSession = Extract<TournamentCommand, { type: 'EndSession' }>;

/** The director starts a session seating `entries` in order at boxes 1, 2, ... of one table (T1 and T0 unless given). */
export const startSessionAt = (
  sessionId: string,
  kind: StartSession['kind'],
  entries: readonly string[],
  { tableId = 'T1', now = T0, ...extra }: { tableId?: string; now?: string } & Pick<StartSession, 'buyInNotProvided' | 'rapidTables'> = {},
): TournamentCommand => ({
  type: 'StartSession',
  actor: DIRECTOR,
  now,
  sessionId,
  kind,
  seating: entries.map((entryId, i) => ({ entryId, tableId, box: i + 1 })),
  ...extra,
});

/** The director ends a session at `now` (T0 unless given), with the players' agreements to end it early where given. */
export const endSession = (sessionId: string, now: string = T0, agreements?: EndSession['agreements']): TournamentCommand => ({
  type: 'EndSession',
  actor: DIRECTOR,
  now,
  sessionId,
  ...(agreements ? { agreements } : {}),
});

/**
 * A Star tournament with `players` entries seated six to a table at T1..T3 in heat `h1`, entries closed and the
 * tables designated and opened in tournament mode.
 */
const tablesFor = (players: number): string[] => ['T1', 'T2', 'T3'].slice(0, Math.ceil(players / 6));

/** Everything up to the first session's start: terms published, entries closed, tables designated and open, players briefed. */
export const readyForFirstSession = (players = 6, operator = 'the-star-sydney', terms: TournamentTerms = completeTerms()): TournamentEvent[] => {
  const tables = tablesFor(players);
  return play([
    publish(operator, terms),
    ...Array.from({ length: players }, (_, i) => enter(i + 1)),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: tables },
    ...tables.map((t) => tableOpened(t)),
    { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: Array.from({ length: players }, (_, i) => `e${i + 1}`) },
  ]);
};

/** The heat h1 started at `now`, every player seated six to a table in entry order. */
export const startHeat = (now: string = T0, players = 6): TournamentCommand => {
  const tables = tablesFor(players);
  return {
    type: 'StartSession',
    actor: DIRECTOR,
    now,
    sessionId: 'h1',
    kind: 'heat',
    seating: Array.from({ length: players }, (_, i) => ({ entryId: `e${i + 1}`, tableId: tables[Math.floor(i / 6)], box: (i % 6) + 1 })),
  };
};

export const heatUnderWay = (players = 6, operator = 'the-star-sydney', terms: TournamentTerms = completeTerms()): TournamentEvent[] =>
  play([startHeat(T0, players)], readyForFirstSession(players, operator, terms));

// ---- table events, as the consumer turns them into commands ---------------------------------------------
export const coupStarted = (coupId: string, tableId = 'T1'): TournamentCommand => ({ type: 'NoteCoupStarted', actor: DEALER, now: T0, tableId, coupId, dummy: false });
export const wagers = (coupId: string, list: readonly [box: number, amount: number][], tableId = 'T1'): TournamentCommand => ({
  type: 'NoteWagers',
  actor: DEALER,
  now: T0,
  tableId,
  coupId,
  wagers: list.map(([box, amount]) => ({ box, amount })),
});
export const firstCard = (coupId: string, tableId = 'T1'): TournamentCommand => ({ type: 'NoteFirstCard', actor: DEALER, now: T0, tableId, coupId });
/** Banker wins with a natural 9 against 5 (Player 2H 3D, Banker 9C KS). */
export const bankerWins = (coupId: string, tableId = 'T1'): TournamentCommand => ({
  type: 'NoteCoupCompleted',
  actor: DEALER,
  now: T0,
  tableId,
  coupId,
  result: 'banker',
  playerCards: ['2H', '3D'],
  bankerCards: ['9C', 'KS'],
});
/** Player wins with a natural 9 against 5 (Player 9H KD, Banker 2C 3S). */
export const playerWins = (coupId: string, tableId = 'T1'): TournamentCommand => ({
  type: 'NoteCoupCompleted',
  actor: DEALER,
  now: T0,
  tableId,
  coupId,
  result: 'player',
  playerCards: ['9H', 'KD'],
  bankerCards: ['2C', '3S'],
});
/** Settlement lines: [box, amount, net] in the order the dealer settled them. */
export const settled = (coupId: string, list: readonly [box: number, amount: number, net: number][], tableId = 'T1'): TournamentCommand => ({
  type: 'NoteSettlement',
  actor: DEALER,
  now: T0,
  tableId,
  coupId,
  settlements: list.map(([box, amount, net]) => ({ box, amount, net, outcome: net > 0 ? 'win' : net < 0 ? 'lose' : 'push' })),
});

/**
 * One coup played through at a table as the tables service reports it: started, each [box, wager, won?] on the winning
 * hand's bet, the first card, the result (Player by default), and the settlement (won: +wager, lost: -wager).
 */
export const playedCoup = (id: string, lines: readonly [box: number, amount: number, won: boolean][], tableId = 'T1', result: 'player' | 'banker' = 'player'): TournamentCommand[] => [
  coupStarted(id, tableId),
  wagers(id, lines.map(([b, a]) => [b, a]), tableId),
  firstCard(id, tableId),
  result === 'player' ? playerWins(id, tableId) : bankerWins(id, tableId),
  settled(id, lines.map(([b, a, won]) => [b, a, won ? a : -a]), tableId),
];

/** A request a test or the benchmark sends to the platform's HTTP API, with the role it is sent as. */
export interface FloorRequest {
  readonly path: string;
  readonly role: 'gaming-supervisor' | 'dealer';
  readonly body: object;
}

/**
 * What the floor does to bring a table into a tournament through the tables service (Star 2024 15.5.2): open it
 * in tournament mode under Star 2024 with tournament limits (10-500 chips a bet), seat six players, and ready a
 * new shoe (shuffled, cut, burnt). The tournament end-to-end test and the tournaments benchmark both send these.
 * `patronAt(box)` is the player the session will seat at the box (the entry's patron): once the session plays, the
 * table takes wagers only from the session's player at each box (Star 2024 15.5.2).
 */
export const tournamentTableRequests = (tableId: string, tournamentId: string, shoeId: string, commitmentHash: string, patronAt: (box: number) => string = (box) => `${tableId}-p${box}`): FloorRequest[] => [
  {
    path: '/tables',
    role: 'gaming-supervisor',
    body: {
      tableId,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [
        { bet: 'player', option: 'standard' },
        { bet: 'banker', option: 'traditional' },
        { bet: 'tie', option: 'standard' },
      ],
      decks: 8,
      limits: { perBet: ['player', 'banker', 'tie'].map((bet) => ({ bet, minimumCents: 10, maximumCents: 500 })), tableDifferentialCents: 100_000 },
      minimumChipCents: 1,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: 7,
      tournamentId,
    },
  },
  ...Array.from({ length: 6 }, (_, i): FloorRequest => ({ path: `/tables/${tableId}/seats`, role: 'dealer', body: { box: i + 1, sessionId: `${tableId}-s${i + 1}`, patronId: patronAt(i + 1) } })),
  { path: `/tables/${tableId}/shoes`, role: 'dealer', body: { shoeId, cards: 'new', commitmentHash } },
  { path: `/tables/${tableId}/shoe/cut`, role: 'dealer', body: { cutBy: 'player', cutterKind: 'player', cutCardFromBack: 20 } },
  { path: `/tables/${tableId}/shoe/burn`, role: 'dealer', body: { method: 'standard', count: 1 } },
];

/** Shared test data for the Rapid Baccarat specs, integration tests and benchmark. */
import type { RapidStation, RapidTableTerms } from '@app/contracts';
import type { OpenRapidTable } from '../table/rapid-table.decider';

export const T0 = '2026-11-26T10:00:00.000Z';
export const at = (seconds: number): string => new Date(Date.parse(T0) + seconds * 1000).toISOString();

export const DEALER = { id: 'dealer-1', role: 'dealer' } as const;
export const SUPERVISOR = { id: 'gs-1', role: 'gaming-supervisor' } as const;
export const CASINO_SUPERVISOR = { id: 'am-1', role: 'area-manager' } as const;
export const ats = (atsId: string) => ({ id: atsId, role: 'ats' }) as const;

export const OFFERED_BETS = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'traditional' },
  { bet: 'tie', option: 'standard' },
  { bet: 'pairs', option: 'standard' },
  { bet: 'perfect-pairs', option: '1' },
  { bet: 'dragon-bonus-player', option: '1' },
  { bet: 'dragon-bonus-banker', option: '1' },
  { bet: 'super-6', option: '12' },
] as const;

const limit = (minCents: number, maxCents: number, incrementCents = 500) => ({ minCents, maxCents, incrementCents });

export const LIMITS = {
  player: limit(1_000, 500_000),
  banker: limit(1_000, 500_000),
  tie: limit(500, 50_000),
  pairs: limit(500, 50_000),
  'perfect-pairs': limit(500, 50_000),
  'dragon-bonus-player': limit(500, 50_000),
  'dragon-bonus-banker': limit(500, 50_000),
  'super-6': limit(500, 50_000),
};

export const stations = (tableId: string, count: number, remote: { readonly remote?: boolean; readonly printer?: boolean } = {}): RapidStation[] =>
  Array.from({ length: count }, (_, i) => ({ atsId: `${tableId}-ATS${String(i + 1).padStart(2, '0')}`, remote: remote.remote ?? false, printer: remote.printer ?? false }));

export const openTable = (tableId: string, over: Partial<OpenRapidTable> = {}): OpenRapidTable => ({
  type: 'OpenRapidTable',
  tableId,
  floorId: 'main',
  rulebookId: 'crown-melbourne-rapid',
  variant: 'traditional',
  offeredBets: OFFERED_BETS.map((b) => ({ ...b })),
  limits: LIMITS,
  aggregateMinimumCents: null,
  decks: 8,
  wageringPeriodSeconds: null,
  stations: [...stations(tableId, 3), { atsId: `${tableId}-R1`, remote: true, printer: true }, { atsId: `${tableId}-R2`, remote: true, printer: false }],
  actor: CASINO_SUPERVISOR,
  now: T0,
  ...over,
});

export const TERMS: RapidTableTerms = {
  rulebookId: 'crown-melbourne-rapid',
  variant: 'traditional',
  offeredBets: OFFERED_BETS.map((b) => ({ ...b })),
  limits: LIMITS,
  aggregateMinimumCents: null,
};

/** Outcomes by hand, legal under the Table of Play. */
export const OUTCOMES = {
  /** Player stands on 6, Banker stands on 7. */
  bankerWins: { playerCards: ['2H', '4S'], bankerCards: ['7D', 'KC'] },
  /** Player natural 9 against Banker 7. */
  playerWins: { playerCards: ['9H', 'KS'], bankerCards: ['5D', '2C'] },
  /** 7 each, both stand. */
  tie: { playerCards: ['7H', 'KS'], bankerCards: ['7D', 'QC'] },
  /** A Player pair of 4s: a natural 8 against Banker 7. */
  playerPairWins: { playerCards: ['4H', '4S'], bankerCards: ['5D', '2C'] },
} as const;

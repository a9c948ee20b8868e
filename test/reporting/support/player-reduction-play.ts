/**
 * A Crown Melbourne table where players reduce and retract wagers after no more bets, played through the tables
 * service's own decider (Crown Melbourne 10.7(b): after a wrong delivery each player may retract or reduce; 10.9.1(b),
 * (d): while drawn cards are unexposed, permitted by a TG Higher Duties Dealer):
 * - c1: 100.00 on the Player (box 1), 100.00 on the Banker (box 2); a wrong delivery: box 1 reduces to 50.00 and box 2
 *   retracts (10.7(b)); the Player wins 50.00.
 * - c2: the same wagers; cards drawn unexposed: box 2 reduces to 80.00, then to 60.00 (10.9.1(b)); the Player wins
 *   100.00 and the Banker loses the 60.00 that stood, the other 40.00 handed back.
 * - c3: the same wagers; a wrong delivery: box 1 reduces to 30.00 (10.7(b)); the Banker wins 100.00 less 5.00
 *   commission and the Player loses the 30.00 that stood.
 */
import type { TableCommand } from '../../../apps/tables/src/table/table.decider';
import { DEALER, SUPERVISOR, T0, deal, openCrown, play, readyShoe } from '../../../apps/tables/src/table/table-fixtures';
import type { TableEvent } from '../../../apps/tables/src/table/table.events';

export const REDUCTION_TABLE = 'T1';
/** The period holding the play (the fixtures play at T0). */
export const REDUCTION_FROM = '2025-09-01T00:00:00.000Z';
export const REDUCTION_TO = '2025-09-02T00:00:00.000Z';

const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const place = (coupId: string): TableCommand => ({
  type: 'PlaceWagers', actor: DEALER, now: T0, coupId,
  wagers: [{ wagerId: `${coupId}-p`, box: 1, bet: 'player', amountCents: 10000 }, { wagerId: `${coupId}-b`, box: 2, bet: 'banker', amountCents: 10000 }],
});
type Ground = Extract<TableCommand, { type: 'ChangeWager' }>['ground'];
const change = (coupId: string, wagerId: string, toCents: number, ground: Ground): TableCommand => ({ type: 'ChangeWager', actor: SUPERVISOR, now: T0, coupId, wagerId, toCents, ground });

export const playerReductionPlay = (): TableEvent[] =>
  play([
    openCrown({ tableId: REDUCTION_TABLE }), seat(1), seat(2), ...readyShoe(),
    start('c1'), place('c1'), ...deal('c1', ['9H', '2C']), change('c1', 'c1-p', 5000, 'wrong-delivery'), change('c1', 'c1-b', 0, 'wrong-delivery'), ...deal('c1', ['KD', '3S']),
    start('c2'), place('c2'), ...deal('c2', ['9H', '2C']), change('c2', 'c2-b', 8000, 'cards-drawn-unexposed'), change('c2', 'c2-b', 6000, 'cards-drawn-unexposed'), ...deal('c2', ['KD', '3S']),
    start('c3'), place('c3'), ...deal('c3', ['2C', '9H']), change('c3', 'c3-p', 3000, 'wrong-delivery'), ...deal('c3', ['3S', 'KD']),
  ]);

/** The Player row: turnover what stood, 50.00 + 100.00 + 30.00; paid 50.00 + 100.00; lost 30.00. */
export const REDUCTION_PLAYER_ROW = { wagers: 3, turnoverCents: 18000, paidCents: 15000, commissionCents: 0, houseWinCents: 3000 - 15000, holdPercent: -66.6667 };
/** The Banker row (the retracted wager is no wager): turnover 60.00 + 100.00; paid 100.00, commission 5.00; lost 60.00. */
export const REDUCTION_BANKER_ROW = { wagers: 2, turnoverCents: 16000, paidCents: 10000, commissionCents: 500, houseWinCents: 6000 - 10000 + 500, holdPercent: -21.875 };

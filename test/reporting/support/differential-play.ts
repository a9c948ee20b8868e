/**
 * A Crown Melbourne table with a table differential of 1,000.00, played through the tables service's own decider:
 * - c1: box 1 has a prior arrangement to wager over the differential (Crown Melbourne 6.5) and wagers 3,000.00 on the
 *   Player against 1,000.00 on the Banker; the Player wins: paid 1 to 1 less 2.5% of the 2,000.00 over the
 *   differential (6.5.2): commission 50.00.
 * - c2: 3,000.00 on the Player against 1,000.00 on the Banker, no arrangement: the dealer reduces the Player wager
 *   before the first card to 2,000.00 (6.4); the Player wins 2,000.00.
 * - c3: the same reduction, and the Banker wins: the reduced Player wager loses the 2,000.00 that stood, the other
 *   1,000.00 was handed back before the deal.
 */
import type { TableCommand } from '../../../apps/tables/src/table/table.decider';
import { AREA_MANAGER, CROWN_LIMITS, DEALER, T0, deal, openCrown, play, readyShoe } from '../../../apps/tables/src/table/table-fixtures';
import type { TableEvent } from '../../../apps/tables/src/table/table.events';

export const DIFFERENTIAL_TABLE = 'T1';
/** The period holding the play (the fixtures play at T0). */
export const DIFFERENTIAL_FROM = '2025-09-01T00:00:00.000Z';
export const DIFFERENTIAL_TO = '2025-09-02T00:00:00.000Z';

const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const BANKER_NATURAL = ['2C', '9H', '3S', 'KD'];
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const place = (coupId: string, boxes: [number, number]): TableCommand => ({
  type: 'PlaceWagers', actor: DEALER, now: T0, coupId,
  wagers: [{ wagerId: `${coupId}-p`, box: boxes[0], bet: 'player', amountCents: 300000 }, { wagerId: `${coupId}-b`, box: boxes[1], bet: 'banker', amountCents: 100000 }],
});
const reduce = (coupId: string): TableCommand => ({ type: 'ReduceToDifferential', actor: DEALER, now: T0, coupId });

export const differentialPlay = (): TableEvent[] =>
  play([
    openCrown({ tableId: DIFFERENTIAL_TABLE, limits: { ...CROWN_LIMITS, tableDifferentialCents: 100000 } }), seat(1), seat(2), seat(3), seat(4),
    { type: 'ArrangeOverDifferential', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 300000 },
    ...readyShoe(),
    start('c1'), place('c1', [1, 2]), ...deal('c1', PLAYER_NATURAL),
    start('c2'), place('c2', [3, 4]), reduce('c2'), ...deal('c2', PLAYER_NATURAL),
    start('c3'), place('c3', [3, 4]), reduce('c3'), ...deal('c3', BANKER_NATURAL),
  ]);

/**
 * The Player row as the rulebook counts it: turnover is what stood, 3,000.00 arranged (6.5: not reduced) and 2,000.00
 * twice after the reductions (6.4); paid 3,000.00 + 2,000.00; commission 50.00 (6.5.2); lost 2,000.00.
 */
export const DIFFERENTIAL_PLAYER_ROW = { wagers: 3, turnoverCents: 700000, paidCents: 500000, commissionCents: 5000, houseWinCents: 200000 - 500000 + 5000, holdPercent: -42.1429 };

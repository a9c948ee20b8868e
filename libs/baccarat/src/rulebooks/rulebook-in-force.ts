/**
 * Which rulebook version applies to a play: the platform applies the version in force when the play happened
 * (e.g. a Star Sydney coup on 2024-05-15 is settled under Star 2021, one on 2024-05-16 under Star 2024).
 */
import { notFound, ruleViolation } from '@app/contracts';
import type { Rulebook, RulebookSeriesId } from './rulebook.types';
import { RULEBOOKS } from './rulebooks';

export type GameKind = 'baccarat' | 'rapid-baccarat';

const SERIES_GAME: Record<RulebookSeriesId, GameKind> = {
  'crown-melbourne-baccarat': 'baccarat',
  'crown-melbourne-rapid-baccarat': 'rapid-baccarat',
  'star-sydney-baccarat': 'baccarat',
  'crown-sydney-baccarat': 'baccarat',
};

/** Short names accepted for a series besides its id, operator id, operator name and jurisdiction. */
const SERIES_ALIASES: Record<RulebookSeriesId, readonly string[]> = {
  'crown-melbourne-baccarat': ['crown-melbourne', 'crown melbourne'],
  'crown-melbourne-rapid-baccarat': ['crown-melbourne-rapid', 'rapid-baccarat', 'crown melbourne rapid baccarat'],
  'star-sydney-baccarat': ['star-sydney', 'the star', 'the star sydney', 'star'],
  'crown-sydney-baccarat': ['crown sydney'],
};

const keysOf = (r: Rulebook): string[] =>
  [r.series, r.operatorId, r.operator, r.jurisdiction, ...SERIES_ALIASES[r.series]].map((k) => k.toLowerCase());

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The rulebook version in force on `isoDate` for a series, operator or jurisdiction.
 *
 * - `jurisdictionOrOperator`: a series id ('star-sydney-baccarat'), an alias ('star-sydney', 'crown-melbourne',
 *   'crown-melbourne-rapid'), an operator id or name ('the-star-sydney', 'Crown Melbourne Limited') or a
 *   jurisdiction ('VIC', 'NSW'); case-insensitive.
 * - `isoDate`: 'YYYY-MM-DD' or an ISO timestamp; only the calendar date is used, compared as a string. Pass
 *   the venue's local date (`Rulebook.timeZone`): a UTC timestamp just after local midnight carries the
 *   previous day.
 * - `game`: Crown Melbourne runs two rulebooks (Baccarat and Rapid Baccarat); 'baccarat' (the default) or
 *   'rapid-baccarat' picks one when the key matches both.
 *
 * Throws DomainError 'rule' INVALID_PLAY_DATE for a malformed date, 'rule' RULEBOOK_AMBIGUOUS when the key
 * matches several operators' rulebooks (NSW: The Star and Crown Sydney), and 'not-found' RULEBOOK_NOT_FOUND /
 * RULEBOOK_NOT_IN_FORCE when nothing matches or no version had taken effect by that date.
 */
export const rulebookInForce = (jurisdictionOrOperator: string, isoDate: string, game?: GameKind): Rulebook => {
  if (!ISO_DATE.test(isoDate)) {
    throw ruleViolation('INVALID_PLAY_DATE', `"${isoDate}" is not an ISO date (YYYY-MM-DD).`, undefined, 'isoDate');
  }
  const date = isoDate.slice(0, 10);
  const key = jurisdictionOrOperator.trim().toLowerCase();
  const matching = RULEBOOKS.filter((r) => keysOf(r).includes(key));
  if (matching.length === 0) {
    throw notFound('RULEBOOK_NOT_FOUND', `No rulebook for "${jurisdictionOrOperator}".`);
  }
  const byGame = (wanted: GameKind) => matching.filter((r) => SERIES_GAME[r.series] === wanted);
  let candidates = game ? byGame(game) : matching;
  let series = new Set(candidates.map((r) => r.series));
  if (!game && series.size > 1) {
    candidates = byGame('baccarat');
    series = new Set(candidates.map((r) => r.series));
  }
  if (candidates.length === 0) {
    throw notFound('RULEBOOK_NOT_FOUND', `No ${game} rulebook for "${jurisdictionOrOperator}".`);
  }
  if (series.size > 1) {
    throw ruleViolation(
      'RULEBOOK_AMBIGUOUS',
      `"${jurisdictionOrOperator}" matches several rulebooks (${[...series].join(', ')}); name the operator or series.`,
      undefined,
      'jurisdictionOrOperator',
    );
  }
  const inForce = candidates
    .filter((r) => r.effectiveFrom <= date)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0));
  if (inForce.length === 0) {
    const earliest = candidates.map((r) => `${r.id} from ${r.effectiveFrom}`).join(', ');
    throw notFound('RULEBOOK_NOT_IN_FORCE', `No ${[...series][0]} rulebook was in force on ${date} (known: ${earliest}).`);
  }
  return inForce[0];
};

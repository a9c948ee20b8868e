/**
 * Which rulebook version applies to a play: the platform applies the version in force when the play happened
 * (e.g. a Star Sydney coup on 2024-05-15 is settled under Star 2021, one on 2024-05-16 under Star 2024).
 */
import { notFound, ruleViolation } from '@app/contracts';
import type { CasinoId, Rulebook, RulebookSeriesId } from './rulebook.types';
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

/**
 * The casino of the rulebooks an operator or series names, as `rulebookInForce` reads the name (e.g. the-star-sydney,
 * crown-melbourne): a series is played at one casino in every version. Undefined for a name that matches no rulebook
 * or several series (NSW: Crown Sydney and The Star).
 */
export const casinoNamedBy = (jurisdictionOrOperator: string, game?: GameKind): CasinoId | undefined => {
  try {
    return rulebookInForce(jurisdictionOrOperator, '9999-12-31', game).casino;
  } catch {
    return undefined;
  }
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at the venue at an ISO instant: the date that decides the version in force. */
export const playDateAt = (instant: string, timeZone: Rulebook['timeZone']): string => {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(epochMillis(instant));
};

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds since the epoch of an ISO 8601 instant, by arithmetic (the engine reads no clock). */
const epochMillis = (instant: string): number => {
  const m = ISO_INSTANT.exec(instant);
  if (!m) throw ruleViolation('INVALID_PLAY_DATE', `"${instant}" is not an ISO instant.`, undefined, 'now');
  const [y, mo, d, h = '0', mi = '0', sec = '0', frac = '0', zone = 'Z'] = m.slice(1);
  // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
  const yy = Number(mo) <= 2 ? Number(y) - 1 : Number(y);
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (Number(mo) + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + Number(d) - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  return ((days * 24 + Number(h)) * 60 + Number(mi) - offset) * 60_000 + Number(sec) * 1000 + ms;
};

/** Every rulebook version in force on a date (each series' latest version that had taken effect). */
export const rulebooksInForce = (isoDate: string): Rulebook[] => {
  const date = isoDate.slice(0, 10);
  const latest = new Map<RulebookSeriesId, Rulebook>();
  for (const r of RULEBOOKS) {
    if (r.effectiveFrom > date) continue;
    const seen = latest.get(r.series);
    if (!seen || seen.effectiveFrom < r.effectiveFrom) latest.set(r.series, r);
  }
  return [...latest.values()];
};

/**
 * Refuses play under `rulebook` at `instant` unless it is the version of its series in force on the venue's
 * date then: DomainError 'rule' RULEBOOK_NOT_IN_FORCE naming the versions that are (field `rulebookId`).
 */
export const assertRulebookInForce = (rulebook: Rulebook, instant: string): void => {
  const date = playDateAt(instant, rulebook.timeZone);
  const inForce = rulebooksInForce(date);
  if (inForce.some((r) => r.id === rulebook.id)) return;
  const successor = inForce.find((r) => r.series === rulebook.series);
  const why = successor
    ? `${rulebook.id} is superseded by ${successor.id} (in force from ${successor.effectiveFrom})`
    : `${rulebook.id} takes effect on ${rulebook.effectiveFrom}`;
  throw ruleViolation(
    'RULEBOOK_NOT_IN_FORCE',
    `${why}: it is not in force on ${date} at the venue. In force that day: ${inForce.map((r) => r.id).join(', ')}.`,
    `${rulebook.citation} (effective from ${rulebook.effectiveFrom})`,
    'rulebookId',
  );
};

/** The version of `rulebook`'s series in force at `instant` when it is a later one (the table moves to it), else null. */
export const rulebookSucceeding = (rulebook: Rulebook, instant: string): Rulebook | null => {
  const next = rulebooksInForce(playDateAt(instant, rulebook.timeZone)).find((r) => r.series === rulebook.series);
  return next && next.id !== rulebook.id && next.effectiveFrom > rulebook.effectiveFrom ? next : null;
};

/**
 * The table's configuration against its rulebook, and its changes while open: limits (announced, applied,
 * grandfathered, individual) and the game in play. Opening a table checks its configuration here too.
 */
import { isBetId, payTableOptions, type BetId } from '@app/baccarat';
import { conflict, ruleViolation, type TableLimits } from '@app/contracts';
import { procedureClause, validateRapidUniformity, validateTableConfiguration, type Rulebook, type TableConfiguration, type VariantId } from '../engine-adapter/rulebooks';
import { addMinutes, requireRole } from './table-rules';
import type { ApplyAnnouncedLimits, ApplyGameChange, ChangeGame, ChangeLimits, LimitPlayers, OpenTable, PeerTable, SetIndividualLimit } from './table-command.types';
import { requireOpen } from './table-guards.decider';
import type { Seat, TableEvent, TableState } from './table.events';

export const validateConfiguration = (
  rb: Rulebook,
  c: Pick<OpenTable, 'variant' | 'offeredBets' | 'decks' | 'limits' | 'minimumChipCents' | 'dealingMethod' | 'jackpotIds' | 'tournamentId'>,
  peerTables: readonly PeerTable[] = [],
) => {
  const config: TableConfiguration = {
    variant: c.variant as VariantId,
    offeredBets: c.offeredBets.map((b) => ({ bet: b.bet as BetId, option: b.option })),
    decks: c.decks,
    limits: {
      perBet: Object.fromEntries(Object.entries(c.limits.perBet).map(([bet, l]) => [bet, { min: l.minimumCents, max: l.maximumCents }])),
      ...(c.limits.perBoxMaximumCents !== undefined ? { perBoxMax: c.limits.perBoxMaximumCents } : {}),
      ...(c.limits.tableDifferentialCents !== undefined ? { tableDifferential: c.limits.tableDifferentialCents } : {}),
    },
    minimumChip: c.minimumChipCents,
    dealingMethod: c.dealingMethod as TableConfiguration['dealingMethod'],
    // A table opened for a tournament may deal tournament-only games (Crown Melbourne 1.1 'Zero Commission Baccarat').
    tournament: Boolean(c.tournamentId),
  };
  const violations = validateTableConfiguration(rb, config);
  if (violations.length > 0) {
    const v = violations[0];
    throw ruleViolation(v.rule, violations.map((x) => `${x.field}: ${x.message}`).join(' '), v.clause, v.field);
  }
  for (const b of c.offeredBets) {
    if (!isBetId(b.bet) || !payTableOptions(b.bet).includes(b.option)) {
      throw ruleViolation('PAY_TABLE_OPTION_UNKNOWN', `"${b.bet}" cannot be settled with option "${b.option}".`, undefined, 'offeredBets');
    }
  }
  assertUniformAcrossTables(rb, config, peerTables);
};

/**
 * Bets the rulebook makes uniform across tables use the option the other open tables use (Rapid 10.1): this table
 * is checked against them (their own disagreements are not its to answer for).
 */
const assertUniformAcrossTables = (rb: Rulebook, config: TableConfiguration, peerTables: readonly PeerTable[]) => {
  if (peerTables.length === 0) return;
  const peers = peerTables.map((p): TableConfiguration => ({ ...config, offeredBets: p.offeredBets.map((b) => ({ bet: b.bet as BetId, option: b.option })) }));
  const mine = `tables[${peers.length}].`;
  const violation = validateRapidUniformity(rb, [...peers, config]).find((v) => v.field.startsWith(mine));
  if (!violation) return;
  const field = violation.field.slice(mine.length);
  const offered = config.offeredBets[Number(/\[(\d+)\]/.exec(field)?.[1] ?? 0)];
  const peer = peerTables.find((p) => p.offeredBets.some((b) => b.bet === offered.bet));
  const theirs = peer?.offeredBets.find((b) => b.bet === offered.bet)?.option;
  throw ruleViolation(violation.rule, `"${offered.bet}" is offered with option "${theirs}" at table ${peer?.tableId}: every table offering it uses the same option, not "${offered.option}".`, violation.clause, field);
};

/**
 * A jackpot table can hit its Lucky Tie: the rulebook must provide the jackpot (Crown Melbourne 13.4), and the game
 * must deal a Player and a Banker hand, whose first two cards make the Lucky Tie (Crown Melbourne definitions,
 * 'Lucky Tie Jackpot'; 13.4.3). Three Card Baccarat deals neither, so it would contribute to a meter it can never hit.
 */
export const requireLuckyTieTable = (rb: Rulebook, variant: string, jackpotIds: readonly string[], field: 'jackpotIds' | 'variant') => {
  if (jackpotIds.length === 0) return;
  if (!rb.procedures.luckyTieJackpot) {
    throw ruleViolation('JACKPOT_NOT_IN_RULEBOOK', `${rb.citation} provides no Lucky Tie Jackpot: open the table with no jackpotIds.`, `${rb.citation} (no provision)`, field);
  }
  if (variant === 'three-card') {
    const fix = field === 'jackpotIds' ? 'open it with no jackpotIds' : `this table is on jackpot(s) ${jackpotIds.join(', ')}: close it and open it as Three Card Baccarat with no jackpotIds`;
    throw ruleViolation('JACKPOT_NEEDS_PLAYER_AND_BANKER_HANDS', `A Lucky Tie is a Tie of the Player and Banker hands, which Three Card Baccarat does not deal: ${fix}.`, procedureClause(rb, 'lucky-tie-hand'), field);
  }
};

const raisesAnyMinimum = (prev: TableLimits, next: TableLimits): boolean =>
  Object.entries(next.perBet).some(([bet, l]) => l.minimumCents > (prev.perBet[bet]?.minimumCents ?? 0));

export const changeLimits = (c: ChangeLimits, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const lc = rb.procedures.limitChange;
  const clause = requireRole(c.actor, lc?.authority, { role: 'area-manager', clause: lc?.clause ?? `${rb.citation} (no provision)` }, 'Changing table limits');
  validateConfiguration(rb, { ...s, limits: c.next });
  const raise = raisesAnyMinimum(s.limits, c.next);
  const immediate = (noticeGivenAt: string): TableEvent => ({
    type: 'TableLimitsChanged',
    tableId: s.tableId,
    previous: s.limits,
    next: c.next,
    noticeGivenAt,
    effectiveAt: c.now,
    clause,
    by: c.actor,
    reason: c.reason ?? null,
  });
  if (!raise) return [immediate(c.now)];
  if (c.grandfatherSeatedPlayers) {
    const g = lc?.grandfatheredMinimum;
    if (!g?.allowed) {
      throw ruleViolation('GRANDFATHERED_MINIMUM_NOT_PROVIDED', `${rb.citation} has no provision to keep seated players on the old minimum: give the sign's notice instead.`, g?.clause ?? clause);
    }
    // Star 6.7.2: a player already on a pre-existing minimum keeps it; only a 20-minute sign may raise it.
    const minimumsFor = (seat: Seat) => Object.fromEntries(Object.entries(s.limits.perBet).map(([bet, l]) => [bet, seat.grandfatheredMinimums?.[bet] ?? l.minimumCents]));
    return [
      immediate(c.now),
      ...Object.entries(s.seats).map(([box, seat]): TableEvent => ({
        type: 'GrandfatheredMinimumGranted',
        tableId: s.tableId,
        box: Number(box),
        sessionId: seat.sessionId,
        perBetMinimumCents: minimumsFor(seat),
        marker: g.marker,
        clause: g.clause,
      })),
    ];
  }
  if (Object.keys(s.seats).length === 0) return [immediate(c.now)];
  // Crown Melbourne 6.7, Star 6.7 (Casino Control Act s66(2)): raising the minimum needs a sign 20 minutes before.
  const minutes = lc?.raiseMinimumSignMinutes ?? 20;
  return [{ type: 'LimitChangeAnnounced', tableId: s.tableId, next: c.next, noticeGivenAt: c.now, effectiveAt: addMinutes(c.now, minutes), clause, by: c.actor }];
};

export const applyAnnouncedLimits = (c: ApplyAnnouncedLimits, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const lc = rb.procedures.limitChange;
  const clause = requireRole(c.actor, lc?.authority, { role: 'area-manager', clause: lc?.clause ?? `${rb.citation} (no provision)` }, 'Changing table limits');
  if (!s.pendingLimits) throw conflict('NO_LIMIT_CHANGE_ANNOUNCED', 'No limit change has been announced at this table.');
  if (c.now < s.pendingLimits.effectiveAt) {
    throw ruleViolation('LIMIT_NOTICE_NOT_ELAPSED', `The sign announces the new limits from ${s.pendingLimits.effectiveAt}.`, clause);
  }
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', 'Limits change between coups.');
  return [{ type: 'TableLimitsChanged', tableId: s.tableId, previous: s.limits, next: s.pendingLimits.next, noticeGivenAt: s.pendingLimits.noticeGivenAt, effectiveAt: c.now, clause, by: c.actor, reason: c.reason ?? null }];
};

export const setIndividualLimit = (c: SetIndividualLimit, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const il = rb.procedures.individualLimits;
  if (!il?.allowed) throw ruleViolation('INDIVIDUAL_LIMITS_NOT_PROVIDED', `${rb.citation} makes no provision for individual limits.`, il?.clause ?? `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, il.authority, { role: 'area-manager', clause: il.clause }, 'Allowing individual limits');
  const seat = s.seats[String(c.box)];
  if (!seat) throw ruleViolation('BOX_NOT_SEATED', `Box ${c.box} has no seated player.`, il.clause, 'box');
  if (c.minimumCents !== undefined && (!Number.isSafeInteger(c.minimumCents) || c.minimumCents <= 0 || c.minimumCents > c.maximumCents)) {
    throw ruleViolation('LIMITS_INVALID', 'An individual minimum is a positive number of cents no higher than the individual maximum.', il.clause, 'minimumCents');
  }
  if (c.minimumCents !== undefined && s.minimumChipCents > 1 && c.minimumCents % s.minimumChipCents !== 0) {
    throw ruleViolation('LIMIT_BELOW_MINIMUM_CHIP', `An individual minimum is wagered in chips of ${s.minimumChipCents} cents.`, rb.procedures.wagersInChips?.clause, 'minimumCents');
  }
  return [
    {
      type: 'IndividualLimitSet',
      tableId: s.tableId,
      box: c.box,
      sessionId: seat.sessionId,
      maximumCents: c.maximumCents,
      ...(c.minimumCents !== undefined ? { minimumCents: c.minimumCents } : {}),
      indicatedBy: il.indicatedBy,
      clause,
      by: c.actor,
      reason: c.reason ?? null,
    },
  ];
};

/** Star 2024 5.9: a casino supervisor limits the number of players at the table, or to one per dedicated box. */
export const limitPlayers = (c: LimitPlayers, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const policy = rb.policies.playerLimits;
  if (!policy) throw ruleViolation('PLAYER_LIMITS_NOT_PROVIDED', `${rb.citation} makes no provision to limit the players at a table.`, `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, policy, { role: policy.minimumRole, clause: policy.clause }, 'Limiting the players at the table');
  for (const [field, n] of [['perBox', c.perBox], ['atTable', c.atTable]] as const) {
    if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw ruleViolation('PLAYER_LIMIT_INVALID', `${field} is a whole number of players, at least 1.`, clause, field);
  }
  return [{ type: 'PlayerLimitsSet', tableId: s.tableId, perBox: c.perBox ?? null, atTable: c.atTable ?? null, clause, setAt: c.now, by: c.actor }];
};

export const changeGame = (c: ChangeGame, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, rb.policies.gameChange, { role: 'area-manager', clause: `${rb.citation} (no provision)` }, 'Changing the game in play');
  validateConfiguration(rb, { ...s, variant: c.variant, offeredBets: c.offeredBets }, c.peerTables);
  requireLuckyTieTable(rb, c.variant, s.jackpotIds, 'variant');
  if (Object.keys(s.seats).length === 0 && !(s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing'))) {
    return [{ type: 'GameChanged', tableId: s.tableId, previousVariant: s.variant, variant: c.variant, offeredBets: c.offeredBets, changedAt: c.now, clause, by: c.actor }];
  }
  // Star 14.8: a sign with the game and the time of the change at least 20 minutes before.
  return [{ type: 'GameChangeAnnounced', tableId: s.tableId, variant: c.variant, offeredBets: c.offeredBets, noticeGivenAt: c.now, effectiveAt: addMinutes(c.now, 20), clause, by: c.actor }];
};

export const applyGameChange = (c: ApplyGameChange, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, rb.policies.gameChange, { role: 'area-manager', clause: `${rb.citation} (no provision)` }, 'Changing the game in play');
  if (!s.pendingGame) throw conflict('NO_GAME_CHANGE_ANNOUNCED', 'No change of game has been announced.');
  if (c.now < s.pendingGame.effectiveAt) throw ruleViolation('GAME_CHANGE_NOTICE_NOT_ELAPSED', `The sign announces the change at ${s.pendingGame.effectiveAt}.`, clause);
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', 'The game changes between coups.');
  return [{ type: 'GameChanged', tableId: s.tableId, previousVariant: s.variant, variant: s.pendingGame.variant, offeredBets: s.pendingGame.offeredBets, changedAt: c.now, clause, by: c.actor }];
};

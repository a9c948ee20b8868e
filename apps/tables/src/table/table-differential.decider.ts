/**
 * The table differential: a reduction the dealer *may* make, offered before the first card and recorded with who
 * made it (the rules owner's ruling on "may" actions); settlement never reduces a wager after the result is known,
 * and a wager found over the differential after the first card stands in full where the rulebook says so.
 */
import { differentialReductions, type BetId } from '@app/baccarat';
import { conflict, ruleViolation } from '@app/contracts';
import { requireRole } from './table-rules';
import type { ArrangeOverDifferential, ReduceToDifferential } from './table-command.types';
import { DEALER, requireCoup, requireOpen } from './table-guards.decider';
import type { TableEvent, TableState } from './table.events';

export const reduceToDifferential = (c: ReduceToDifferential, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  const policy = rb.policies.differentialReduction;
  const differential = s.limits.tableDifferentialCents;
  if (!policy || differential === undefined) {
    throw ruleViolation('NO_TABLE_DIFFERENTIAL', 'The table has no differential to reduce to.', policy?.clause ?? rb.procedures.tableDifferential?.clause, 'coupId');
  }
  requireRole(c.actor, null, DEALER(policy.clause), 'Reducing wagers to the table differential');
  if (coup.phase !== 'betting' || coup.cards.length > 0) {
    throw conflict('FIRST_CARD_DEALT', 'The first card is out: the wagers of this coup stand as placed.', policy.afterFirstCard);
  }
  const wagers = coup.wagers;
  const reductions = differentialReductions(
    wagers.map((w) => ({ bet: w.bet as BetId, overDifferentialArrangement: w.overDifferentialArrangement ?? false })),
    wagers.map((w) => w.reducedToCents ?? w.amountCents),
    differential,
    s.minimumChipCents > 0 ? s.minimumChipCents : 1,
  ).filter((r) => r.to < r.from);
  if (reductions.length === 0) throw conflict('WITHIN_DIFFERENTIAL', `Player and Banker wagers are within the table differential of ${differential} cents.`, policy.clause);
  return [
    {
      type: 'WagersReducedToDifferential',
      tableId: s.tableId,
      coupId: coup.coupId,
      reductions: reductions.map((r) => ({ wagerId: wagers[r.index].wagerId, box: wagers[r.index].box, fromCents: r.from, toCents: r.to })),
      differentialCents: differential,
      clause: policy.clause,
      reducedAt: c.now,
      by: c.actor,
    },
  ];
};

/**
 * Crown Melbourne 6.5: by prior arrangement, in the variants the rulebook names (Traditional Baccarat), a seated
 * player may wager over the table differential up to an agreed maximum, paying the extra commission on the excess
 * (6.5.1-6.5.2); such wagers are not reduced. The arrangement is recorded with who made it.
 */
export const arrangeOverDifferential = (c: ArrangeOverDifferential, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const over = rb.procedures.tableDifferential?.overDifferentialCommission;
  if (!over) throw ruleViolation('OVER_DIFFERENTIAL_NOT_PROVIDED', `${rb.citation} has no arrangement to wager over the table differential.`, rb.procedures.tableDifferential?.clause ?? `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, null, { role: 'area-manager', clause: over.clause }, 'Arranging wagers over the table differential');
  if (!over.variants.includes(s.variant as never)) throw ruleViolation('OVER_DIFFERENTIAL_VARIANT', `Wagers over the table differential are arranged only in ${over.variants.join(', ')}, not ${s.variant}.`, clause, 'box');
  const differential = s.limits.tableDifferentialCents;
  if (differential === undefined) throw ruleViolation('NO_TABLE_DIFFERENTIAL', 'The table has no differential to wager over.', clause, 'box');
  if (!Number.isSafeInteger(c.maximumCents) || c.maximumCents <= differential) {
    throw ruleViolation('OVER_DIFFERENTIAL_BELOW_DIFFERENTIAL', `The agreed maximum must exceed the table differential of ${differential} cents.`, clause, 'maximumCents');
  }
  const seat = s.seats[String(c.box)];
  if (!seat) throw ruleViolation('BOX_NOT_SEATED', `Box ${c.box} has no seated player to make the arrangement with.`, clause, 'box');
  return [{ type: 'OverDifferentialArranged', tableId: s.tableId, box: c.box, sessionId: seat.sessionId, maximumCents: c.maximumCents, clause, arrangedAt: c.now, by: c.actor }];
};

/**
 * Voids, irregularities and corrections: a coup or a wager declared void, an irregularity recorded (voiding the
 * coup and ending the shoe where the rulebook says), a whole shoe declared void (Star 4.13), and an over- or
 * underpayment rectified.
 */
import { conflict, notFound, ruleViolation } from '@app/contracts';
import { procedureClause, type RoleId, type Rulebook } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import { forfeitSettlement, voidSettlement } from './table-settlement';
import type { CorrectPayment, DeclareShoeVoid, RecordIrregularity, VoidCoup, VoidGround, VoidWager } from './table-command.types';
import { DEALER, requireOpen, requireShoeReady } from './table-guards.decider';
import { shoeEndEvents } from './table-shoe.decider';
import { evolveTable, type Actor, type CoupState, type TableEvent, type TableState } from './table.events';

const voidAuthority = (rb: Rulebook, ground: VoidGround) => {
  const v = rb.procedures.voiding;
  const authority = ground === 'fraud' ? v?.fraud : ground === 'disruption' ? v?.disruption : (v?.equipmentMalfunction ?? v?.disruption);
  return authority ?? null;
};

export const voidCoupEvents = (
  s: TableState,
  coup: CoupState,
  reason: string,
  clause: string,
  now: string,
  by: Actor,
  forfeited: { readonly wagerIds: readonly string[]; readonly clause: string } | null = null,
): TableEvent[] => {
  const shoe = s.shoe;
  const isForfeited = (id: string) => forfeited?.wagerIds.includes(id) ?? false;
  const returned = coup.phase === 'complete' ? coup.settled.filter((x) => x.outcome !== 'void').map((x) => x.wagerId) : coup.wagers.map((w) => w.wagerId).filter((id) => !isForfeited(id));
  const reversed: Record<string, number> = {};
  for (const x of coup.settled) if (x.commissionDeferredCents > 0) reversed[String(x.box)] = (reversed[String(x.box)] ?? 0) + x.commissionDeferredCents;
  const events: TableEvent[] = [];
  if (coup.phase !== 'complete' && coup.wagers.length > 0) {
    const settlements = coup.wagers.map((w) => (isForfeited(w.wagerId) ? forfeitSettlement(w, forfeited!.clause) : voidSettlement(w, clause)));
    events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements, settledAt: now });
  }
  const reversedSettlements = coup.phase === 'complete' ? coup.settled.filter((x) => x.outcome !== 'void') : [];
  events.push({ type: 'CoupVoided', tableId: s.tableId, shoeId: shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, reason, clause, returnedWagerIds: returned, deferredCommissionReversed: reversed, reversedSettlements, voidedAt: now, by });
  return events;
};

export const voidCoup = (c: VoidCoup, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, voidAuthority(rb, c.ground), { role: 'area-manager', clause: `${rb.citation} (no provision)` }, `Voiding a coup (${c.ground})`);
  const coup = s.coup?.coupId === c.coupId ? s.coup : s.recentCoups.find((x) => x.coupId === c.coupId);
  if (!coup) throw notFound('COUP_NOT_FOUND', `Coup ${c.coupId} is not the coup in progress or a recent coup of this shoe.`);
  if (coup.phase === 'void') throw conflict('COUP_ALREADY_VOID', 'The coup is already void.');
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A void records its reason.', clause, 'reason');
  const refund = rb.procedures.voiding?.refund.clause;
  return voidCoupEvents(s, coup, c.reason, refund ? `${clause}; ${refund}` : clause, c.now, c.actor, forfeitureOf(rb, c, coup));
};

/**
 * Star 14.5: where a game is invalidated for fraud (14.4.2), a casino supervisor may direct that the fraudster's
 * wager be forfeited rather than refunded. Forfeiture is of a wager still on the layout: a settled coup is
 * refunded in full and the wager dealt with by the casino's own process.
 */
const forfeitureOf = (rb: Rulebook, c: VoidCoup, coup: CoupState): { wagerIds: readonly string[]; clause: string } | null => {
  const ids = c.forfeitedWagerIds ?? [];
  if (ids.length === 0) return null;
  const policy = rb.policies.voidForfeiture;
  if (!policy) throw ruleViolation('FORFEITURE_NOT_PROVIDED', `${rb.citation} refunds every wager of a voided game: leave out forfeitedWagerIds.`, rb.procedures.voiding?.refund.clause, 'forfeitedWagerIds');
  if (c.ground !== 'fraud') throw ruleViolation('FORFEITURE_ONLY_FOR_FRAUD', 'Only the wager of a player who perpetrated a fraud may be forfeited: void on the fraud ground.', policy.clause, 'ground');
  const clause = requireRole(c.actor, policy, { role: policy.minimumRole, clause: policy.clause }, 'Forfeiting a wager');
  if (coup.phase === 'complete') throw ruleViolation('FORFEITURE_AFTER_SETTLEMENT', 'The coup is settled: its void refunds every wager; forfeit a wager only while it is on the layout.', clause, 'forfeitedWagerIds');
  const unknown = ids.filter((id) => !coup.wagers.some((w) => w.wagerId === id));
  if (unknown.length > 0) throw ruleViolation('WAGER_NOT_IN_COUP', `Wager(s) ${unknown.join(', ')} are not in coup ${coup.coupId}.`, clause, 'forfeitedWagerIds');
  return { wagerIds: ids, clause };
};

export const voidWager = (c: VoidWager, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause =
    c.ground === 'invalid-wager'
      ? requireRole(c.actor, null, { role: 'gaming-supervisor', clause: procedureClause(rb, 'invalid-wager-return') }, 'Returning an invalid wager')
      : requireRole(c.actor, voidAuthority(rb, c.ground), { role: 'area-manager', clause: `${rb.citation} (no provision)` }, `Voiding a wager (${c.ground})`);
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A void records its reason.', clause, 'reason');
  const coup = s.coup;
  const onCoup = coup && (coup.phase === 'betting' || coup.phase === 'dealing') ? coup.wagers.find((w) => w.wagerId === c.wagerId) : undefined;
  const pending = s.pendingMultiCoup.find((p) => p.wager.wagerId === c.wagerId)?.wager;
  const wager = onCoup ?? pending;
  if (!wager) throw notFound('WAGER_NOT_FOUND', `Wager ${c.wagerId} is not an unsettled wager at this table.`);
  return [
    { type: 'WagerVoided', tableId: s.tableId, coupId: wager.coupId, wagerId: wager.wagerId, reason: c.reason, clause, voidedAt: c.now, by: c.actor },
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup?.coupId ?? wager.coupId, settlements: [voidSettlement(wager, clause)], settledAt: c.now },
  ];
};

export const recordIrregularity = (c: RecordIrregularity, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = s.shoe;
  const coup = s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing') ? s.coup : null;
  const procedure = ((): IrregularityProcedure => {
    switch (c.kind) {
      case 'insufficient-cards':
        // Rapid 11 has no such clause (its 11.11-11.12 are outcomes wrongly entered in the SGC): Crown Melbourne's applies.
        return { clause: procedureClause(rb, 'insufficient-cards'), role: 'dealer', voidCoup: true, endShoe: 'insufficient-cards', notifiable: false };
      case 'order-undetermined':
        return { clause: procedureClause(rb, 'order-undetermined'), role: rb.policies.orderUndeterminedBy, voidCoup: true, endShoe: null, notifiable: false };
      case 'foreign-card':
      case 'missing-card': {
        // Where the rulebook has no foreign or missing card rule, the supervisor handles it as an order that cannot be
        // determined, and the clause says so rather than citing that rule as if it were this one.
        const { clause, notifiable } = rb.policies.foreignOrMissingCard;
        return { clause, role: 'gaming-supervisor', voidCoup: true, endShoe: 'abnormal-sequence', notifiable };
      }
      case 'shuffling-device-malfunction':
        if (rb.policies.shufflerMalfunctionByOutcome) return shufflerMalfunctionByOutcome(rb, c);
        return { clause: procedureClause(rb, 'shuffler-malfunction'), role: 'gaming-supervisor', voidCoup: true, endShoe: 'abnormal-sequence', notifiable: true };
      case 'other':
        return { clause: `${rb.citation} (supervisor's decision)`, role: 'gaming-supervisor' as const, voidCoup: false, endShoe: null, notifiable: false };
    }
  })();
  requireRole(c.actor, null, { role: procedure.role, clause: procedure.clause }, `Recording ${c.kind}`);
  if (procedure.voidCoup && !coup) throw conflict('NO_COUP_IN_PROGRESS', `${c.kind} is handled on the coup in progress; none is.`);
  const resolution =
    (procedure.voidCoup ? 'Coup void, all wagers returned' : 'Recorded') +
    (procedure.endShoe ? '; the remaining cards are removed and the shoe ends' : '') +
    (procedure.returnElected ? '; the wagers players elected to take back are returned and the coup is completed with a card shoe' : '') +
    (procedure.notifiable ? '; Surveillance and the Inspector are notified' : '');
  const events: TableEvent[] = [
    {
      type: 'IrregularityRecorded',
      tableId: s.tableId,
      shoeId: shoe?.shoeId ?? null,
      coupId: coup?.coupId ?? null,
      kind: c.kind,
      card: c.card ?? null,
      resolution: c.reason ? `${resolution}. ${c.reason}` : resolution,
      clause: procedure.clause,
      notifiable: procedure.notifiable,
      carry: null,
      recordedAt: c.now,
      by: c.actor,
    },
  ];
  let working = events.reduce(evolveTable, s);
  if (procedure.voidCoup && coup) {
    const voided = voidCoupEvents(working, coup, c.kind, procedure.clause, c.now, c.actor);
    events.push(...voided);
    working = voided.reduce(evolveTable, working);
  }
  if (procedure.returnElected && coup) {
    // Star 13.5.1: each player may have their wager returned; the others' coup is completed using a card shoe (13.5.4).
    const elected = coup.wagers.filter((w) => c.returnedWagerIds?.includes(w.wagerId));
    const unknown = (c.returnedWagerIds ?? []).filter((id) => !coup.wagers.some((w) => w.wagerId === id));
    if (unknown.length > 0) throw ruleViolation('WAGER_NOT_IN_COUP', `Wager(s) ${unknown.join(', ')} are not in coup ${coup.coupId}.`, procedure.clause, 'returnedWagerIds');
    for (const w of elected) events.push({ type: 'WagerVoided', tableId: s.tableId, coupId: coup.coupId, wagerId: w.wagerId, reason: 'the player elected to have the wager returned after the shuffling device failed', clause: procedure.clause, voidedAt: c.now, by: c.actor });
    if (elected.length > 0) events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe?.shoeId ?? '', coupId: coup.coupId, settlements: elected.map((w) => voidSettlement(w, procedure.clause)), settledAt: c.now });
  }
  if (procedure.endShoe && working.shoe) events.push(...shoeEndEvents(working, procedure.endShoe, c.now));
  return events;
};

/** Star 13.2-13.5: what a shuffling device malfunction does to the coup depends on the cards and on who it disadvantaged. */
interface IrregularityProcedure {
  readonly clause: string;
  readonly role: RoleId;
  readonly voidCoup: boolean;
  readonly endShoe: 'insufficient-cards' | 'abnormal-sequence' | null;
  readonly notifiable: boolean;
  /** Star 13.5.1: the wagers players elected to have returned are returned; the coup goes on for the others. */
  readonly returnElected?: boolean;
}

const shufflerMalfunctionByOutcome = (rb: Rulebook, c: RecordIrregularity): IrregularityProcedure => {
  const base = { role: 'gaming-supervisor' as const, endShoe: null, notifiable: true };
  switch (c.malfunction) {
    case 'transferred':
      return { ...base, clause: procedureClause(rb, 'shuffler-malfunction-transferred'), voidCoup: false };
    case 'cards-damaged':
      return { ...base, clause: procedureClause(rb, 'shuffler-malfunction-cards-damaged'), voidCoup: false };
    case 'disadvantage':
      return { ...base, clause: procedureClause(rb, 'shuffler-malfunction-disadvantage'), voidCoup: true };
    case 'no-other-device':
      return { ...base, clause: procedureClause(rb, 'shuffler-malfunction-no-other-device'), voidCoup: false, returnElected: true };
    case undefined:
      throw ruleViolation(
        'MALFUNCTION_OUTCOME_REQUIRED',
        `Say what the malfunction did: transferred (${procedureClause(rb, 'shuffler-malfunction-transferred')}), cards-damaged (${procedureClause(rb, 'shuffler-malfunction-cards-damaged')}), disadvantage (${procedureClause(rb, 'shuffler-malfunction-disadvantage')}) or no-other-device (${procedureClause(rb, 'shuffler-malfunction-no-other-device')}, with the returnedWagerIds players elected).`,
        procedureClause(rb, 'shuffler-malfunction'),
        'malfunction',
      );
  }
};

export const declareShoeVoid = (c: DeclareShoeVoid, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  const shoeVoid = rb.policies.shoeVoid;
  if (!shoeVoid) throw ruleViolation('SHOE_VOID_NOT_PROVIDED', `${rb.citation} makes no provision to declare a whole shoe void.`, `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, shoeVoid, DEALER(shoeVoid.clause), 'Declaring a shoe void');
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'Record why the sequence was revealed.', clause, 'reason');
  const events: TableEvent[] = [];
  let working = s;
  const coup = s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing') ? s.coup : null;
  if (coup) {
    const voided = voidCoupEvents(s, coup, 'shoe declared void', clause, c.now, c.actor);
    events.push(...voided);
    working = voided.reduce(evolveTable, working);
  }
  events.push({ type: 'ShoeVoided', tableId: s.tableId, shoeId: shoe.shoeId, reason: c.reason, clause, voidedAt: c.now, by: c.actor });
  events.push(...shoeEndEvents(working, 'voided', c.now));
  return events;
};

export const correctPayment = (c: CorrectPayment, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const ou = rb.procedures.overUnderpayment;
  if (!ou) throw ruleViolation('CORRECTION_NOT_PROVIDED', `${rb.citation} has no over/underpayment rectification procedure.`, `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, null, { role: 'gaming-supervisor', clause: ou.clause }, 'Rectifying an over/underpayment');
  const coup = s.coup?.coupId === c.coupId ? s.coup : s.recentCoups.find((x) => x.coupId === c.coupId);
  const settled = coup?.settled.find((x) => x.wagerId === c.wagerId);
  if (!settled) throw notFound('SETTLEMENT_NOT_FOUND', `No settlement of wager ${c.wagerId} in coup ${c.coupId} is held at the table.`);
  if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', 'The correction is a positive number of cents.', undefined, 'amountCents');
  // The wager was settled wrongly once, by one amount: it is recorded once, for the whole of it, so its money is not
  // counted twice and an error over the monthly report's threshold is not split into parts below it (12.20.2).
  const earlier = coup?.corrections?.find((x) => x.wagerId === c.wagerId);
  if (earlier) {
    throw ruleViolation(
      'PAYMENT_ALREADY_CORRECTED',
      `Wager ${c.wagerId} of coup ${c.coupId} was already corrected at ${earlier.correctedAt} (${earlier.kind} of ${earlier.amountCents} cents): a wager's over- or underpayment is corrected once, for the whole amount wrongly paid. If the amount first recorded was wrong, bring it to the regulator's attention (${clause}) instead of recording a second correction.`,
      clause,
      'wagerId',
    );
  }
  // Short paid by at most what it was due: its returned stake and its winnings (nothing, for a losing wager).
  const dueCents = settled.winCents + settled.returnedCents;
  if (c.kind === 'underpayment' && c.amountCents > dueCents) {
    throw ruleViolation('CORRECTION_EXCEEDS_AMOUNT_DUE', `Wager ${c.wagerId} was due ${dueCents} cents in all (stake returned and winnings): it cannot have been underpaid by ${c.amountCents}.`, clause, 'amountCents');
  }
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A correction records how it was found.', clause, 'reason');
  return [
    {
      type: 'PaymentCorrected',
      tableId: s.tableId,
      coupId: c.coupId,
      wagerId: c.wagerId,
      kind: c.kind,
      amountCents: c.amountCents,
      patronId: settled.patronId,
      reportable: c.amountCents > ou.monthlyReportAboveCents,
      reason: c.reason,
      clause,
      correctedAt: c.now,
      by: c.actor,
    },
  ];
};

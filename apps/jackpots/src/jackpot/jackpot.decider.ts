import { conflict, notFound, ruleViolation } from '@app/contracts';
import type { CoupResult, HitMismatchFlagged, JackpotAttentionFlagged, JackpotAttentionKind, JackpotParameters, LuckyTieOutcomeId, TieWagerRef } from '@app/contracts';
import { luckyTieClause, luckyTieOption, luckyTieOptionNumbers, luckyTieRulebookAt, luckyTieRulebookOf, type LuckyTieRulebook } from '@app/baccarat';
import type { Decider } from '@app/event-store';
import { coupRecord, coupRecordInAnyShoe, evolveJackpot, HitState, hitIdFor, initialJackpotState, JackpotEvent, JackpotState, KEPT_SHOES_PER_TABLE, shoeStanding } from './jackpot.events';
import { atOrBefore } from './instants';
import { CheckTableOpening, decideTableOpened, KnownTable, linkFlagOnce, linkFlagsOnConfiguration } from './jackpot-links.decider';
import { luckyTieOutcome } from './lucky-tie';
import { divideJackpot, payoutFor, roundUpToPayable } from './payout';

/** Most coups one backfill may add (13.4.9(b)): a shoe fault does not lose more than a few shoes' worth. */
export const MAX_BACKFILL_COUPS = 500;

export type CreateJackpot = {
  readonly type: 'CreateJackpot';
  readonly jackpotId: string;
  readonly name: string;
  readonly tableIds: readonly string[];
  readonly parameters: JackpotParameters;
  readonly notifiedToRegulatorAt: string;
  /** The tables the jackpot service has seen open (from TableOpened): listed tables are checked against them. */
  readonly knownTables?: Readonly<Record<string, KnownTable>>;
  readonly now: string;
};
export type ChangeJackpotParameters = {
  readonly type: 'ChangeJackpotParameters';
  readonly parameters: JackpotParameters;
  readonly tableIds?: readonly string[];
  readonly notifiedToRegulatorAt: string;
  readonly reason: string;
  readonly knownTables?: Readonly<Record<string, KnownTable>>;
  readonly now: string;
};
/** From the tables service's CoupCompleted (13.4.1, 13.4.2): contribute, and detect a Lucky Tie (13.4.3). */
export type RecordContribution = {
  readonly type: 'RecordContribution';
  /** The jackpot the coup names: flagged when it does not exist (jackpot-links.decider.ts). */
  readonly jackpotId?: string;
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  readonly dummy: boolean;
  readonly result: CoupResult;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  readonly tieWagers: readonly TieWagerRef[];
  readonly sourceEventId: string;
  readonly completedAt: string;
  readonly now: string;
};
/** From the tables service's CoupVoided: a voided coup is not a completed coup (13.4.1). */
export type ReverseContribution = {
  readonly type: 'ReverseContribution';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly reason: string;
  readonly sourceEventId: string;
  readonly now: string;
};
export type RecordLuckyTieHit = { readonly type: 'RecordLuckyTieHit'; readonly tableId: string; readonly coupId: string; readonly outcome: LuckyTieOutcomeId; readonly now: string };
export type ConfirmHit = { readonly type: 'ConfirmHit'; readonly hitId: string; readonly acknowledgeMismatch: boolean; readonly reason: string | null; readonly now: string };
export type DismissHit = { readonly type: 'DismissHit'; readonly hitId: string; readonly reason: string; readonly now: string };
export type AdjustMeter = { readonly type: 'AdjustMeter'; readonly amountCents: number; readonly reason: string; readonly now: string };
export type SuspendTable = { readonly type: 'SuspendTable'; readonly tableId: string; readonly reason: string; readonly now: string };
export type ResumeTable = { readonly type: 'ResumeTable'; readonly tableId: string; readonly reason: string; readonly now: string };
export type BackfillContributions = {
  readonly type: 'BackfillContributions';
  readonly tableId: string;
  /** The faulty shoe whose rounds were not recorded: coup ids are unique only within a shoe. */
  readonly shoeId: string;
  readonly coupCount: number;
  readonly coupIds: readonly string[];
  readonly reason: string;
  readonly now: string;
};

export type JackpotCommand =
  | CreateJackpot
  | ChangeJackpotParameters
  | RecordContribution
  | ReverseContribution
  | RecordLuckyTieHit
  | ConfirmHit
  | DismissHit
  | AdjustMeter
  | SuspendTable
  | ResumeTable
  | BackfillContributions
  | CheckTableOpening;

export type { CheckTableOpening } from './jackpot-links.decider';

// ---------------------------------------------------------------------------------------------------------

const isWholeCents = (n: number) => Number.isSafeInteger(n);

/** Parameters a regulator would certify (13.4.1(a)): every amount in whole cents, percentages inside the option's ranges (13.4.3). */
export const validateParameters = (rb: LuckyTieRulebook, p: JackpotParameters): void => {
  if (!isWholeCents(p.seedCents) || p.seedCents < 0) throw ruleViolation('SEED_INVALID', 'The seed/reset amount must be whole cents, zero or more.', luckyTieClause(rb, 'seed'), 'parameters.seedCents');
  if (!isWholeCents(p.contributionCents) || p.contributionCents < 1) {
    throw ruleViolation('CONTRIBUTION_INVALID', 'The contribution per completed coup must be at least one cent.', luckyTieClause(rb, 'seed'), 'parameters.contributionCents');
  }
  if (!isWholeCents(p.roundingUnitCents) || p.roundingUnitCents < 1) {
    throw ruleViolation('ROUNDING_UNIT_INVALID', 'The nearest payable amount must be at least one cent.', luckyTieClause(rb, 'rounding-unit'), 'parameters.roundingUnitCents');
  }
  if (p.division !== 'equal' && p.division !== 'proportional') {
    throw ruleViolation('DIVISION_UNKNOWN', 'Division is "equal" (per qualifying Tie wager) or "proportional" (to the Tie wager).', luckyTieClause(rb, 'division'), 'parameters.division');
  }
  const option = luckyTieOption(rb, p.option);
  if (!option) {
    throw ruleViolation('OPTION_UNKNOWN', `Lucky Tie option "${p.option}" is not in the rulebook's table; choose one of ${luckyTieOptionNumbers(rb).join(', ')}.`, luckyTieClause(rb, 'option'), 'parameters.option');
  }
  for (const outcome of (Object.keys(p.percentOfMeter) as LuckyTieOutcomeId[]).filter((o) => p.percentOfMeter[o] !== undefined)) {
    if (!option.outcomes[outcome]) {
      throw ruleViolation('OUTCOME_NOT_IN_OPTION', `Option ${p.option} has no "${outcome}" outcome.`, option.clause, `parameters.percentOfMeter.${outcome}`);
    }
  }
  for (const [outcome, range] of Object.entries(option.outcomes) as [LuckyTieOutcomeId, { min: number; max: number }][]) {
    const pct = p.percentOfMeter[outcome];
    if (pct === undefined) throw ruleViolation('PERCENT_MISSING', `Option ${p.option} needs a percentage for "${outcome}".`, option.clause, `parameters.percentOfMeter.${outcome}`);
    if (!Number.isInteger(pct) || pct < range.min || pct > range.max) {
      throw ruleViolation('PERCENT_OUT_OF_RANGE', `"${outcome}" pays ${range.min}%-${range.max}% of the rounded meter; ${pct}% is outside it.`, option.clause, `parameters.percentOfMeter.${outcome}`);
    }
  }
};

const validateTables = (rb: LuckyTieRulebook, tableIds: readonly string[]): void => {
  if (tableIds.length === 0 || new Set(tableIds).size !== tableIds.length) {
    throw ruleViolation('TABLES_INVALID', 'A jackpot operates over one table or a group of distinct tables.', luckyTieClause(rb, 'tables'), 'tableIds');
  }
};

const notifiedBefore = (rb: LuckyTieRulebook, notifiedAt: string, now: string): void => {
  // Compared as instants: the console may send an offset time (10:30+11:00 is before 00:00Z the same day).
  if (!atOrBefore(notifiedAt, now)) {
    throw ruleViolation('PARAMETERS_NOT_NOTIFIED', `Parameters must be notified to the ${rb.regulator} before they take effect.`, luckyTieClause(rb, 'notification'), 'notifiedToRegulatorAt');
  }
};

const mustExist = (state: JackpotState): void => {
  if (!state.exists) throw notFound('JACKPOT_NOT_FOUND', 'No such jackpot.');
};

const participating = (state: JackpotState, tableId: string): boolean => state.tableIds.includes(tableId);

/** The rulebook version the jackpot was created under (for a jackpot not created, the one in force at `now`). */
const rulebookOf = (state: JackpotState, now: string): LuckyTieRulebook => luckyTieRulebookOf(state.rulebookId, now);

const openHits = (state: JackpotState): HitState[] => Object.values(state.hits).filter((h) => h.status === 'open');

/** Open hits the dealers have recorded, in the order they recorded them (13.4.7(b)). */
export const hitsInSequence = (state: JackpotState): HitState[] =>
  openHits(state)
    .filter((h) => h.recorded !== null)
    .sort((a, b) => a.recorded!.sequence - b.recorded!.sequence);

const attention = (
  state: JackpotState,
  kind: JackpotAttentionKind,
  coup: { readonly tableId: string; readonly shoeId: string; readonly coupId: string },
  hitId: string | null,
  amountCents: number,
  reason: string,
  now: string,
  clause: string,
): JackpotAttentionFlagged => ({
  type: 'JackpotAttentionFlagged',
  jackpotId: state.jackpotId,
  kind,
  tableId: coup.tableId,
  shoeId: coup.shoeId,
  coupId: coup.coupId,
  hitId,
  amountCents,
  reason,
  notify: 'area-manager',
  flaggedAt: now,
  clause,
});

const FORGOTTEN_SHOE = `the jackpot keeps the coups of each table's last ${KEPT_SHOES_PER_TABLE} shoes only`;

const mismatch = (rb: LuckyTieRulebook, state: JackpotState, hit: Pick<HitState, 'hitId' | 'tableId' | 'coupId'>, kind: HitMismatchFlagged['kind'], detected: LuckyTieOutcomeId | null, recorded: LuckyTieOutcomeId | null, now: string): HitMismatchFlagged => ({
  type: 'HitMismatchFlagged',
  jackpotId: state.jackpotId,
  hitId: hit.hitId,
  tableId: hit.tableId,
  coupId: hit.coupId,
  kind,
  detectedOutcome: detected,
  recordedOutcome: recorded,
  flaggedAt: now,
  clause: luckyTieClause(rb, 'mismatch'),
});

// ---------------------------------------------------------------------------------------------------------

const decide = (command: JackpotCommand, state: JackpotState): JackpotEvent[] => {
  switch (command.type) {
    case 'CreateJackpot': {
      if (state.exists) throw conflict('JACKPOT_EXISTS', `Jackpot ${state.jackpotId} exists already.`);
      // The version in force when the jackpot is created governs it; its id travels on JackpotCreated.
      const rb = luckyTieRulebookAt(command.now);
      validateTables(rb, command.tableIds);
      validateParameters(rb, command.parameters);
      notifiedBefore(rb, command.notifiedToRegulatorAt, command.now);
      return [
        {
          type: 'JackpotCreated',
          jackpotId: command.jackpotId,
          name: command.name,
          jurisdiction: rb.jurisdiction,
          rulebookId: rb.id,
          tableIds: command.tableIds,
          parameters: command.parameters,
          notifiedToRegulatorAt: command.notifiedToRegulatorAt,
          createdAt: command.now,
          meterBeforeCents: 0,
          meterAfterCents: command.parameters.seedCents,
          clause: luckyTieClause(rb, 'creation'),
        },
        ...linkFlagsOnConfiguration(rb, command.jackpotId, command.tableIds, [], command.knownTables, command.now),
      ];
    }

    case 'ChangeJackpotParameters': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      // Not mid-hit: a hit is settled under the parameters in force when it was recorded (13.4.1(a), 13.4.7).
      if (openHits(state).length > 0) {
        throw conflict('PARAMETERS_LOCKED_DURING_HIT', 'Parameters cannot change while a Lucky Tie hit is pending; confirm or dismiss it first.', luckyTieClause(rb, 'parameters-locked-during-hit'));
      }
      const tableIds = command.tableIds ?? state.tableIds;
      validateTables(rb, tableIds);
      validateParameters(rb, command.parameters);
      notifiedBefore(rb, command.notifiedToRegulatorAt, command.now);
      return [
        {
          type: 'JackpotParametersChanged',
          jackpotId: state.jackpotId,
          previous: state.parameters!,
          next: command.parameters,
          previousTableIds: state.tableIds,
          nextTableIds: tableIds,
          notifiedToRegulatorAt: command.notifiedToRegulatorAt,
          effectiveAt: command.now,
          reason: command.reason,
          meterBeforeCents: state.meterCents,
          meterAfterCents: state.meterCents,
          clause: luckyTieClause(rb, 'notification'),
        },
        ...linkFlagsOnConfiguration(rb, state.jackpotId, tableIds, state.tableIds, command.knownTables, command.now),
      ];
    }

    case 'RecordContribution': {
      // Dummy coups carry no wagers and do not count for jackpots (7.4).
      if (command.dummy) return [];
      const rb = rulebookOf(state, command.now);
      // A coup "for" a jackpot that does not exist, or that does not list the table, contributes nothing
      // (13.3.1(b), 13.4.1): said loudly, once, rather than lost in silence.
      if (!state.exists) return command.jackpotId ? linkFlagOnce(rb, state, command.jackpotId, 'unknown-jackpot', command.tableId, command.now, command) : [];
      if (!participating(state, command.tableId)) return linkFlagOnce(rb, state, state.jackpotId, 'table-not-in-jackpot', command.tableId, command.now, command);
      // Not while the jackpot is not offered on the table (13.4.9(a)).
      if (state.suspended[command.tableId] !== undefined) return [];
      if (shoeStanding(state, command.tableId, command.shoeId) === 'forgotten') {
        // Its shoe's coups are no longer kept: counting it could count it twice, dropping it could lose it.
        // A redelivery never gets here twice (the command id is recorded); anything else needs a person.
        const reason = `coup completed on a shoe ${FORGOTTEN_SHOE}; not counted`;
        return [attention(state, 'forgotten-shoe', command, null, state.parameters!.contributionCents, reason, command.now, luckyTieClause(rb, 'contribution-forgotten-shoe'))];
      }
      if (coupRecord(state, command.tableId, command.shoeId, command.coupId) !== undefined) return []; // contributed, voided or backfilled already
      const amount = state.parameters!.contributionCents;
      const events: JackpotEvent[] = [
        {
          type: 'ContributionRecorded',
          jackpotId: state.jackpotId,
          tableId: command.tableId,
          shoeId: command.shoeId,
          coupId: command.coupId,
          coupNumber: command.coupNumber,
          amountCents: amount,
          sourceEventId: command.sourceEventId,
          coupCompletedAt: command.completedAt,
          recordedAt: command.now,
          meterBeforeCents: state.meterCents,
          meterAfterCents: state.meterCents + amount,
          clause: luckyTieClause(rb, 'contribution'),
        },
      ];
      const hitId = hitIdFor(command.coupId);
      const hit = state.hits[hitId];
      const outcome = luckyTieOutcome(command, state.parameters!.option);
      if (outcome) {
        events.push({
          type: 'LuckyTieDetected',
          jackpotId: state.jackpotId,
          hitId,
          tableId: command.tableId,
          shoeId: command.shoeId,
          coupId: command.coupId,
          outcome,
          playerCards: command.playerCards,
          bankerCards: command.bankerCards,
          tieWagers: command.tieWagers,
          sourceEventId: command.sourceEventId,
          detectedAt: command.now,
          clause: luckyTieClause(rb, 'detection'),
        });
        if (hit?.recorded && hit.recorded.outcome !== outcome) events.push(mismatch(rb, state, { hitId, tableId: command.tableId, coupId: command.coupId }, 'outcome-differs', outcome, hit.recorded.outcome, command.now));
      } else if (hit?.recorded && hit.status === 'open') {
        events.push(mismatch(rb, state, hit, 'recorded-not-detected', null, hit.recorded.outcome, command.now));
      }
      return events;
    }

    case 'ReverseContribution': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (!participating(state, command.tableId)) return [];
      if (shoeStanding(state, command.tableId, command.shoeId) === 'forgotten') {
        const reason = `coup voided on a shoe ${FORGOTTEN_SHOE}: whether it contributed cannot be told (${command.reason})`;
        return [attention(state, 'forgotten-shoe', command, null, state.parameters!.contributionCents, reason, command.now, luckyTieClause(rb, 'reversal-forgotten-shoe'))];
      }
      const coup = coupRecord(state, command.tableId, command.shoeId, command.coupId);
      const events: JackpotEvent[] = [];
      if (coup === undefined) {
        // The void arrived first: remember it so the coup never contributes (13.4.1 "Coup completed").
        return [{ type: 'CoupVoidNoted', jackpotId: state.jackpotId, tableId: command.tableId, shoeId: command.shoeId, coupId: command.coupId, sourceEventId: command.sourceEventId, notedAt: command.now }];
      }
      const counted = coup.status === 'contributed' || coup.status === 'backfilled';
      if (counted) {
        // Never below zero (right after a payout and a reset to a seed of 0 the pool may hold less than the
        // contribution): take back what the pool holds, record the rest as a shortfall and flag it, so the
        // meter still equals its recorded movements and management decides (e.g. an adjustment later).
        const taken = Math.min(coup.amountCents, Math.max(0, state.meterCents));
        const shortfall = coup.amountCents - taken;
        events.push({
          type: 'ContributionReversed',
          jackpotId: state.jackpotId,
          tableId: command.tableId,
          shoeId: command.shoeId,
          coupId: command.coupId,
          amountCents: taken,
          shortfallCents: shortfall,
          sourceEventId: command.sourceEventId,
          reason: command.reason,
          reversedAt: command.now,
          meterBeforeCents: state.meterCents,
          meterAfterCents: state.meterCents - taken,
          clause: luckyTieClause(rb, 'reversal'),
        });
        if (shortfall > 0) {
          const reason = `voided coup's contribution of ${coup.amountCents} cents exceeds the pool of ${state.meterCents} cents; ${shortfall} cents not taken back`;
          events.push(attention(state, 'reversal-shortfall', command, null, shortfall, reason, command.now, luckyTieClause(rb, 'reversal-shortfall')));
        }
      }
      const hit = state.hits[hitIdFor(command.coupId)];
      if (hit && hit.status === 'open') {
        events.push({ type: 'HitDismissed', jackpotId: state.jackpotId, hitId: hit.hitId, tableId: hit.tableId, coupId: hit.coupId, reason: `coup voided: ${command.reason}`, dismissedAt: command.now, clause: luckyTieClause(rb, 'void-dismisses-hit') });
      } else if (counted && hit && (hit.status === 'confirmed' || hit.status === 'paid')) {
        // 15.5 refunds the coup's wagers, but the Lucky Tie was paid already: a confirmed payout is a fact
        // the meter does not undo by itself; recovering it is management's decision.
        const reason = `coup voided after its Lucky Tie was paid (${hit.paidCents ?? 0} cents): ${command.reason}`;
        events.push(attention(state, 'voided-after-payout', command, hit.hitId, hit.paidCents ?? 0, reason, command.now, luckyTieClause(rb, 'voided-after-payout')));
      }
      return events;
    }

    case 'RecordLuckyTieHit': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (!participating(state, command.tableId)) throw ruleViolation('TABLE_NOT_IN_JACKPOT', `Table ${command.tableId} does not take part in this jackpot.`, luckyTieClause(rb, 'tables'), 'tableId');
      if (state.suspended[command.tableId] !== undefined) {
        throw ruleViolation('TABLE_SUSPENDED', `The jackpot is not offered on table ${command.tableId} until its malfunction is rectified.`, luckyTieClause(rb, 'suspension'), 'tableId');
      }
      const option = luckyTieOption(rb, state.parameters!.option)!;
      if (!option.outcomes[command.outcome]) throw ruleViolation('OUTCOME_NOT_IN_OPTION', `Option ${state.parameters!.option} has no "${command.outcome}" outcome.`, option.clause, 'outcome');
      const hitId = hitIdFor(command.coupId);
      const hit = state.hits[hitId];
      if (hit?.recorded) throw conflict('HIT_ALREADY_RECORDED', `The Lucky Tie of coup ${command.coupId} was recorded already.`, luckyTieClause(rb, 'hit-recording'));
      if (hit && hit.status !== 'open') throw conflict('HIT_CLOSED', `The hit of coup ${command.coupId} is ${hit.status}.`, luckyTieClause(rb, 'hit-recording'));
      const ref = { hitId, tableId: command.tableId, coupId: command.coupId };
      const events: JackpotEvent[] = [
        { type: 'LuckyTieHitRecorded', jackpotId: state.jackpotId, ...ref, outcome: command.outcome, sequence: state.nextSequence, recordedAt: command.now, clause: luckyTieClause(rb, 'hit-recorded') },
      ];
      if (hit?.detected && hit.detected.outcome !== command.outcome) events.push(mismatch(rb, state, ref, 'outcome-differs', hit.detected.outcome, command.outcome, command.now));
      else if (!hit?.detected && coupRecordInAnyShoe(state, command.tableId, command.coupId) !== undefined) events.push(mismatch(rb, state, ref, 'recorded-not-detected', null, command.outcome, command.now));
      return events;
    }

    case 'ConfirmHit': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      const hit = state.hits[command.hitId];
      if (!hit) throw notFound('HIT_NOT_FOUND', `No hit ${command.hitId}.`);
      if (hit.status !== 'open') throw conflict('HIT_CLOSED', `Hit ${command.hitId} is ${hit.status} already.`, luckyTieClause(rb, 'confirmation'));
      if (!hit.recorded) throw ruleViolation('HIT_NOT_RECORDED', 'The dealer has not recorded this Lucky Tie on the handset yet.', luckyTieClause(rb, 'hit-recording'));
      if (!hit.detected) {
        throw ruleViolation('HIT_NOT_DETECTED', "The coup's cards do not show a Lucky Tie (or have not arrived); dismiss the hit or wait for the coup.", luckyTieClause(rb, 'hit-not-detected'));
      }
      const first = hitsInSequence(state)[0];
      if (first && first.hitId !== hit.hitId) {
        throw ruleViolation('HIT_OUT_OF_SEQUENCE', `Hit ${first.hitId} was recorded first (sequence ${first.recorded!.sequence}); settle it first.`, luckyTieClause(rb, 'sequence'));
      }
      if (hit.mismatch && !(command.acknowledgeMismatch && command.reason)) {
        throw ruleViolation('HIT_MISMATCH_UNRESOLVED', `The handset and the cards disagree (${hit.mismatch}); acknowledge it with a reason to pay on the cards.`, luckyTieClause(rb, 'mismatch-resolution'), 'acknowledgeMismatch');
      }
      const p = state.parameters!;
      const outcome = hit.detected.outcome;
      const percent = p.percentOfMeter[outcome] ?? 0;
      const rounded = roundUpToPayable(state.meterCents, p.roundingUnitCents);
      const wagers = hit.detected.tieWagers;
      // Nobody with a valid Tie wager: nobody qualifies and the pool stays (13.4.6(a)).
      const payout = wagers.length === 0 ? 0 : payoutFor(rounded, percent);
      const shares = divideJackpot(payout, wagers, p.division);
      const after = state.meterCents - payout;
      const ref = { jackpotId: state.jackpotId, hitId: hit.hitId, tableId: hit.tableId, coupId: hit.coupId };
      const events: JackpotEvent[] = [
        {
          type: 'HitConfirmed',
          ...ref,
          sequence: hit.recorded.sequence,
          outcome,
          percentOfMeter: percent,
          meterCents: state.meterCents,
          roundedMeterCents: rounded,
          payoutCents: payout,
          mismatchAcknowledged: hit.mismatch !== null,
          reason: command.reason,
          notify: 'casino-manager',
          confirmedAt: command.now,
          clause: luckyTieClause(rb, 'confirmed'),
        },
        {
          type: 'JackpotPaid',
          ...ref,
          division: p.division,
          totalCents: payout,
          shares,
          paidAt: command.now,
          meterBeforeCents: state.meterCents,
          meterAfterCents: after,
          clause: luckyTieClause(rb, 'payment'),
        },
      ];
      // The whole pool is won (100% outcomes): Crown funds it back to the reset amount (13.4.1). A partial
      // outcome leaves the rest of the pool in play; rounding up (13.4.7(a)) can only overdraw a 100% payout.
      if (payout > 0 && (percent >= 100 || after < 0)) {
        events.push({ type: 'MeterReset', ...ref, resetToCents: p.seedCents, fundedCents: p.seedCents - after, resetAt: command.now, meterBeforeCents: after, meterAfterCents: p.seedCents, clause: luckyTieClause(rb, 'reset') });
      }
      return events;
    }

    case 'DismissHit': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      const hit = state.hits[command.hitId];
      if (!hit) throw notFound('HIT_NOT_FOUND', `No hit ${command.hitId}.`);
      if (hit.status !== 'open') throw conflict('HIT_CLOSED', `Hit ${command.hitId} is ${hit.status} already.`, luckyTieClause(rb, 'confirmation'));
      return [{ type: 'HitDismissed', jackpotId: state.jackpotId, hitId: hit.hitId, tableId: hit.tableId, coupId: hit.coupId, reason: command.reason, dismissedAt: command.now, clause: luckyTieClause(rb, 'confirmation') }];
    }

    case 'AdjustMeter': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (!isWholeCents(command.amountCents) || command.amountCents === 0) throw ruleViolation('ADJUSTMENT_INVALID', 'An adjustment is a non-zero number of whole cents.', luckyTieClause(rb, 'adjustment'), 'amountCents');
      if (hitsInSequence(state).length > 0) {
        throw conflict('ADJUSTMENT_DURING_HIT', 'The prize pool cannot be adjusted while a recorded hit awaits confirmation.', luckyTieClause(rb, 'adjustment-during-hit'));
      }
      const after = state.meterCents + command.amountCents;
      if (after < 0) throw ruleViolation('METER_WOULD_BE_NEGATIVE', `The pool holds ${state.meterCents} cents; it cannot go below zero.`, luckyTieClause(rb, 'adjustment'), 'amountCents');
      return [
        { type: 'MeterAdjusted', jackpotId: state.jackpotId, amountCents: command.amountCents, reason: command.reason, adjustedAt: command.now, meterBeforeCents: state.meterCents, meterAfterCents: after, clause: luckyTieClause(rb, 'adjustment') },
      ];
    }

    case 'SuspendTable': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (!participating(state, command.tableId)) throw ruleViolation('TABLE_NOT_IN_JACKPOT', `Table ${command.tableId} does not take part in this jackpot.`, luckyTieClause(rb, 'tables'), 'tableId');
      if (state.suspended[command.tableId] !== undefined) throw conflict('TABLE_ALREADY_SUSPENDED', `Table ${command.tableId} is off the jackpot already.`, luckyTieClause(rb, 'suspension'));
      return [{ type: 'TableSuspended', jackpotId: state.jackpotId, tableId: command.tableId, reason: command.reason, suspendedAt: command.now, clause: luckyTieClause(rb, 'suspension') }];
    }

    case 'ResumeTable': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (state.suspended[command.tableId] === undefined) throw conflict('TABLE_NOT_SUSPENDED', `Table ${command.tableId} is not off the jackpot.`, luckyTieClause(rb, 'suspension'));
      return [{ type: 'TableResumed', jackpotId: state.jackpotId, tableId: command.tableId, reason: command.reason, resumedAt: command.now, clause: luckyTieClause(rb, 'suspension') }];
    }

    case 'BackfillContributions': {
      mustExist(state);
      const rb = rulebookOf(state, command.now);
      if (!participating(state, command.tableId)) throw ruleViolation('TABLE_NOT_IN_JACKPOT', `Table ${command.tableId} does not take part in this jackpot.`, luckyTieClause(rb, 'tables'), 'tableId');
      if (!Number.isInteger(command.coupCount) || command.coupCount < 1 || command.coupCount > MAX_BACKFILL_COUPS) {
        throw ruleViolation('BACKFILL_COUNT_INVALID', `Backfill 1 to ${MAX_BACKFILL_COUPS} coups.`, luckyTieClause(rb, 'backfill'), 'coupCount');
      }
      // The rounds not recorded (13.4.9(b)) by id: a backfill without them could not stop a completion that
      // arrives later from contributing again.
      if (command.coupIds.length !== command.coupCount || new Set(command.coupIds).size !== command.coupIds.length) {
        throw ruleViolation('BACKFILL_COUPS_INVALID', 'List one distinct coup id per backfilled coup (the rounds not recorded).', luckyTieClause(rb, 'backfill'), 'coupIds');
      }
      if (!command.shoeId) throw ruleViolation('BACKFILL_SHOE_MISSING', 'Name the shoe whose rounds were not recorded.', luckyTieClause(rb, 'backfill'), 'shoeId');
      if (shoeStanding(state, command.tableId, command.shoeId) === 'forgotten') {
        throw ruleViolation('BACKFILL_SHOE_FORGOTTEN', `Shoe ${command.shoeId} is no longer kept (${FORGOTTEN_SHOE}), so its coups cannot be checked; record a manual adjustment with the reason instead.`, luckyTieClause(rb, 'backfill'), 'shoeId');
      }
      const known = command.coupIds.find((id) => coupRecord(state, command.tableId, command.shoeId, id) !== undefined);
      if (known) {
        throw conflict('COUP_ALREADY_RECORDED', `Coup ${known} of shoe ${command.shoeId} is recorded already (${coupRecord(state, command.tableId, command.shoeId, known)!.status}); it cannot contribute twice.`, luckyTieClause(rb, 'backfill'));
      }
      const amount = command.coupCount * state.parameters!.contributionCents;
      return [
        {
          type: 'ContributionsBackfilled',
          jackpotId: state.jackpotId,
          tableId: command.tableId,
          shoeId: command.shoeId,
          coupCount: command.coupCount,
          coupIds: command.coupIds,
          amountCents: amount,
          reason: command.reason,
          backfilledAt: command.now,
          meterBeforeCents: state.meterCents,
          meterAfterCents: state.meterCents + amount,
          clause: luckyTieClause(rb, 'backfill'),
        },
      ];
    }

    case 'CheckTableOpening':
      return decideTableOpened(rulebookOf(state, command.now), command, state);

    default: {
      const never: never = command;
      return never;
    }
  }
};

export const jackpotDecider: Decider<JackpotCommand, JackpotEvent, JackpotState> = {
  decide,
  evolve: evolveJackpot,
  initialState: initialJackpotState,
};

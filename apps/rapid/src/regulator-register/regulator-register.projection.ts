/**
 * What the regulator (VCGR, now VGCCC) sees of Rapid Baccarat, read from the service's PUBLISHED events (the
 * same contract a reporting service consumes, over Kafka or the in-database subscription):
 * - the register of irregularities: wrong outcomes frozen and recalculated, or confirmed on review (11.11), with
 *   what could not be recovered, malfunctions and what happened to the wagers (11.14-11.16), player claims and their resolution
 *   (11.12), tickets a printer failed to print and their manual payment (6.7.2(b)), what a recalculation left owed
 *   to a player paid out since and its payment (11.11 with 6.7);
 * - every round's totals (staked, credited, house result), corrected when an outcome is (11.11).
 * Idempotent: a row per event id; round totals are set by the round's events and moved by an account's adjustment
 * after a malfunction in the same transaction as the consumer's checkpoint, so a redelivery changes nothing.
 */
import type { IntegrationEvent } from '@app/contracts';
import { runMigrations } from '@app/event-store';
import { handlesTypes, type Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import { RAPID_READ_MODEL_MIGRATIONS } from '../rapid.migrations';

const REGISTER_TYPES = [
  'RapidAccountsFrozen',
  'RapidOutcomeCorrected',
  'RapidOutcomeConfirmed',
  'RapidMalfunctionRecorded',
  'RapidClaimRecorded',
  'RapidClaimResolved',
  'AtsSettlementRecalculated',
  'AtsManualPaymentRecorded',
  'AtsOwedAmountPaid',
  'AtsAccountCashedOut',
] as const;

type Data = Record<string, unknown>;

/** The register row of an event, or null when the event is not an irregularity (a recalculation that recovered everything). */
const registerRow = (e: IntegrationEvent): { tableId: string | null; roundId: string | null; kind: string; details: Data } | null => {
  const d = e.data as Data;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  switch (e.type) {
    case 'RapidAccountsFrozen':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'accounts-frozen', details: { accounts: (d.accountIds as unknown[]).length, reason: d.reason } };
    case 'RapidOutcomeCorrected':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'outcome-corrected', details: { previous: d.previous, actual: d.actual, stakedCents: d.stakedCents, creditedCents: d.creditedCents, houseNetCents: d.houseNetCents } };
    case 'RapidOutcomeConfirmed':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'outcome-confirmed', details: { outcome: d.outcome, accountsReleased: (d.accountIds as unknown[]).length } };
    case 'RapidMalfunctionRecorded':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: `malfunction-${d.scope}`, details: { atsId: d.atsId, relativeToPeriod: d.relativeToPeriod, confirmedFromRecords: d.confirmedFromRecords, effect: d.effect, description: d.description } };
    case 'RapidClaimRecorded':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'claim-recorded', details: { claimId: d.claimId, atsId: d.atsId, claim: d.kind, description: d.description } };
    case 'RapidClaimResolved':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'claim-resolved', details: { claimId: d.claimId, resolution: d.resolution, action: d.action } };
    case 'AtsSettlementRecalculated':
      // A tournament account's movement is in tournament chips (Rapid 12.2.2): the tournament's own notices show it.
      if (typeof d.tournamentId === 'string') return null;
      // An account paid out since: what the recalculation leaves owed to the player who left, until paid (11.11 with 6.7).
      if (typeof d.owedToPlayerCents === 'number' && d.movementCents !== 0) {
        return { tableId: str('tableId'), roundId: str('roundId'), kind: 'owed-to-player', details: { accountId: d.accountId, movementCents: d.movementCents, owedAfterCents: d.owedToPlayerCents, unrecoveredCents: d.unrecoveredCents, previousCreditCents: d.previousCreditCents, creditCents: d.creditCents } };
      }
      return (d.unrecoveredCents as number) === 0
        ? null
        : { tableId: str('tableId'), roundId: str('roundId'), kind: 'recovery-shortfall', details: { accountId: d.accountId, unrecoveredCents: d.unrecoveredCents, previousCreditCents: d.previousCreditCents, creditCents: d.creditCents } };
    case 'AtsOwedAmountPaid': {
      // The round whose recalculation left the amount owed, by its number (8.1); every such round when there were several.
      const rounds = Array.isArray(d.rounds) ? (d.rounds as { roundId: string; roundNumber?: number }[]) : [];
      const last = rounds[rounds.length - 1];
      return {
        tableId: str('tableId'),
        roundId: last?.roundId ?? null,
        kind: 'owed-paid',
        details: { accountId: d.accountId, atsId: d.atsId, method: d.method, amountCents: d.amountCents, owedAfterCents: d.balanceAfterCents, reason: d.reason, ...(last?.roundNumber ? { roundNumber: last.roundNumber } : {}), ...(rounds.length > 1 ? { rounds } : {}) },
      };
    }
    case 'AtsManualPaymentRecorded':
      return { tableId: str('tableId'), roundId: null, kind: 'manual-payment', details: { accountId: d.accountId, atsId: d.atsId, amountCents: d.amountCents, reason: d.reason } };
    case 'AtsAccountCashedOut':
      // The ticket the printer failed to print (6.7.2(b)): the whole balance is owed to the player until the manual payment.
      return d.ticketPrinted === false
        ? { tableId: str('tableId'), roundId: null, kind: 'printer-fault', details: { accountId: d.accountId, atsId: d.atsId, ticketId: d.ticketId, amountCents: d.amountCents } }
        : null;
    default:
      return null;
  }
};

export class RegulatorRegisterProjection implements Projection {
  readonly name: string;
  readonly handles = handlesTypes(...REGISTER_TYPES, 'RapidRoundSettled');

  constructor(private readonly schema = 'rapid') {
    this.name = `${schema}.regulator-register`;
  }

  /** The tables come from the rapid schema's versioned migrations, applied under their lock in this transaction. */
  async setup(tx: PoolClient): Promise<void> {
    await runMigrations(tx, RAPID_READ_MODEL_MIGRATIONS, this.schema);
  }

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.schema}.regulator_register, ${this.schema}.regulator_rounds`);
  }

  async apply(e: IntegrationEvent, tx: PoolClient): Promise<void> {
    const d = e.data as Data;
    if (e.type === 'RapidRoundSettled' || e.type === 'RapidOutcomeCorrected') {
      await tx.query(
        `INSERT INTO ${this.schema}.regulator_rounds (table_id, round_id, settled_at, accounts, staked_cents, credited_cents, house_net_cents, corrected)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (table_id, round_id) DO UPDATE SET accounts = EXCLUDED.accounts, staked_cents = EXCLUDED.staked_cents,
           credited_cents = EXCLUDED.credited_cents, house_net_cents = EXCLUDED.house_net_cents, corrected = ${this.schema}.regulator_rounds.corrected OR EXCLUDED.corrected`,
        // The totals are money (tournament accounts' chips have no cash value, Rapid 12.2.2): so is the count of accounts.
        [d.tableId, d.roundId, e.occurredAt, (d.accounts as { tournamentId?: string }[]).filter((a) => !a.tournamentId).length, d.stakedCents, d.creditedCents, d.houseNetCents, e.type === 'RapidOutcomeCorrected'],
      );
    }
    if (e.type === 'AtsSettlementRecalculated' && d.cause === 'malfunction' && !d.tournamentId) {
      // A malfunction dealt with after the outcome moves the round's totals by the change in what this account's round
      // counts for the coup (11.14(b), 11.16): wagers not recognised (5.3.3) or void count for nothing, before as after.
      // Events before `counted` was carried moved them by the change of stake and credit.
      const counted = d.counted as { stakedCents: number; creditedCents: number } | undefined;
      const before = d.countedBefore as { stakedCents: number; creditedCents: number } | undefined;
      const staked = counted && before ? counted.stakedCents - before.stakedCents : Number(d.stakedCents ?? 0) - Number(d.previousStakedCents ?? 0);
      const credited = counted && before ? counted.creditedCents - before.creditedCents : Number(d.creditCents) - Number(d.previousCreditCents);
      await tx.query(
        `UPDATE ${this.schema}.regulator_rounds SET staked_cents = staked_cents + $3, credited_cents = credited_cents + $4, house_net_cents = house_net_cents + $3 - $4, corrected = true
          WHERE table_id = $1 AND round_id = $2`,
        [d.tableId, d.roundId, staked, credited],
      );
    }
    const found = registerRow(e);
    if (!found) return;
    // The round as the SGC shows it ("Round 412", 8.1), where the event carries its number.
    const row = typeof d.roundNumber === 'number' ? { ...found, details: { ...found.details, roundNumber: d.roundNumber } } : found;
    await tx.query(
      `INSERT INTO ${this.schema}.regulator_register (event_id, occurred_at, table_id, round_id, kind, clause, actor_id, actor_role, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (event_id) DO NOTHING`,
      [e.eventId, e.occurredAt, row.tableId, row.roundId, row.kind, String(d.clause ?? ''), e.actor.id, e.actor.role, JSON.stringify(row.details)],
    );
  }
}

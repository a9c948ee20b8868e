import type { CoupCompleted, IntegrationEvent, TableOpened, WagersAccepted, WagersSettled } from '@app/contracts';
import type { Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { TournamentPlayConsumer, type Working } from './tournament-play-consumer';

type Data<T> = Omit<T, 'type'>;
const HANDLED = new Set(['TableOpened', 'TableClosed', 'CoupStarted', 'WagersAccepted', 'CardDealt', 'CoupCompleted', 'WagersSettled', 'CoupVoided']);

/**
 * The tournament reacts to what the tables service published (never asking it anything): a table opened in
 * tournament mode joins its tournament (Crown Melbourne 14.2.4-14.2.5), and each coup at it is followed from its
 * start (the order-of-wagering marker, Star 15.9.2) through its wagers, first card (undisclosed wagers revealed,
 * 15.8.2.6), hands and settlement (scored: chips, eliminations, play-offs) or void.
 *
 * Exactly once: the appends run in the messaging transaction that moves the checkpoint, so a redelivered event is
 * dropped by the watermark, and a batch delivered again whole is recognised by its command id. The table →
 * tournament map it keeps (`table_assignments`) is its own read model, in the same transaction.
 */
export class TablePlayProjection extends TournamentPlayConsumer implements Projection {
  readonly name: string;

  constructor(schema = 'tournaments', name?: string) {
    super(schema, 'tables');
    this.name = name ?? `${schema}.table-play`;
  }

  readonly handles = (type: string): boolean => HANDLED.has(type);

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.schema}.table_assignments`);
  }

  readonly apply = (event: IntegrationEvent, tx: PoolClient): Promise<void> => this.applyBatch([event], tx);

  /**
   * A batch in one go: the table → tournament map read once, each tournament's stream locked once, every command
   * prepared in order by the one command handler on the state the previous one left, and all of them appended in
   * one `appendMany`. Exactly once: the batch commits with the consumer's checkpoint (a redelivered event is dropped
   * by the watermark), and each command's id names the table event it came from, so an event applied again anyway
   * appends nothing.
   */
  readonly applyBatch = async (events: readonly IntegrationEvent[], tx: PoolClient): Promise<void> => {
    const tableIds = [...new Set(events.map((e) => String((e.data as { tableId?: unknown }).tableId ?? '')))];
    const { rows } = await tx.query<{ table_id: string; tournament_id: string }>(`SELECT table_id, tournament_id FROM ${this.schema}.table_assignments WHERE table_id = ANY($1)`, [tableIds]);
    const assigned = new Map(rows.map((r) => [r.table_id, r.tournament_id]));
    const work = new Map<string, Working>();
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      const tableId = String(data.tableId ?? '');
      const base = { actor: event.actor, now: event.occurredAt, tableId };
      if (event.type === 'TableOpened') {
        const d = data as unknown as Data<TableOpened>;
        const note = (forTournament: boolean): TournamentCommand => ({ type: 'NoteTableOpened', ...base, forTournament, variant: d.variant, offeredBets: d.offeredBets });
        if (d.tournamentId) {
          await tx.query(`INSERT INTO ${this.schema}.table_assignments (table_id, tournament_id) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET tournament_id = EXCLUDED.tournament_id`, [tableId, d.tournamentId]);
          assigned.set(tableId, d.tournamentId);
          await this.decide(tx, work, event, d.tournamentId, note(true));
          continue;
        }
        await tx.query(`DELETE FROM ${this.schema}.table_assignments WHERE table_id = $1`, [tableId]);
        assigned.delete(tableId);
        // A designated table opened for other play (Crown Melbourne 14.2.5): every tournament it is designated to hears of it.
        const designated = await tx.query<{ tournament_id: string }>(
          `SELECT DISTINCT substr(stream_id, 12) AS tournament_id FROM ${this.schema}.events WHERE type = 'TournamentTablesDesignated' AND data->'tableIds' ? $1`,
          [tableId],
        );
        for (const r of designated.rows) await this.decide(tx, work, event, r.tournament_id, note(false));
        continue;
      }
      if (event.type === 'TableClosed') {
        await tx.query(`DELETE FROM ${this.schema}.table_assignments WHERE table_id = $1`, [tableId]);
        assigned.delete(tableId);
        continue;
      }
      const tournamentId = assigned.get(tableId);
      const command = tournamentId ? toCommand(event, base) : null;
      if (tournamentId && command) await this.decide(tx, work, event, tournamentId, command);
    }
    await this.appendAll(tx, work);
  };
}

const toCommand = (event: IntegrationEvent, base: { actor: { id: string; role: string }; now: string; tableId: string }): TournamentCommand | null => {
  const data = event.data as Record<string, unknown>;
  const coupId = String(data.coupId ?? '');
  switch (event.type) {
    case 'CoupStarted':
      return { type: 'NoteCoupStarted', ...base, coupId, dummy: Boolean(data.dummy) };
    case 'WagersAccepted':
      return { type: 'NoteWagers', ...base, coupId, wagers: (data as unknown as Data<WagersAccepted>).wagers.map((w) => ({ box: w.box, amount: w.amountCents })) };
    case 'CardDealt':
      return data.position === 1 ? { type: 'NoteFirstCard', ...base, coupId } : null;
    case 'CoupCompleted': {
      const d = data as unknown as Data<CoupCompleted>;
      return { type: 'NoteCoupCompleted', ...base, coupId, result: d.result, playerCards: d.playerCards, bankerCards: d.bankerCards };
    }
    case 'WagersSettled': {
      const d = data as unknown as Data<WagersSettled>;
      return {
        type: 'NoteSettlement',
        ...base,
        coupId,
        settlements: d.settlements.map((x) => ({
          box: x.box,
          amount: x.amountCents,
          net: x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents,
          outcome: x.outcome,
          bet: x.bet,
          option: x.option,
        })),
      };
    }
    case 'CoupVoided':
      return { type: 'NoteCoupVoided', ...base, coupId };
    default:
      return null;
  }
};

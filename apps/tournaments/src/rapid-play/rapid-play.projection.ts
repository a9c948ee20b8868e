import type { AtsSettlementRecalculated, IntegrationEvent, RapidMalfunctionRecorded, RapidRoundSettled, RapidTableOpened, RapidTournamentSessionEnded, RapidTournamentSessionStarted } from '@app/contracts';
import type { Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import { TournamentPlayConsumer, type Working } from '../table-play/tournament-play-consumer';

type Data<T> = Omit<T, 'type'>;
const HANDLED = new Set(['RapidTableOpened', 'RapidTournamentSessionStarted', 'RapidTournamentSessionEnded', 'RapidRoundStarted', 'RapidRoundSettled', 'RapidMalfunctionRecorded', 'AtsSettlementRecalculated']);

/**
 * Tournament play at Rapid Baccarat tables (Rapid 12), from what the rapid service PUBLISHED (never asking it):
 * - `RapidTableOpened`: the table, its rules and bets, kept in `rapid_tables` so a Tournament Director can designate
 *   it and start sessions at it (12.3.1; the edge adds these facts to the command);
 * - `RapidTournamentSessionStarted` / `Ended`: which tournament session plays at the table and which tournament
 *   account is which box (`rapid_sessions`); accounts of anyone else at the table are not the tournament's;
 * - `RapidRoundStarted`: a coup of the session starts;
 * - `RapidRoundSettled`: each tournament account's stake and credit for the round (4.8): the coup is scored from
 *   them, so a player's chips move exactly as the account's balance did (tournament chips conserved);
 * - `RapidMalfunctionRecorded` voiding the round for the game system (11.15(a)): the coup is void, every stake returned;
 * - `unseated` of `RapidTournamentSessionStarted`: a seat the rapid service could not give, a notice for the director;
 * - `AtsSettlementRecalculated` of a tournament account (11.11): the player's chips move as the account did (the
 *   account → player map `rapid_accounts` outlives the session, so a late correction is still noticed).
 * Exactly once as the table-play consumer: the read models and the tournament's events commit with the checkpoint.
 */
export class RapidPlayProjection extends TournamentPlayConsumer implements Projection {
  readonly name: string;

  constructor(schema = 'tournaments', name?: string) {
    super(schema, 'rapid');
    this.name = name ?? `${schema}.rapid-play`;
  }

  readonly handles = (type: string): boolean => HANDLED.has(type);

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.schema}.rapid_tables, ${this.schema}.rapid_sessions, ${this.schema}.rapid_accounts`);
  }

  readonly apply = (event: IntegrationEvent, tx: PoolClient): Promise<void> => this.applyBatch([event], tx);

  readonly applyBatch = async (events: readonly IntegrationEvent[], tx: PoolClient): Promise<void> => {
    const work = new Map<string, Working>();
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      const tableId = String(data.tableId ?? '');
      const base = { actor: event.actor, now: event.occurredAt, tableId };
      if (event.type === 'RapidTableOpened') {
        const d = data as unknown as Data<RapidTableOpened>;
        await tx.query(
          `INSERT INTO ${this.schema}.rapid_tables (table_id, rulebook_id, variant, offered_bets) VALUES ($1, $2, $3, $4)
           ON CONFLICT (table_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id, variant = EXCLUDED.variant, offered_bets = EXCLUDED.offered_bets`,
          [tableId, d.terms.rulebookId, d.terms.variant, JSON.stringify(d.terms.offeredBets)],
        );
        continue;
      }
      if (event.type === 'RapidTournamentSessionStarted') {
        const d = data as unknown as Data<RapidTournamentSessionStarted>;
        const boxes = Object.fromEntries(d.seats.flatMap((s) => (s.box === undefined ? [] : [[s.accountId, s.box]])));
        await tx.query(
          `INSERT INTO ${this.schema}.rapid_sessions (table_id, tournament_id, session_id, boxes) VALUES ($1, $2, $3, $4)
           ON CONFLICT (table_id) DO UPDATE SET tournament_id = EXCLUDED.tournament_id, session_id = EXCLUDED.session_id, boxes = EXCLUDED.boxes`,
          [tableId, d.tournamentId, d.sessionId, JSON.stringify(boxes)],
        );
        for (const seat of d.seats) {
          if (seat.box === undefined) continue;
          await tx.query(
            `INSERT INTO ${this.schema}.rapid_accounts (account_id, table_id, tournament_id, session_id, entry_id, box) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id) DO NOTHING`,
            [seat.accountId, tableId, d.tournamentId, d.sessionId, seat.entryId, seat.box],
          );
        }
        for (const u of d.unseated ?? []) {
          await this.decide(tx, work, event, d.tournamentId, { type: 'NoteSeatRefused', ...base, sessionId: d.sessionId, entryId: u.entryId, box: u.box, reason: u.reason });
        }
        continue;
      }
      if (event.type === 'AtsSettlementRecalculated') {
        const d = data as unknown as Data<AtsSettlementRecalculated>;
        const { rows: found } = await tx.query<{ tournament_id: string; session_id: string; entry_id: string; box: number; table_id: string }>(
          `SELECT tournament_id, session_id, entry_id, box, table_id FROM ${this.schema}.rapid_accounts WHERE account_id = $1`,
          [d.accountId],
        );
        const a = found[0];
        if (!a) continue; // not a tournament account
        await this.decide(tx, work, event, a.tournament_id, {
          type: 'NoteChipsCorrected',
          ...base,
          tableId: a.table_id,
          sessionId: a.session_id,
          entryId: a.entry_id,
          box: a.box,
          coupId: d.roundId,
          correctionId: event.eventId,
          movement: d.movementCents,
          unrecovered: d.unrecoveredCents,
        });
        continue;
      }
      if (event.type === 'RapidTournamentSessionEnded') {
        const d = data as unknown as Data<RapidTournamentSessionEnded>;
        await tx.query(`DELETE FROM ${this.schema}.rapid_sessions WHERE table_id = $1 AND tournament_id = $2 AND session_id = $3`, [tableId, d.tournamentId, d.sessionId]);
        continue;
      }
      const { rows } = await tx.query<{ tournament_id: string; boxes: Record<string, number> }>(`SELECT tournament_id, boxes FROM ${this.schema}.rapid_sessions WHERE table_id = $1`, [tableId]);
      const session = rows[0];
      if (!session) continue;
      if (event.type === 'RapidRoundStarted') {
        await this.decide(tx, work, event, session.tournament_id, { type: 'NoteCoupStarted', ...base, coupId: String(data.roundId), dummy: false });
        continue;
      }
      if (event.type === 'RapidMalfunctionRecorded') {
        const d = data as unknown as Data<RapidMalfunctionRecorded>;
        if (d.scope === 'game-system' && d.effect === 'void') await this.decide(tx, work, event, session.tournament_id, { type: 'NoteCoupVoided', ...base, coupId: d.roundId });
        continue;
      }
      if (event.type === 'RapidRoundSettled') {
        const d = data as unknown as Data<RapidRoundSettled>;
        if (!d.outcome) continue;
        const coupId = d.roundId;
        // Only the session's tournament accounts count, each at its box; a stake returned (5.3.3) nets zero.
        const lines = d.accounts.flatMap((a) => (session.boxes[a.accountId] === undefined || a.stakedCents === 0 ? [] : [{ box: session.boxes[a.accountId], amount: a.stakedCents, net: a.creditedCents - a.stakedCents }]));
        if (lines.length > 0) await this.decide(tx, work, event, session.tournament_id, { type: 'NoteWagers', ...base, coupId, wagers: lines.map((l) => ({ box: l.box, amount: l.amount })) });
        await this.decide(tx, work, event, session.tournament_id, { type: 'NoteCoupCompleted', ...base, coupId, result: d.outcome.result, playerCards: d.outcome.playerCards, bankerCards: d.outcome.bankerCards });
        if (lines.length > 0) {
          const settlements = lines.map((l) => ({ ...l, outcome: l.net > 0 ? 'win' : l.net < 0 ? 'lose' : 'push' }));
          await this.decide(tx, work, event, session.tournament_id, { type: 'NoteSettlement', ...base, coupId, settlements });
        }
      }
    }
    await this.appendAll(tx, work);
  };
}

/**
 * What the NSW regulator reports need from the promotions service (The Star Sydney 16, 1.1), built only from its
 * published events (baccarat.promotions.events): one row per notice, with the clause, whether a deadline was met,
 * and the facts as published. The notices:
 * - terms created and lodged with the regulator (Star 2024 16.12: 24 hours before commencement), amendments and
 *   resubmissions (16.12.1);
 * - draws: the operator's commitment, the scrutineer's contribution, rounds abandoned with their reveals (16.7.1,
 *   16.7.10), the draw (seeds, winners, scrutineer 16.2), compromised draws and the inspector's notice (16.11), on
 *   time only when given by its due time;
 * - winners notified (16.8: within 2 days), denied claims retained (16.9.1), prizes paid and how (16.3, 16.4);
 * - token wagers (1.1): winnings paid in chips, and the stake the tables service recorded as returned although it
 *   was a promotional token (`tablesReturnedCents`), so the chip reconciliation can take it out; and token wagers
 *   the dealer did not mark as tokens, which the tables counted as chips (an attention item); token wagers the tables
 *   took that the desk never registered (`token-wager-unregistered`: table, coup, box, bet, amount, when).
 */
import type { IntegrationEvent, PromotionsIntegrationEventType } from '@app/contracts';
import { PROMOTIONS_INTEGRATION_EVENT_TYPES } from '@app/contracts';
import type { Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import { runMigrations } from '@app/event-store';
import { gamingTimeOf } from '../calendar/gaming-calendar';
import { REPORTING_MIGRATIONS } from '../reporting.migrations';
import { calendarFor, DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';

export const PROMOTION_NOTICES_TABLE = 'promotion_notices';

type Notice = { kind: string; onTime: boolean | null; amountCents: number | null };

const noticeOf = (type: PromotionsIntegrationEventType, d: Record<string, unknown>, due: string | null): Notice | null => {
  const cents = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  switch (type) {
    case 'PromotionCreated':
      return { kind: 'terms', onTime: null, amountCents: (d.prizes as { valueCents: number }[]).reduce((n, p) => n + p.valueCents, 0) };
    case 'PromotionTermsLodged':
      return { kind: d.resubmission ? 'terms-resubmitted' : 'terms-lodged', onTime: d.resubmission || !due ? null : Date.parse(d.lodgedAt as string) <= Date.parse(due), amountCents: null };
    case 'PromotionTermsAmended':
      return { kind: 'terms-amended', onTime: null, amountCents: null };
    case 'PromotionDrawOperatorCommitted':
      return { kind: 'draw-committed', onTime: null, amountCents: null };
    case 'PromotionDrawScrutineerCommitted':
      return { kind: 'draw-contribution', onTime: null, amountCents: null };
    case 'PromotionDrawRoundAbandoned':
      return { kind: 'draw-round-abandoned', onTime: null, amountCents: null };
    case 'PromotionDrawConducted':
      return { kind: 'draw', onTime: null, amountCents: (d.winners as { valueCents: number }[]).reduce((n, w) => n + w.valueCents, 0) };
    case 'PromotionDrawCompromised':
      // 16.11: on time only if the notice given with the decision met its due time (the event's own verdict, or for
      // events published before it, the two times compared).
      return {
        kind: `draw-${d.action as string}`,
        onTime: typeof d.inspectorNoticeOnTime === 'boolean' ? d.inspectorNoticeOnTime : d.inspectorNotifiedAt ? Date.parse(d.inspectorNotifiedAt as string) <= Date.parse(d.inspectorNoticeDueBy as string) : null,
        amountCents: null,
      };
    case 'PromotionInspectorNotified':
      return { kind: 'inspector-notified', onTime: d.onTime as boolean, amountCents: null };
    case 'PromotionWinnerNotified':
      return { kind: 'winner-notified', onTime: d.onTime as boolean, amountCents: null };
    case 'PromotionClaimDenied':
      return d.retained ? { kind: 'claim-denied', onTime: null, amountCents: cents('valueCents') } : null;
    case 'PromotionPrizePaid':
      return { kind: 'prize-paid', onTime: null, amountCents: cents('amountCents') };
    case 'PromotionalTokenWagerSettled':
      return { kind: 'token-wager-settled', onTime: null, amountCents: cents('winningsInChipsCents') };
    case 'PromotionalTokenWagerUnmarked':
      return { kind: 'token-wager-unmarked', onTime: null, amountCents: cents('amountCents') };
    // The tables accepted under a token's id a wager other than the desk recorded (another bet, box or amount), or one
    // the desk never recorded: the token was not the voucher's to stake so (Star 1.1).
    // One the desk never recorded under that id is itemised as unregistered, with what the table took; one it did with
    // the amount the table took (null on events published before they carried it) (Star 1.1, 5.2).
    case 'PromotionalTokenWagerMatched':
      if (d.matches !== false) return null;
      // Taken after the desk released it (its tokens given back): the same tokens staked twice, itemised as unregistered.
      if (d.afterRelease === true) return { kind: 'token-wager-after-release', onTime: null, amountCents: cents('amountCents') };
      return d.recorded === false ? { kind: 'token-wager-unregistered', onTime: null, amountCents: cents('amountCents') } : { kind: 'token-wager-mismatch', onTime: null, amountCents: cents('amountCents') };
    // A token the tables took that the desk never registered: no voucher behind it (Star 1.1, 5.2).
    case 'PromotionalTokenWagerUnregistered':
      return { kind: 'token-wager-unregistered', onTime: null, amountCents: cents('amountCents') };
    // A token wager recorded at the desk that the table never accepted: its tokens went back to the player (Star 1.1).
    case 'PromotionalTokenWagerReleased':
      return { kind: 'token-wager-released', onTime: null, amountCents: cents('amountCents') };
    case 'PromotionalTokenWagerReversed':
      return { kind: 'token-wager-reversed', onTime: null, amountCents: cents('winningsReversedCents') };
    case 'PromotionPlayReversed':
      return { kind: d.entriesFrozen ? 'voided-play-after-draw-committed' : 'entries-revoked', onTime: null, amountCents: cents('turnoverCents') };
    default:
      return null;
  }
};

export class PromotionNoticesProjection implements Projection {
  readonly name: string;
  readonly handles = (type: string): boolean => (PROMOTIONS_INTEGRATION_EVENT_TYPES as readonly string[]).includes(type);

  constructor(
    private readonly schema = 'reporting',
    private readonly calendars: JurisdictionCalendars = DEFAULT_CALENDARS,
  ) {
    this.name = `${schema}.promotion-notices`;
  }

  async setup(tx: PoolClient): Promise<void> {
    // The notices are tables of the reporting schema's migrations (0004); whichever consumer starts first applies them.
    await runMigrations(tx, REPORTING_MIGRATIONS, this.schema);
  }

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.schema}.${PROMOTION_NOTICES_TABLE}, ${this.schema}.promotion_terms_due`);
  }

  async apply(event: IntegrationEvent, tx: PoolClient): Promise<void> {
    const d = event.data;
    // A token wager's match names its promotion only since it was carried: older ones are filed under the voucher.
    // A token wager no voucher stands behind is filed under the voucher its token id names, or else its table.
    const promotionId = (d.promotionId as string | undefined) ?? (typeof d.voucherId === 'string' ? `voucher:${d.voucherId}` : `table:${String(d.tableId)}`);
    if (event.type === 'PromotionCreated') {
      await tx.query(`INSERT INTO ${this.schema}.promotion_terms_due VALUES ($1, $2) ON CONFLICT (promotion_id) DO UPDATE SET due_at = EXCLUDED.due_at`, [promotionId, d.termsDueAtRegulatorBy ?? null]);
    }
    const { rows } = await tx.query<{ due_at: string | null }>(`SELECT due_at FROM ${this.schema}.promotion_terms_due WHERE promotion_id = $1`, [promotionId]);
    const notice = noticeOf(event.type as PromotionsIntegrationEventType, d, rows[0]?.due_at ?? null);
    if (!notice) return;
    await tx.query(
      `INSERT INTO ${this.schema}.${PROMOTION_NOTICES_TABLE} (event_id, source, source_tx, source_pos, gaming_day, promotion_id, rulebook_id, kind, clause, at, on_time, amount_cents, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (event_id) DO NOTHING`,
      [
        event.eventId,
        event.source,
        event.position.transactionId,
        event.position.position,
        // The Star's promotions are NSW's: the notice belongs to the NSW gaming day it happened on.
        gamingTimeOf(event.occurredAt, calendarFor(this.calendars, 'NSW')).gamingDay,
        promotionId,
        event.rulebookVersion,
        notice.kind,
        (d.clause as string) ?? '',
        event.occurredAt,
        notice.onTime,
        notice.amountCents,
        JSON.stringify(d),
      ],
    );
  }
}

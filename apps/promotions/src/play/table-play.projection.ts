/**
 * The promotions service's consumer of the tables service's published events (libs/contracts tables.events.ts):
 * - WagersSettled → RecordPlay on the promotions taking entries at that table then (promotions-in-play.ts; entries
 *   earned from rated play, Star 16.7.3-16.7.4), and
 *   SettleTokenWager on the voucher of each token wager (1.1: winnings in chips, the token as the promotion sets);
 * - WagersAccepted → MatchTokenWager: the tables accepted the token wager, placed under the token's wager id (then
 *   checked by table, coup, box, bet and amount) or under its own id (then found by table, coup, box, bet, amount);
 *   FlagUnmarkedTokenWager when only a wager marked as chips has the token wager's box, bet and amount;
 * - CoupVoided → a returned token wager goes back to the player; a settled coup voided afterwards takes back its
 *   turnover (ReversePlay, revoking entries) and its token winnings (ReverseTokenWager).
 * Exactly once: command ids derive from the source event id, and the commands append inside the transaction that
 * moves the consumer's checkpoint; a redelivery appends nothing. Should an admin command append to the same stream
 * between this transaction's read and its append, the append's version conflict fails the batch and the messaging
 * library applies it again.
 */
import { CoupVoided, DomainError, IntegrationEvent, voucherOfTokenWager, voucherStreamId, WagersAccepted, WagersSettled } from '@app/contracts';
import { CommandContext, PostgresEventStore } from '@app/event-store';
import { handlesTypes, Projection } from '@app/messaging';
import type { Pool, PoolClient } from 'pg';
import { promotionCommandHandler, voucherCommandHandler } from '../promotion/promotion.commands';
import type { PromotionCommand } from '../promotion/promotion.decider';
import type { VoucherCommand } from '../voucher/voucher.decider';
import { PromotionsInPlay } from './promotions-in-play';
import { RecordedTokenWager, TokenWagerIndex } from './token-wager-index';

type Data<T> = Omit<T, 'type'>;

export class TablePlayProjection implements Projection {
  readonly name: string;
  readonly handles = handlesTypes('WagersSettled', 'WagersAccepted', 'CoupVoided');

  private readonly index: TokenWagerIndex;
  private readonly inPlay: PromotionsInPlay;

  constructor(
    private readonly schema = 'promotions',
    name?: string,
  ) {
    this.name = name ?? `${schema}.table-play`;
    this.index = new TokenWagerIndex(schema);
    this.inPlay = new PromotionsInPlay(schema);
  }

  async apply(event: IntegrationEvent, tx: PoolClient): Promise<void> {
    const store = new PostgresEventStore(tx as unknown as Pool, this.schema);
    const now = new Date().toISOString();
    const context = (key: string): CommandContext => ({ commandId: `${key}:${event.eventId}`, actor: event.actor, correlationId: event.correlationId, causationId: event.eventId, now });
    switch (event.type) {
      case 'WagersAccepted': {
        const d = event.data as unknown as Data<WagersAccepted>;
        const pending = d.wagers.some((w) => !voucherOfTokenWager(w.wagerId)) ? await this.index.unmatched(tx, d.tableId, d.coupId) : [];
        for (const w of d.wagers) {
          // Placed under the token's id; or else the first token wager recorded for this box, bet and amount, unless the
          // tables say the wager was placed in chips (Star 5.2; events before the medium was published do not say).
          const byId = voucherOfTokenWager(w.wagerId);
          if (!byId && w.medium === 'chips') continue;
          const found = byId ? { voucherId: byId, wagerId: w.wagerId } : pending.find((t) => t.box === w.box && t.bet === w.bet && t.amountCents === w.amountCents);
          if (!found) continue;
          if (!byId) pending.splice(pending.indexOf(found as RecordedTokenWager), 1);
          await this.voucher(store, found.voucherId, context(`match:${found.wagerId}`), {
            type: 'MatchTokenWager',
            wagerId: found.wagerId,
            tablesWagerId: byId ? null : w.wagerId,
            tableId: d.tableId,
            coupId: d.coupId,
            box: w.box,
            bet: w.bet,
            amountCents: w.amountCents,
            sourceEventId: event.eventId,
            now,
          });
        }
        // A token wager left unmatched beside a chip wager of its box, bet and amount: probably the token, unmarked (Star 5.2, 1.1).
        for (const t of pending) {
          const chips = d.wagers.find((w) => w.medium === 'chips' && !voucherOfTokenWager(w.wagerId) && w.box === t.box && w.bet === t.bet && w.amountCents === t.amountCents);
          if (!chips) continue;
          await this.voucher(store, t.voucherId, context(`unmarked:${t.wagerId}`), { type: 'FlagUnmarkedTokenWager', wagerId: t.wagerId, tablesWagerId: chips.wagerId, tableId: d.tableId, coupId: d.coupId, sourceEventId: event.eventId, now });
        }
        return;
      }
      case 'WagersSettled': {
        const d = event.data as unknown as Data<WagersSettled>;
        const tokens = await this.tokenWagers(tx, d.tableId, d.coupId, d.settlements.map((s) => s.wagerId));
        for (const streamId of await this.inPlay.takingEntries(tx, d.tableId, d.settledAt)) {
          const command: PromotionCommand = {
            type: 'RecordPlay',
            tableId: d.tableId,
            coupId: d.coupId,
            settledAt: d.settledAt,
            // Promotional token wagers are the promotion's own stake: they earn no entries.
            settlements: d.settlements.filter((s) => !tokens.has(s.wagerId) && s.medium !== 'promotional-token').map((s) => ({ wagerId: s.wagerId, patronId: s.patronId, bet: s.bet, amountCents: s.amountCents, outcome: s.outcome })),
            sourceEventId: event.eventId,
            now,
          };
          await this.quietly(() => promotionCommandHandler(store).handle(streamId, command, context(`play:${streamId}`)));
        }
        for (const s of d.settlements) {
          const token = tokens.get(s.wagerId);
          if (!token) continue;
          await this.voucher(store, token.voucherId, context(`settle:${token.wagerId}`), {
            type: 'SettleTokenWager',
            wagerId: token.wagerId,
            outcome: s.outcome,
            winCents: s.winCents,
            returnedCents: s.returnedCents,
            commissionImmediateCents: s.commissionImmediateCents,
            commissionDeferredCents: s.commissionDeferredCents,
            sourceEventId: event.eventId,
            settledAt: d.settledAt,
            now,
          });
        }
        return;
      }
      case 'CoupVoided': {
        const d = event.data as unknown as Data<CoupVoided>;
        // A settled coup voided afterwards refunds every wager (Crown Melbourne 15.5, Star 14.5): its turnover and
        // its token winnings are taken back. Version 1 events carry no reversedSettlements: nothing to take back.
        const reversed = d.reversedSettlements ?? [];
        const tokens = await this.tokenWagers(tx, d.tableId, d.coupId, [...d.returnedWagerIds, ...reversed.map((s) => s.wagerId)]);
        if (reversed.length > 0) {
          for (const streamId of await this.inPlay.playedOn(tx, d.tableId, d.coupId)) {
            const command: PromotionCommand = { type: 'ReversePlay', tableId: d.tableId, coupId: d.coupId, sourceEventId: event.eventId, voidedAt: d.voidedAt, now };
            await this.quietly(() => promotionCommandHandler(store).handle(streamId, command, context(`unplay:${streamId}`)));
          }
        }
        for (const s of reversed) {
          const token = tokens.get(s.wagerId);
          if (!token) continue;
          await this.voucher(store, token.voucherId, context(`reverse:${token.wagerId}`), { type: 'ReverseTokenWager', wagerId: token.wagerId, reason: `${d.reason} (${d.clause})`, sourceEventId: event.eventId, voidedAt: d.voidedAt, now });
        }
        for (const wagerId of d.returnedWagerIds) {
          const token = tokens.get(wagerId);
          if (!token) continue;
          await this.voucher(store, token.voucherId, context(`void:${token.wagerId}`), {
            type: 'SettleTokenWager',
            wagerId: token.wagerId,
            outcome: 'void',
            winCents: 0,
            returnedCents: 0,
            commissionImmediateCents: 0,
            commissionDeferredCents: 0,
            sourceEventId: event.eventId,
            settledAt: d.voidedAt,
            now,
          });
        }
        return;
      }
    }
  }

  /** The token wagers among the tables' wager ids of a coup: by the token's own id, or as matched to the tables' id. */
  private async tokenWagers(tx: PoolClient, tableId: string, coupId: string, wagerIds: readonly string[]): Promise<Map<string, { voucherId: string; wagerId: string }>> {
    const tokens = new Map<string, { voucherId: string; wagerId: string }>();
    const others: string[] = [];
    for (const id of wagerIds) {
      const voucherId = voucherOfTokenWager(id);
      if (voucherId) tokens.set(id, { voucherId, wagerId: id });
      else others.push(id);
    }
    if (others.length > 0) {
      const linked = await this.index.linked(tx, tableId, coupId);
      for (const id of others) {
        const token = linked.get(id);
        if (token) tokens.set(id, token);
      }
    }
    return tokens;
  }

  private async voucher(store: PostgresEventStore, voucherId: string, context: CommandContext, command: VoucherCommand): Promise<void> {
    await this.quietly(() => voucherCommandHandler(store).handle(voucherStreamId(voucherId), command, context));
  }

  /** A refusal is not a poison message: that play simply does not concern the promotion or voucher. */
  private async quietly(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
}

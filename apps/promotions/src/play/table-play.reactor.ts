/**
 * The promotions service's reaction to the tables service's published events (libs/contracts tables.events.ts), pure:
 * - WagersSettled → RecordPlay on the promotions taking entries at that table then (entries earned from rated play,
 *   Star 16.7.3-16.7.4): only promotions of the casino whose gaming it is (16.1: a promotion is the promoting casino's;
 *   play at another operator's table, or under no known rulebook, earns nothing), whose entry rule names the table or
 *   no table, during the entry period; and SettleTokenWager on the voucher of each token wager (1.1: winnings in
 *   chips, the token as the promotion sets);
 * - WagersAccepted → MatchTokenWager: the tables accepted the token wager, placed under the token's wager id (then
 *   checked by table, coup, box, bet and amount) or under its own id (then found by table, coup, box, bet, amount);
 *   FlagUnmarkedTokenWager when only a wager marked as chips has the token wager's box, bet and amount;
 *   RecordUnregisteredTokenWager (stream token-table-<tableId>) for a token the desk never registered: placed as a
 *   token answering no recorded token wager, or under the token id of a voucher never issued (Star 1.1, 5.2);
 * - CoupVoided → a returned token wager goes back to the player; a settled coup voided afterwards takes back its
 *   turnover (ReversePlay, revoking entries) and its token winnings (ReverseTokenWager);
 * - WagersSettled, CoupVoided → a token wager recorded at the desk that the coup ended without (never accepted at the
 *   table, nor flagged as played unmarked) is released: its tokens go back to the player (ReleaseUnplayedTokenWager,
 *   Star 1.1), flagged for a supervisor and the regulator.
 */
import { rulebookById, type RulebookId } from '@app/baccarat';
import { tokenTableStreamId, voucherOfTokenWager, voucherStreamId, promotionStreamId, type CoupVoided, type IntegrationEvent, type PromotionEntryRule, type PromotionSchedule, type WagersAccepted, type WagersSettled } from '@app/contracts';
import type { Reaction } from '@app/messaging';
import type { PromotionCommand } from '../promotion/promotion.decider';
import { atOrBefore } from '../promotion/instants';
import type { VoucherCommand } from '../voucher/voucher.decider';
import type { TokenTableCommand } from './token-table.decider';

type Data<T> = Omit<T, 'type'>;
export type TablePlayCommand = PromotionCommand | VoucherCommand | TokenTableCommand;

/** A token wager recorded at the promotions desk (PromotionalTokenWagered). */
export interface RecordedTokenWager {
  readonly voucherId: string;
  readonly wagerId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
}

/** A promotion as created (schedule and entry rule are fixed at creation; the decider still checks status and lodging). */
export interface PromotionInPlay {
  readonly promotionId: string;
  readonly rulebookId: string;
  readonly schedule: Pick<PromotionSchedule, 'startsAt' | 'entriesCloseAt'>;
  readonly entryRule: Pick<PromotionEntryRule, 'tableIds'> | null;
}

/** What the reaction needs beyond the event, from the promotions store's own facts. */
export interface TablePlayState {
  /** Token wagers recorded at the desk for the coup that nothing at the table answered yet (WagersAccepted, WagersSettled, CoupVoided). */
  readonly unmatched: readonly RecordedTokenWager[];
  /** WagersSettled, CoupVoided: the tables' wager ids of the coup matched to token wagers. */
  readonly linked: Readonly<Record<string, { readonly voucherId: string; readonly wagerId: string }>>;
  /** WagersSettled: every promotion created. */
  readonly promotions: readonly PromotionInPlay[];
  /** CoupVoided: the promotions that counted entries from the coup. */
  readonly playedOn: readonly string[];
  /** WagersAccepted: vouchers named by the coup's token wager ids that were never issued. */
  readonly unknownVouchers: readonly string[];
}

export const NOTHING_KNOWN: TablePlayState = { unmatched: [], linked: {}, promotions: [], playedOn: [], unknownVouchers: [] };

const voucher = (voucherId: string, command: VoucherCommand): Reaction<TablePlayCommand> => ({ streamId: voucherStreamId(voucherId), command });

/** The operator whose gaming a play is, from the rulebook version it was played under; null when none is known. */
const operatorOf = (rulebookId: string | null | undefined): string | null => {
  if (!rulebookId) return null;
  try {
    return rulebookById(rulebookId as RulebookId).operatorId;
  } catch {
    return null;
  }
};

/** Promotions taking entries from play at `tableId` at `settledAt`, by the casino whose rulebook the play was under. */
export const promotionsTakingEntries = (promotions: readonly PromotionInPlay[], playRulebookId: string | null, tableId: string, settledAt: string): string[] => {
  const operator = operatorOf(playRulebookId);
  if (!operator) return [];
  return promotions
    .filter((p) => p.entryRule !== null && operatorOf(p.rulebookId) === operator)
    .filter((p) => atOrBefore(p.schedule.startsAt, settledAt) && !atOrBefore(p.schedule.entriesCloseAt, settledAt))
    .filter((p) => p.entryRule!.tableIds.length === 0 || p.entryRule!.tableIds.includes(tableId))
    .map((p) => promotionStreamId(p.promotionId))
    .sort();
};

/** The token wagers among the tables' wager ids of a coup: by the token's own id, or as matched to the tables' id. */
const tokenWagers = (state: TablePlayState, wagerIds: readonly string[]): Map<string, { voucherId: string; wagerId: string }> => {
  const tokens = new Map<string, { voucherId: string; wagerId: string }>();
  for (const id of wagerIds) {
    const voucherId = voucherOfTokenWager(id);
    const token = voucherId ? { voucherId, wagerId: id } : state.linked[id];
    if (token) tokens.set(id, token);
  }
  return tokens;
};

/** The coup ended: recorded token wagers the table never took (nor settled under their id) give their tokens back (Star 1.1). */
const releaseUnplayed = (state: TablePlayState, tokens: Map<string, { voucherId: string; wagerId: string }>, tableId: string, coupId: string, sourceEventId: string, now: string): Reaction<TablePlayCommand>[] => {
  const played = new Set([...tokens.values()].map((t) => t.wagerId));
  return state.unmatched.filter((t) => !played.has(t.wagerId)).map((t) => voucher(t.voucherId, { type: 'ReleaseUnplayedTokenWager', wagerId: t.wagerId, tableId, coupId, sourceEventId, now }));
};

export const reactToTablePlay = (event: IntegrationEvent, state: TablePlayState): Reaction<TablePlayCommand>[] => {
  const now = event.occurredAt;
  const sourceEventId = event.eventId;
  const reactions: Reaction<TablePlayCommand>[] = [];
  switch (event.type) {
    case 'WagersAccepted': {
      const d = event.data as unknown as Data<WagersAccepted>;
      const pending = [...state.unmatched];
      for (const w of d.wagers) {
        // Placed under the token's id; or else the first token wager recorded for this box, bet and amount, unless the
        // tables say the wager was placed in chips (Star 5.2; events before the medium was published do not say).
        const byId = voucherOfTokenWager(w.wagerId);
        if (!byId && w.medium === 'chips') continue;
        const found = byId ? { voucherId: byId, wagerId: w.wagerId } : pending.find((t) => t.box === w.box && t.bet === w.bet && t.amountCents === w.amountCents);
        // A token the desk never registered: placed as a token answering no recorded token wager, or under the token id
        // of a voucher never issued. Nothing stands behind it: itemised on the table's stream (Star 1.1, 5.2).
        const unregistered = byId ? state.unknownVouchers.includes(byId) : !found && w.medium === 'promotional-token';
        if (unregistered) {
          if (event.rulebookVersion) {
            reactions.push({
              streamId: tokenTableStreamId(d.tableId),
              command: { type: 'RecordUnregisteredTokenWager', rulebookId: event.rulebookVersion, voucherId: byId, tableId: d.tableId, coupId: d.coupId, tablesWagerId: w.wagerId, box: w.box, bet: w.bet, amountCents: w.amountCents, acceptedAt: now, sourceEventId, now },
            });
          }
          continue;
        }
        if (!found) continue;
        if (!byId) pending.splice(pending.indexOf(found as RecordedTokenWager), 1);
        reactions.push(
          voucher(found.voucherId, { type: 'MatchTokenWager', wagerId: found.wagerId, tablesWagerId: byId ? null : w.wagerId, tableId: d.tableId, coupId: d.coupId, box: w.box, bet: w.bet, amountCents: w.amountCents, sourceEventId, now }),
        );
      }
      // A token wager left unmatched beside a chip wager of its box, bet and amount: probably the token, unmarked (Star 5.2, 1.1).
      for (const t of pending) {
        const chips = d.wagers.find((w) => w.medium === 'chips' && !voucherOfTokenWager(w.wagerId) && w.box === t.box && w.bet === t.bet && w.amountCents === t.amountCents);
        if (chips) reactions.push(voucher(t.voucherId, { type: 'FlagUnmarkedTokenWager', wagerId: t.wagerId, tablesWagerId: chips.wagerId, tableId: d.tableId, coupId: d.coupId, sourceEventId, now }));
      }
      return reactions;
    }
    case 'WagersSettled': {
      const d = event.data as unknown as Data<WagersSettled>;
      const tokens = tokenWagers(state, d.settlements.map((s) => s.wagerId));
      for (const streamId of promotionsTakingEntries(state.promotions, event.rulebookVersion, d.tableId, d.settledAt)) {
        reactions.push({
          streamId,
          command: {
            type: 'RecordPlay',
            tableId: d.tableId,
            coupId: d.coupId,
            settledAt: d.settledAt,
            // Promotional token wagers are the promotion's own stake: they earn no entries.
            settlements: d.settlements.filter((s) => !tokens.has(s.wagerId) && s.medium !== 'promotional-token').map((s) => ({ wagerId: s.wagerId, patronId: s.patronId, bet: s.bet, amountCents: s.amountCents, outcome: s.outcome })),
            sourceEventId,
            now,
          },
        });
      }
      reactions.push(...releaseUnplayed(state, tokens, d.tableId, d.coupId, sourceEventId, now));
      for (const s of d.settlements) {
        const token = tokens.get(s.wagerId);
        if (!token) continue;
        reactions.push(
          voucher(token.voucherId, {
            type: 'SettleTokenWager',
            wagerId: token.wagerId,
            outcome: s.outcome,
            winCents: s.winCents,
            returnedCents: s.returnedCents,
            commissionImmediateCents: s.commissionImmediateCents,
            commissionDeferredCents: s.commissionDeferredCents,
            sourceEventId,
            settledAt: d.settledAt,
            now,
          }),
        );
      }
      return reactions;
    }
    case 'CoupVoided': {
      const d = event.data as unknown as Data<CoupVoided>;
      // A settled coup voided afterwards refunds every wager (Crown Melbourne 15.5, Star 14.5): its turnover and
      // its token winnings are taken back. Version 1 events carry no reversedSettlements: nothing to take back.
      const reversed = d.reversedSettlements ?? [];
      const tokens = tokenWagers(state, [...d.returnedWagerIds, ...reversed.map((s) => s.wagerId)]);
      if (reversed.length > 0) {
        for (const streamId of state.playedOn) reactions.push({ streamId, command: { type: 'ReversePlay', tableId: d.tableId, coupId: d.coupId, sourceEventId, voidedAt: d.voidedAt, now } });
      }
      for (const s of reversed) {
        const token = tokens.get(s.wagerId);
        if (token) reactions.push(voucher(token.voucherId, { type: 'ReverseTokenWager', wagerId: token.wagerId, reason: `${d.reason} (${d.clause})`, sourceEventId, voidedAt: d.voidedAt, now }));
      }
      for (const wagerId of d.returnedWagerIds) {
        const token = tokens.get(wagerId);
        if (!token) continue;
        reactions.push(
          voucher(token.voucherId, { type: 'SettleTokenWager', wagerId: token.wagerId, outcome: 'void', winCents: 0, returnedCents: 0, commissionImmediateCents: 0, commissionDeferredCents: 0, sourceEventId, settledAt: d.voidedAt, now }),
        );
      }
      reactions.push(...releaseUnplayed(state, tokens, d.tableId, d.coupId, sourceEventId, now));
      return reactions;
    }
    default:
      return [];
  }
};

/**
 * A table's promotional token wagers the promotions desk never registered (Star 1.1 'Casino Promotional Token', 5.2),
 * on the stream `token-table-<tableId>`: each wager the tables accepted as a token with no token wager recorded at the
 * desk behind it is recorded once (by the tables' wager id), with table, coup, box, bet, amount and when, so the token
 * reconciliation can itemise what it cannot agree on.
 */
import { conflict, ruleViolation, type PromotionalTokenWagerUnregistered } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { promotionPolicyById } from '@app/baccarat';

export interface RecordUnregisteredTokenWager {
  readonly type: 'RecordUnregisteredTokenWager';
  /** The rulebook the table played under (WagersAccepted.rulebookVersion): its 1.1 is cited. */
  readonly rulebookId: string;
  readonly voucherId: string | null;
  readonly tableId: string;
  readonly coupId: string;
  readonly tablesWagerId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  readonly acceptedAt: string;
  readonly sourceEventId: string;
  readonly now: string;
}

export type TokenTableCommand = RecordUnregisteredTokenWager;
export type TokenTableEvent = PromotionalTokenWagerUnregistered;

export interface TokenTableState {
  /** The tables' wager ids recorded (`coupId/tablesWagerId`): a redelivered acceptance records nothing twice. */
  readonly recorded: readonly string[];
}

const keyOf = (coupId: string, tablesWagerId: string) => `${coupId}/${tablesWagerId}`;

const decide = (c: TokenTableCommand, s: TokenTableState): readonly TokenTableEvent[] => {
  if (c.type !== 'RecordUnregisteredTokenWager') throw conflict('UNKNOWN_COMMAND', `Unknown command ${(c as { type: string }).type}.`);
  if (s.recorded.includes(keyOf(c.coupId, c.tablesWagerId))) return [];
  if (!Number.isInteger(c.amountCents) || c.amountCents < 0) throw ruleViolation('AMOUNT_INVALID', 'amountCents must be a whole number of cents.', undefined, 'amountCents');
  const clause = promotionPolicyById(c.rulebookId).promotionalToken.clause;
  return [
    {
      type: 'PromotionalTokenWagerUnregistered',
      voucherId: c.voucherId,
      tableId: c.tableId,
      coupId: c.coupId,
      tablesWagerId: c.tablesWagerId,
      box: c.box,
      bet: c.bet,
      amountCents: c.amountCents,
      acceptedAt: c.acceptedAt,
      reason: c.voucherId
        ? `the tables took ${c.amountCents} cents on ${c.bet} at box ${c.box} under a token of voucher ${c.voucherId}, which was never issued`
        : `the tables took ${c.amountCents} cents on ${c.bet} at box ${c.box} as a promotional token, and no token wager recorded at the promotions desk answers it`,
      sourceEventId: c.sourceEventId,
      clause,
    },
  ];
};

const evolve = (s: TokenTableState, e: TokenTableEvent): TokenTableState => ({ recorded: [...s.recorded, keyOf(e.coupId, e.tablesWagerId)] });

export const tokenTableDecider: Decider<TokenTableCommand, TokenTableEvent, TokenTableState> = { decide, evolve, initialState: () => ({ recorded: [] }) };

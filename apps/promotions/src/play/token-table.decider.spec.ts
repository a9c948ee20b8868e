import { deciderSpec } from '@app/testing';
import { tokenTableDecider, type RecordUnregisteredTokenWager } from './token-table.decider';

const spec = deciderSpec(tokenTableDecider);
const record = (over: Partial<RecordUnregisteredTokenWager> = {}): RecordUnregisteredTokenWager => ({
  type: 'RecordUnregisteredTokenWager',
  rulebookId: 'star-sydney-2024',
  voucherId: null,
  tableId: 'STAR-1',
  coupId: 'c9',
  tablesWagerId: 'w-77',
  box: 4,
  bet: 'banker',
  amountCents: 20_000,
  acceptedAt: '2026-06-10T03:00:00.000Z',
  sourceEventId: 'wa-9',
  now: '2026-06-10T03:00:00.000Z',
  ...over,
});

describe("a table's token wagers the promotions desk never registered (Star 2024 1.1 'Casino Promotional Token', 5.2)", () => {
  it("Star 2024 1.1: recorded once per wager the tables accepted, with table, coup, box, bet, amount, when and the edition's clause", () => {
    spec.given([]).when(record()).thenEvents((e) =>
      expect(e).toEqual([expect.objectContaining({ type: 'PromotionalTokenWagerUnregistered', voucherId: null, tableId: 'STAR-1', coupId: 'c9', tablesWagerId: 'w-77', box: 4, bet: 'banker', amountCents: 20_000, acceptedAt: '2026-06-10T03:00:00.000Z', clause: "Star 2024 1.1 'Casino Promotional Token'" })]),
    );
    const once = tokenTableDecider.decide(record(), tokenTableDecider.initialState());
    spec.given([...once]).when(record({ sourceEventId: 'wa-9-again' })).thenEvents((e) => expect(e).toEqual([]));
    spec.given([...once]).when(record({ tablesWagerId: 'w-79' })).thenEvents((e) => expect(e).toHaveLength(1));
  });
});

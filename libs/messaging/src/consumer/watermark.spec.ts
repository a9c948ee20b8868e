import { newDeliveries, Watermark } from './watermark';

const at = (tx: number, pos: number) => ({ transactionId: String(tx), position: String(pos) });
const d = (tx: number, pos: number, offset?: number) => ({ position: at(tx, pos), offset: offset === undefined ? undefined : String(offset), item: `${tx}/${pos}` });
const start: Watermark = { offset: null, position: at(0, 0) };

describe('newDeliveries (the per-partition watermark)', () => {
  it('applies a fresh batch in order and moves offset and position to its end', () => {
    const { fresh, next } = newDeliveries(start, [d(10, 1, 0), d(10, 2, 1), d(12, 3, 2)]);
    expect(fresh.map((f) => f.item)).toEqual(['10/1', '10/2', '12/3']);
    expect(next).toEqual({ offset: '2', position: at(12, 3) });
  });

  it('drops a republished batch that arrives at new offsets after a relay crash', () => {
    const after = newDeliveries(start, [d(10, 1, 0), d(10, 2, 1)]).next;
    const { fresh, next } = newDeliveries(after, [d(10, 1, 2), d(10, 2, 3), d(12, 3, 4)]);
    expect(fresh.map((f) => f.item)).toEqual(['12/3']);
    expect(next).toEqual({ offset: '4', position: at(12, 3) });
  });

  it('drops a redelivery at the same offsets', () => {
    const after = newDeliveries(start, [d(10, 1, 0), d(10, 2, 1)]).next;
    expect(newDeliveries(after, [d(10, 1, 0), d(10, 2, 1)])).toEqual({ fresh: [], next: after });
  });

  it('orders by transaction id before position: a late commit with a smaller position is still new', () => {
    const after = newDeliveries(start, [d(10, 50)]).next;
    expect(newDeliveries(after, [d(11, 7)]).fresh.map((f) => f.item)).toEqual(['11/7']);
  });

  it('drops duplicates within one batch and compares 64-bit positions exactly', () => {
    const big = 2n ** 62n;
    const p = { transactionId: String(big), position: String(big + 1n) };
    const { fresh } = newDeliveries(start, [{ position: p, item: 'a' }, { position: p, item: 'a-again' }]);
    expect(fresh.map((f) => f.item)).toEqual(['a']);
  });
});

import { GroupCommit, type Settled } from './group-commit';

describe('GroupCommit: a table\'s concurrent wagers in one transaction (Rapid 4.2, 4.7)', () => {
  it('runs the first request at once and the requests that arrive meanwhile together, one per account per batch', async () => {
    const batches: string[][] = [];
    const group = new GroupCommit<string, string>(async (items) => {
      batches.push([...items]);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i): Settled<string> => ({ ok: true, value: `done ${i}` }));
    });
    const results = await Promise.all([group.submit('a1', 'w1'), group.submit('a2', 'w2'), group.submit('a3', 'w3'), group.submit('a2', 'w4')]);
    expect(results).toEqual(['done w1', 'done w2', 'done w3', 'done w4']);
    expect(batches).toEqual([['w1'], ['w2', 'w3'], ['w4']]);
  });

  it('refuses a refused wager alone, and fails the whole batch only when its transaction fails', async () => {
    let fail = false;
    const group = new GroupCommit<number, number>(async (items) => {
      if (fail) throw new Error('connection lost');
      return items.map((n): Settled<number> => (n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: n }));
    });
    const mixed = await Promise.allSettled([group.submit('a', 1), group.submit('b', -2), group.submit('c', 3)]);
    expect(mixed.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = true;
    await expect(group.submit('a', 4)).rejects.toThrow('connection lost');
    fail = false;
    await expect(group.submit('a', 5)).resolves.toBe(5);
  });
});

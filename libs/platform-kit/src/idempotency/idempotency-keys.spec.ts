import { InMemoryIdempotencyKeys } from './idempotency-keys';

const deposit = { fingerprint: 'f-deposit', route: 'POST /accounts/A1/deposits' };
const other = { fingerprint: 'f-other', route: 'POST /accounts/A2/deposits' };

describe('Idempotency-Key: a retry answers the first answer, success or refusal, without running the command again (keys in memory)', () => {
  it('the first claim runs; a retry after the answer gets the answer; another command under the key is reused', async () => {
    const keys = new InMemoryIdempotencyKeys();
    const first = await keys.claim('alice', 'k1', deposit, 1_000);
    expect(first.kind).toBe('run');
    if (first.kind !== 'run') return;
    await keys.answer('alice', 'k1', first.lease, { status: 422, body: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await keys.claim('alice', 'k1', deposit, 1_000)).toEqual({ kind: 'answered', answer: { status: 422, body: { code: 'INSUFFICIENT_BALANCE' } } });
    expect(await keys.claim('alice', 'k1', other, 1_000)).toEqual({ kind: 'reused', first: deposit });
    expect((await keys.claim('bob', 'k1', other, 1_000)).kind).toBe('run');
  });

  it('a released key runs again, still bound to its command', async () => {
    const keys = new InMemoryIdempotencyKeys();
    const first = await keys.claim('alice', 'k1', deposit, 1_000);
    if (first.kind !== 'run') throw new Error('expected run');
    await keys.release('alice', 'k1', first.lease);
    expect((await keys.claim('alice', 'k1', deposit, 1_000)).kind).toBe('run');
    expect((await keys.claim('alice', 'k1', other, 1_000)).kind).toBe('reused');
  });
});

describe('Idempotency-Key: two concurrent requests with one key run the command once (keys in memory)', () => {
  it('while the first holds the key the second is told it is running; a lease past its time (a crashed process) frees it', async () => {
    let now = 0;
    const keys = new InMemoryIdempotencyKeys(10, () => now);
    const first = await keys.claim('alice', 'k1', deposit, 1_000);
    expect(await keys.claim('alice', 'k1', deposit, 1_000)).toEqual({ kind: 'running' });
    now = 1_001;
    const second = await keys.claim('alice', 'k1', deposit, 1_000);
    expect(second.kind).toBe('run');
    // The first request's late answer no longer holds the key: the one now running answers.
    if (first.kind !== 'run' || second.kind !== 'run') return;
    await keys.answer('alice', 'k1', first.lease, { status: 201, body: { late: true } });
    expect(await keys.claim('alice', 'k1', deposit, 1_000)).toEqual({ kind: 'running' });
    await keys.answer('alice', 'k1', second.lease, { status: 201, body: { late: false } });
    expect(await keys.claim('alice', 'k1', deposit, 1_000)).toEqual({ kind: 'answered', answer: { status: 201, body: { late: false } } });
  });
});

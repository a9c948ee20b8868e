import { InMemoryIdempotencyKeys } from './idempotency-keys';
import { conflict, notYetHeard } from '@app/contracts';
import { domainErrorBody } from '../errors/error-body';
import { freeWhenBack, kept } from './idempotency.interceptor';

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

describe('which first answers are kept for a retry with the same Idempotency-Key', () => {
  it('keeps answers and refusals of the command, not failures on our side, refusals of who asks, or refusals that say to retry in a moment (Star 15.9.3-15.9.4: no more bets waiting for the tournament)', () => {
    expect([kept(201), kept(422), kept(409), kept(409, false)]).toEqual([true, true, true, true]);
    expect([kept(500), kept(403), kept(401), kept(429), kept(408)]).toEqual([false, false, false, false, false]);
    // The bodies of a concurrent modification and of a refusal waiting on another service (TURN_RULING_PENDING, COUP_NOT_OPEN) say retryLater.
    expect([kept(409, true)]).toEqual([false]);
    expect(domainErrorBody(notYetHeard('TURN_RULING_PENDING', 'wait', 'Star 2024 15.9.4'))).toMatchObject({ statusCode: 409, code: 'TURN_RULING_PENDING', retryLater: true });
    expect(domainErrorBody(conflict('BETTING_ALREADY_CLOSED', 'closed'))).not.toHaveProperty('retryLater');
  });
});

describe('Idempotency-Key: a key whose answer could not be settled while the database was down is freed once it is back', () => {
  it('retries the release with growing pauses until the database answers, so the retry the 503 asked for runs then, not a minute later', async () => {
    let now = 0;
    let failures = 3;
    const released: number[] = [];
    const release = async () => {
      if (failures-- > 0) throw new Error('connection refused');
      released.push(now);
    };
    const pauses: number[] = [];
    const freed = await freeWhenBack(release, 60_000, async (ms) => { pauses.push(ms); now += ms; }, () => now);
    expect(freed).toBe(true);
    expect(pauses).toEqual([100, 200, 400]);
    expect(released).toEqual([700]);
  });

  it('gives up when the lease runs out anyway (the key is then free by its lease)', async () => {
    let now = 0;
    const freed = await freeWhenBack(async () => { throw new Error('down'); }, 5_000, async (ms) => { now += ms; }, () => now);
    expect(freed).toBe(false);
    expect(now).toBeGreaterThanOrEqual(5_000);
  });
});

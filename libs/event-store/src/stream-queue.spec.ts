import { StreamQueue } from './stream-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('StreamQueue', () => {
  it('runs one stream’s work one at a time in the order given, even when an earlier piece fails', async () => {
    const queue = new StreamQueue();
    const log: string[] = [];
    const step = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run('s', step('a', true)), queue.run('s', step('b')), queue.run('s', step('c'))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('lets work on other streams run alongside', async () => {
    const queue = new StreamQueue();
    const log: string[] = [];
    let release!: () => void;
    const blocked = queue.run('s1', () => new Promise<void>((resolve) => (release = resolve)));
    await queue.run('s2', async () => void log.push('s2 ran'));
    expect(log).toEqual(['s2 ran']);
    release();
    await blocked;
  });
});

import { EventEmitter } from 'node:events';
import { INestApplication, Logger } from '@nestjs/common';
import { ShutdownOnSignals } from './stop-on-signals';

/** What a Nest application does on close, as far as the shutdown path sees it. */
const fakeApp = (said: string[], closes: { count: number }) => {
  const server = new EventEmitter() as EventEmitter & { closeAllConnections: () => void };
  server.closeAllConnections = () => said.push('connections cut');
  return {
    getHttpServer: () => server,
    close: async () => {
      closes.count++;
      server.emit('close');
      await new Promise((r) => setTimeout(r, 5));
      said.push('app closed');
    },
  } as unknown as INestApplication;
};

describe('one shutdown path: SIGINT and SIGTERM stop what was started once, the last started first, and exit 0', () => {
  let said: string[];
  beforeEach(() => {
    said = [];
    const record = (message: unknown) => {
      said.push(String(message));
    };
    jest.spyOn(Logger.prototype, 'log').mockImplementation(record);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(record);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(record);
  });
  afterEach(() => jest.restoreAllMocks());

  it('closes the application (HTTP server first), then the embedded database, logging each step, and exits 0', async () => {
    const exits: number[] = [];
    const closes = { count: 0 };
    const shutdown = new ShutdownOnSignals((code) => exits.push(code));
    shutdown.add('the embedded PostgreSQL', async () => void said.push('database stopped'));
    shutdown.addApp(fakeApp(said, closes));
    await shutdown.stop('SIGTERM');
    expect(said).toEqual([
      'Stopping on SIGTERM: the application, then the embedded PostgreSQL',
      'Closed the HTTP server (no request accepted or in flight); stopping the consumers, relays and schedulers',
      'app closed',
      'database stopped',
      'Stopped cleanly (exit code 0)',
    ]);
    expect(exits).toEqual([0]);
  });

  it('a second signal (Ctrl-C pressed twice, SIGTERM after SIGINT) closes nothing twice and exits once', async () => {
    const exits: number[] = [];
    const closes = { count: 0 };
    const shutdown = new ShutdownOnSignals((code) => exits.push(code)).addApp(fakeApp(said, closes));
    await Promise.all([shutdown.stop('SIGINT'), shutdown.stop('SIGINT'), shutdown.stop('SIGTERM')]);
    expect(closes.count).toBe(1);
    expect(exits).toEqual([0]);
    expect(said.filter((line) => /again: still stopping/.test(line))).toHaveLength(2);
  });

  it('a step that fails is logged, the rest still stop, and the exit code is 1', async () => {
    const exits: number[] = [];
    const shutdown = new ShutdownOnSignals((code) => exits.push(code))
      .add('the embedded PostgreSQL', async () => void said.push('database stopped'))
      .add('the application', async () => {
        throw new Error('pool already ended');
      });
    await shutdown.stop('SIGTERM');
    expect(said).toEqual(expect.arrayContaining(['Could not stop the application: pool already ended', 'database stopped', 'Stopped, with the errors above (exit code 1)']));
    expect(exits).toEqual([1]);
  });
});

import { databaseOf, EVENT_STORE_SCHEMAS, verifyStreams } from './verify-streams';

describe('npm run verify-streams', () => {
  it('reads the configuration npm start reads: DATABASE_URL, or the embedded PostgreSQL on EMBEDDED_PG_PORT (default 54320)', () => {
    expect(databaseOf({ DATABASE_URL: 'postgres://auditor@db.example:5432/baccarat' })).toEqual({ url: 'postgres://auditor@db.example:5432/baccarat', embedded: false });
    expect(databaseOf({})).toEqual({ url: 'postgres://postgres:postgres@127.0.0.1:54320/postgres', embedded: true });
    expect(databaseOf({ EMBEDDED_PG_PORT: '54333' })).toEqual({ url: 'postgres://postgres:postgres@127.0.0.1:54333/postgres', embedded: true });
  });

  it("refuses a configuration npm start refuses, naming the variable", () => {
    expect(() => databaseOf({ EMBEDDED_PG_PORT: 'not-a-port' })).toThrow(/EMBEDDED_PG_PORT/);
  });

  it('names the schemas it can check: every event store of the platform, no read-model schema', async () => {
    expect([...EVENT_STORE_SCHEMAS].sort()).toEqual(['jackpots', 'promotions', 'rapid', 'tables', 'tournaments']);
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(await verifyStreams([])).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('\n')).toContain('--schema <tables|jackpots|promotions|rapid|tournaments|all>');
  });
});

import { assertDatabaseReachable, ConfigurationError, readServiceConfig, redactUrl } from './service-config';

const read = (env: NodeJS.ProcessEnv) => readServiceConfig('tables', { port: 3001, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }, env);
const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
  try {
    read(env);
  } catch (err) {
    if (err instanceof ConfigurationError) return err.problems;
    throw err;
  }
  return [];
};

describe('readServiceConfig (validated at boot)', () => {
  it('takes the defaults on a developer machine with nothing set', () => {
    expect(read({})).toEqual({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres', kafkaBrokers: undefined, httpPort: 3001, host: '127.0.0.1', pgPoolSize: 20 });
  });

  it('reads what is set', () => {
    expect(read({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgresql://app:pw@db:5432/baccarat', KAFKA_BROKERS: 'k1:9092, k2:9092', PG_POOL_SIZE: '40' })).toEqual({
      databaseUrl: 'postgresql://app:pw@db:5432/baccarat',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      httpPort: 8080,
      host: '0.0.0.0',
      pgPoolSize: 40,
    });
  });

  it('a bad PORT stops the start with the variable, the rule and an example', () => {
    expect(problemsOf({ PORT: 'http' })).toEqual(['PORT must be a whole number from 0 to 65535 (e.g. PORT=3000); got "http".']);
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
    expect(problemsOf({ PORT: '3.5' })).toHaveLength(1);
  });

  it('a DATABASE_URL that is not a PostgreSQL URL stops the start, without printing its password', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://app:s3cret@db/baccarat' });
    expect(problem).toMatch(/^DATABASE_URL must be a PostgreSQL URL such as postgres:\/\/user:password@db\.example:5432\/baccarat; got "mysql:\/\/app:\*\*\*@db\/baccarat"\.$/);
    expect(problem).not.toContain('s3cret');
    expect(problemsOf({ DATABASE_URL: 'localhost:5432' })).toHaveLength(1);
  });

  it('reports every bad variable at once, in a message naming the service', () => {
    let error: unknown;
    try {
      read({ PORT: '-1', KAFKA_BROKERS: 'kafka', PG_POOL_SIZE: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).problems.map((p) => p.split(' ')[0])).toEqual(['KAFKA_BROKERS', 'PORT', 'PG_POOL_SIZE']);
    expect((error as Error).message).toMatch(/^The tables service cannot start: its configuration is invalid\.\n {2}- KAFKA_BROKERS/);
  });

  it('redacts the password of a URL it cannot parse too', () => {
    expect(redactUrl('postgres://app:pa ss@db:5432/x')).not.toContain('pa ss');
  });
});

describe('assertDatabaseReachable', () => {
  it('an unreachable DATABASE_URL stops the start with what to fix, password hidden', async () => {
    // Port 1 on the loopback refuses at once: no server is needed for this test.
    await expect(assertDatabaseReachable('tables', 'postgres://app:s3cret@127.0.0.1:1/baccarat', 2000)).rejects.toThrow(
      /DATABASE_URL postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/baccarat cannot be used: .*ECONNREFUSED.*Start that PostgreSQL server or point DATABASE_URL at a reachable one/,
    );
  });
});

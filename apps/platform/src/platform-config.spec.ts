import { ConfigurationError } from '@app/platform-kit';
import { readPlatformConfig } from './platform-config';

describe('readPlatformConfig', () => {
  it('without DATABASE_URL on a developer machine: the embedded PostgreSQL, data under .data/postgres where npm start runs', () => {
    const config = readPlatformConfig({}, () => true);
    expect(config).toMatchObject({ databaseUrl: undefined, httpPort: 3000, embeddedPort: 54320, pgPoolSize: 30 });
    expect(config.embeddedDataDir).toBe(`${process.cwd()}/.data/postgres`);
  });

  it('without DATABASE_URL where the embedded PostgreSQL is not installed (the production image): stops and says to set it', () => {
    expect(() => readPlatformConfig({}, () => false)).toThrow(ConfigurationError);
    expect(() => readPlatformConfig({}, () => false)).toThrow(/DATABASE_URL must be set/);
    expect(readPlatformConfig({ DATABASE_URL: 'postgres://db/baccarat' }, () => false).databaseUrl).toBe('postgres://db/baccarat');
  });

  it('a bad EMBEDDED_PG_PORT or PORT stops the start', () => {
    expect(() => readPlatformConfig({ EMBEDDED_PG_PORT: 'x' }, () => true)).toThrow(/EMBEDDED_PG_PORT must be a whole number/);
    expect(() => readPlatformConfig({ PORT: '' }, () => true)).not.toThrow();
  });
});

import { Client } from 'pg';

/**
 * The environment every service reads at boot, validated before anything starts: a bad value stops the
 * service with one message naming each variable, what it must be and an example, instead of a stack trace
 * (or a silent fallback) later. Passwords in DATABASE_URL are never printed.
 */
export interface ServiceConfig {
  /** PostgreSQL URL; undefined only where the caller allows it (the platform then starts an embedded one). */
  readonly databaseUrl: string | undefined;
  /** Kafka bootstrap servers; undefined → services exchange events through the event store's subscription. */
  readonly kafkaBrokers: string[] | undefined;
  readonly httpPort: number;
  readonly host: string;
  readonly pgPoolSize: number;
}

export interface ServiceConfigDefaults {
  readonly port: number;
  readonly host?: string;
  readonly pgPoolSize?: number;
  /** Used when DATABASE_URL is unset; leave out to allow an unset DATABASE_URL (embedded PostgreSQL). */
  readonly databaseUrl?: string;
}

export class ConfigurationError extends Error {
  constructor(
    readonly service: string,
    readonly problems: readonly string[],
  ) {
    super(`The ${service} service cannot start: its configuration is invalid.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** A URL with its password replaced, for messages. */
export const redactUrl = (raw: string): string => {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
};

const PORT_RULE = 'a whole number from 0 to 65535';

/** Collects the problems of one reading, so one start reports all of them. */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The variable, or undefined when unset or blank. */
  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  port(name: string, fallback: number): number {
    return this.integer(name, fallback, 0, 65535, PORT_RULE, '3000');
  }

  integer(name: string, fallback: number, min: number, max: number, rule = `a whole number from ${min} to ${max}`, example = String(fallback)): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be ${rule} (e.g. ${name}=${example}); got "${raw}".`);
      return fallback;
    }
    return value;
  }

  postgresUrl(name: string): string | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    let ok = false;
    try {
      const url = new URL(raw);
      ok = (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' && (url.port === '' || Number(url.port) <= 65535);
    } catch {
      ok = false;
    }
    if (!ok) this.problems.push(`${name} must be a PostgreSQL URL such as postgres://user:password@db.example:5432/baccarat; got "${redactUrl(raw)}".`);
    return raw;
  }

  hostPortList(name: string): string[] | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    const entries = raw.split(',').map((b) => b.trim());
    const bad = entries.filter((b) => !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(b) || Number(b.split(':')[1]) > 65535);
    if (bad.length > 0 || entries.length === 0) {
      this.problems.push(`${name} must be a comma-separated list of host:port (e.g. ${name}=kafka-1:9092,kafka-2:9092); got "${raw}".`);
    }
    return entries;
  }
}

/** Reads and validates the common variables: PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE. */
export const readServiceConfig = (service: string, defaults: ServiceConfigDefaults, env: NodeJS.ProcessEnv = process.env, extra?: (reader: EnvReader) => void): ServiceConfig => {
  const reader = new EnvReader(env);
  const config: ServiceConfig = {
    databaseUrl: reader.postgresUrl('DATABASE_URL') ?? defaults.databaseUrl,
    kafkaBrokers: reader.hostPortList('KAFKA_BROKERS'),
    httpPort: reader.port('PORT', defaults.port),
    host: reader.text('HOST') ?? defaults.host ?? '127.0.0.1',
    pgPoolSize: reader.integer('PG_POOL_SIZE', defaults.pgPoolSize ?? 20, 1, 1000),
  };
  extra?.(reader);
  if (reader.problems.length > 0) throw new ConfigurationError(service, reader.problems);
  return config;
};

/**
 * For a service's main: the configuration, or the message and exit code 78 (EX_CONFIG) when it is invalid.
 * Runs before Nest, so nothing has connected or listened yet.
 */
export const configOrExit = <T>(read: () => T): T => {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ConfigurationError)) throw err;
    console.error(err.message);
    process.exit(78);
  }
};

/**
 * For a service's main, before Nest starts: connects once to DATABASE_URL, so an unreachable server, a wrong
 * password or a missing database stops the service with what to fix rather than a framework stack trace.
 */
export async function assertDatabaseReachable(service: string, databaseUrl: string, timeoutMs = 10_000): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const reason = (err as Error).message || (err as { code?: string }).code || String(err);
    throw new ConfigurationError(service, [`DATABASE_URL ${redactUrl(databaseUrl)} cannot be used: ${reason}. Start that PostgreSQL server or point DATABASE_URL at a reachable one (user, password and database must exist).`]);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** For a service's main: a start that failed after the configuration was read, said in one line plus the cause. */
export const exitOnStartFailure =
  (service: string) =>
  (err: unknown): never => {
    if (err instanceof ConfigurationError) {
      console.error(err.message);
      process.exit(78);
    }
    // Some libraries reject with nothing: say so rather than fail on reading its message.
    console.error(`The ${service} service failed to start: ${err instanceof Error ? err.message : `an unexplained failure (${String(err)})`}`);
    if (err instanceof Error) console.error(err.stack);
    process.exit(1);
  };

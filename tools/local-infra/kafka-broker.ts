import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const scripts = resolve(__dirname, '../../deploy/kafka');

/**
 * Starts the project's real single-node Kafka (KRaft) broker, assembled from Maven Central jars by
 * deploy/kafka/start.sh, and returns its bootstrap address.
 */
export function startKafkaBroker(options: { port: number; fresh?: boolean; dataDir?: string }): { brokers: string; stop: (signal?: 'TERM' | 'KILL') => void } {
  const env = {
    ...process.env,
    KAFKA_PORT: String(options.port),
    KAFKA_FRESH: options.fresh ? '1' : '0',
    ...(options.dataDir ? { KAFKA_DATA_DIR: options.dataDir } : {}),
  };
  const out = execFileSync(`${scripts}/start.sh`, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const brokers = out.trim().split('\n').pop()!;
  return {
    brokers,
    stop: (signal = 'TERM') => {
      execFileSync(`${scripts}/stop.sh`, { env: { ...env, KAFKA_SIGNAL: `-${signal}` }, stdio: 'inherit' });
    },
  };
}

import { Logger } from '@nestjs/common';
import { Kafka, KafkaConfig, logCreator, logLevel as KafkaLogLevel } from 'kafkajs';

/** `KAFKA_BROKERS` as a broker list, or undefined for the embedded transport. */
export const kafkaBrokersFromEnv = (env: NodeJS.ProcessEnv = process.env): string[] | undefined => {
  const list = (env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean);
  return list.length ? list : undefined;
};

export interface KafkaClientOptions {
  readonly brokers: readonly string[];
  readonly clientId?: string;
  readonly logLevel?: KafkaLogLevel;
  /** Extra kafkajs settings (SSL, SASL...). */
  readonly config?: Partial<KafkaConfig>;
}

// kafkajs writes its own console lines; through Nest's Logger they become lines of the service's one JSON logger.
const kafkaLogs: logCreator =
  () =>
  ({ namespace, level, log }) => {
    const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
    const line = { message: String(message), ...fields };
    const logger = new Logger(namespace ? `kafkajs:${namespace}` : 'kafkajs');
    if (level === KafkaLogLevel.ERROR) logger.error(line);
    else if (level === KafkaLogLevel.WARN) logger.warn(line);
    else if (level === KafkaLogLevel.INFO) logger.log(line);
    else logger.debug(line);
  };

export const createKafka = (o: KafkaClientOptions): Kafka =>
  new Kafka({
    clientId: o.clientId ?? 'baccarat',
    brokers: [...o.brokers],
    logLevel: o.logLevel ?? KafkaLogLevel.WARN,
    logCreator: kafkaLogs,
    // Fail fast and let our own loops retry forever with backoff: they keep their place in PostgreSQL.
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { retries: 3, initialRetryTime: 100, maxRetryTime: 1000 },
    ...o.config,
  });

/** Creates the topic if missing (partitions default 3). Topics are created explicitly, never by a first produce. */
export async function ensureTopic(kafka: Kafka, topic: string, numPartitions = 3, replicationFactor = 1): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = await admin.listTopics();
    if (!existing.includes(topic)) {
      await admin.createTopics({ topics: [{ topic, numPartitions, replicationFactor }], waitForLeaders: true });
    }
  } finally {
    await admin.disconnect();
  }
}

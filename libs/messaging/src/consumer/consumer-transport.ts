/** How a consumer receives events: Kafka, or the source's event store directly (embedded mode). */
export interface ConsumerTransport {
  readonly kind: 'kafka' | 'store';
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Events or messages not applied yet, summed over sources and partitions. */
  lag(): Promise<number>;
  status(): TransportStatus;
}

export interface TransportStatus {
  readonly kind: 'kafka' | 'store';
  readonly running: boolean;
  readonly connected: boolean;
  readonly lastError: string | null;
  readonly consecutiveFailures: number;
  readonly lastAppliedAt: string | null;
}

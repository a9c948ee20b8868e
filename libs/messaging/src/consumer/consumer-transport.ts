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
  /** Kafka only: the consumer has joined its group (and so fetches) at least once since it started. */
  readonly joined?: boolean;
  /** Kafka only: another instance of this consumer holds its lock and consumes; this one waits to take over. */
  readonly standby?: boolean;
  /** Kafka only: still starting (not joined, not a standby, warm-up bound not reached): not ready for work yet. */
  readonly warmingUp?: boolean;
}

/**
 * Event schema evolution: an upcaster lifts the data of one event type from one schema version to the next,
 * so events written years ago load into today's types. Chains run until no upcaster applies.
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  /** Returns the data at `fromVersion + 1`. Pure. */
  readonly upcast: (data: Record<string, unknown>) => Record<string, unknown>;
}

export class UpcasterChain {
  private readonly byKey = new Map<string, Upcaster>();

  constructor(upcasters: readonly Upcaster[] = []) {
    for (const u of upcasters) {
      const key = `${u.type}@${u.fromVersion}`;
      if (this.byKey.has(key)) throw new Error(`Two upcasters for ${key}: keep one.`);
      this.byKey.set(key, u);
    }
  }

  get isEmpty(): boolean {
    return this.byKey.size === 0;
  }

  apply(type: string, schemaVersion: number, data: Record<string, unknown>): { schemaVersion: number; data: Record<string, unknown> } {
    let version = schemaVersion;
    let current = data;
    for (let u = this.byKey.get(`${type}@${version}`); u; u = this.byKey.get(`${type}@${version}`)) {
      current = u.upcast(current);
      version += 1;
    }
    return { schemaVersion: version, data: current };
  }
}

/**
 * The secret half of commit-reveal: seeds the service generated for a draw, kept out of the event stream (which
 * is published) until the draw reveals them (table draw_seeds, promotions.migrations.ts). One seed per (promotion, draw); a retried commit finds its seed.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

export class DrawSeeds {
  constructor(
    private readonly pool: Pool,
    private readonly schema: string,
  ) {}

  /** The draw's seed: 32 random bytes (hex) from the operating system's CSPRNG, created once. */
  async seedFor(promotionId: string, drawId: string): Promise<string> {
    await this.pool.query(`INSERT INTO ${this.schema}.draw_seeds (promotion_id, draw_id, seed) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [promotionId, drawId, randomBytes(32).toString('hex')]);
    return this.find(promotionId, drawId) as Promise<string>;
  }

  async find(promotionId: string, drawId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ seed: string }>(`SELECT seed FROM ${this.schema}.draw_seeds WHERE promotion_id = $1 AND draw_id = $2`, [promotionId, drawId]);
    return rows[0]?.seed ?? null;
  }
}

/**
 * The soak's promotion (Star 2024 16): a Gaming Manager creates it with full terms (16.7) lodged a day ahead
 * (16.12), its entries earned by rated play at the Star table of the floor (16.7.3: $100 of turnover per entry,
 * wagers of $50 or more) until entries close with the play; the operator and the scrutineer commit to their
 * seeds when it opens, and the draw reveals both once entries close (16.2, 16.7.1, 16.7.6, 16.7.10;
 * apps/promotions/DRAW.md). Entries must equal what the settled eligible wagers earn, computed from the tables service's own
 * acknowledgements, never from the promotions service.
 */
import { createHash, randomBytes } from 'node:crypto';
import { casinoNamedBy } from '@app/baccarat';
import { COMPLETE_TERMS } from '../../apps/promotions/src/test-support/promotion-fixtures';
import { ConsoleClient } from './console-client';

const MINIMUM_WAGER_CENTS = 5_000;
const TURNOVER_PER_ENTRY_CENTS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Settlement {
  readonly wagerId: string;
  readonly patronId: string | null;
  readonly amountCents: number;
  readonly outcome: string;
}

export class PromotionFloor {
  readonly promotionId: string;
  entriesCloseAt = '';
  winner: string | null = null;
  /** The operator's and the scrutineer's seeds, each kept by its holder (here the soak) until the draw. */
  private readonly seeds = { operator: randomBytes(32).toString('hex'), scrutineer: randomBytes(32).toString('hex') };

  constructor(
    private readonly client: ConsoleClient,
    private readonly o: { readonly runId: string; readonly tableId: string },
  ) {
    this.promotionId = `SOAK-${o.runId}-PROMO`;
    // The Star's promotion (its default operator): its managers are the Star's.
    client.worksAt(casinoNamedBy('star-sydney')!, this.promotionId);
  }

  /** Entries stay open for `playMs` from now (the play), then close; the draw follows. */
  async open(playMs: number): Promise<void> {
    const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    this.entriesCloseAt = new Date(Date.now() + playMs).toISOString();
    await this.client.command('promotions', 'POST', '/promotions', {
      promotionId: this.promotionId,
      name: 'Soak Winter Cash',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: this.entriesCloseAt, drawAt: this.entriesCloseAt },
      terms: COMPLETE_TERMS,
      prizes: [{ prizeId: 'first', kind: 'cash', description: '$20,000 cash', valueCents: 2_000_000 }],
      entryRule: { tableIds: [this.o.tableId], minimumWagerCents: MINIMUM_WAGER_CENTS, turnoverPerEntryCents: TURNOVER_PER_ENTRY_CENTS },
      // It commenced an hour ago (the soak runs on the clock): recorded after commencement, with the evidence.
      recordedAfterCommencement: { evidence: 'soak: terms published before commencement', termsIssuedAt: hoursFromNow(-24 * 7) },
    }, 'casino-manager', `${this.promotionId}:create`, this.promotionId);
    await this.client.command('promotions', 'POST', `/promotions/${this.promotionId}/terms/lodgements`, { lodgedAt: hoursFromNow(-26) }, 'casino-manager', `${this.promotionId}:lodge`, this.promotionId);
    const sha256 = (seed: string) => createHash('sha256').update(seed).digest('hex');
    await this.client.command('promotions', 'POST', `/promotions/${this.promotionId}/draw/commitment`, { commitment: sha256(this.seeds.operator) }, 'area-manager', `${this.promotionId}:commit`, this.promotionId);
    await this.client.command('promotions', 'POST', `/promotions/${this.promotionId}/draw/scrutineer-commitment`, { scrutineer: 'K. Scrutineer', commitment: sha256(this.seeds.scrutineer) }, 'regulator', `${this.promotionId}:contribute`, this.promotionId, 'nicc-inspector', ['NSW']);
  }

  /** 16.7.3: per patron, floor(qualifying turnover / $100), over the wagers the tables service settled before entries closed. */
  expectedEntries(): { total: number; patrons: Set<string> } {
    const close = Date.parse(this.entriesCloseAt);
    const turnover = new Map<string, number>();
    for (const a of this.client.acked.filter((x) => x.service === 'tables' && x.streamId === this.o.tableId)) {
      for (const e of a.events.filter((x) => x.type === 'WagersSettled' && Date.parse(String(x.settledAt)) < close)) {
        for (const s of e.settlements as Settlement[]) {
          if (!s.patronId || s.outcome === 'void' || s.amountCents < MINIMUM_WAGER_CENTS) continue;
          turnover.set(s.patronId, (turnover.get(s.patronId) ?? 0) + s.amountCents);
        }
      }
    }
    const patrons = new Set([...turnover].filter(([, t]) => t >= TURNOVER_PER_ENTRY_CENTS).map(([p]) => p));
    return { total: [...turnover.values()].reduce((n, t) => n + Math.floor(t / TURNOVER_PER_ENTRY_CENTS), 0), patrons };
  }

  /** After the play: waits for the entries to be counted and conducts the draw; answers the violations. */
  async drawAndCheck(timeoutMs = 90_000): Promise<string[]> {
    const c = this.client;
    const wait = Date.parse(this.entriesCloseAt) - Date.now();
    if (wait > 0) await sleep(wait + 200);
    const expected = this.expectedEntries();
    const count = async () => (await c.read<{ entryCount: number }>('promotions', `/promotions/${this.promotionId}`, 'gaming-supervisor')).entryCount;
    let entries = await count();
    for (const deadline = Date.now() + timeoutMs; entries !== expected.total && Date.now() < deadline; entries = await count()) await sleep(500);
    const violations: string[] = [];
    if (entries !== expected.total) violations.push(`Star 2024 16.7.3: promotion ${this.promotionId} holds ${entries} entries; the settled eligible wagers earn ${expected.total}`);
    if (expected.total === 0) return [...violations, `promotion ${this.promotionId}: no entries earned, so no draw to check`];
    const drawn = (await c.command('promotions', 'POST', `/promotions/${this.promotionId}/draw`, { seed: this.seeds.operator, scrutineerSeed: this.seeds.scrutineer }, 'area-manager', `${this.promotionId}:draw`, this.promotionId)) as { winners?: { patronId: string }[] };
    this.winner = drawn.winners?.[0]?.patronId ?? null;
    if (!this.winner || !expected.patrons.has(this.winner)) violations.push(`Star 2024 16.2: the draw's winner ${this.winner} holds no entry earned by play`);
    return violations;
  }
}

/**
 * A table simulator: opens tables and plays realistic shoes through the tables service's real HTTP API,
 * seeded and reproducible (the same seed deals the same cards and places the same wagers). An HTTP client
 * only: it never boots Nest, so it runs under tsx. Used by `npm run simulate -- tables`, the demo, soak tests
 * and `npm run bench -- tables`.
 */
import jwt from 'jsonwebtoken';
import { burn, createRng, createShoe, dealCoup, formatCard, randomBelow, type Rng, type Shoe } from '@app/baccarat';

export interface SimulationOptions {
  readonly url: string;
  readonly tables: number;
  readonly shoes: number;
  readonly seed: number;
  /** Boxes wagering per coup (1-14). */
  readonly boxes?: number;
  /** Stop each table after this many coups (for benchmarks); default: play whole shoes. */
  readonly maxCoupsPerTable?: number;
  /** HS256 secret the service verifies tokens with (AUTH_SECRET, or the development default). */
  readonly authSecret?: string;
  readonly tablePrefix?: string;
  readonly log?: (line: string) => void;
}

export interface SimulationResult {
  readonly tables: number;
  readonly shoes: number;
  readonly coups: number;
  readonly wagers: number;
  readonly commands: number;
  readonly elapsedMs: number;
  readonly latenciesMs: number[];
  /** House result over every settled wager, in cents. */
  readonly houseNetCents: number;
}

const DEV_SECRET = 'insecure-development-secret-do-not-use-in-production';

const token = (role: string, secret: string) => `Bearer ${jwt.sign({ name: `sim-${role}`, roles: [role] }, secret, { algorithm: 'HS256', subject: `sim-${role}`, expiresIn: 12 * 3600 })}`;

const OFFERED = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'traditional' },
  { bet: 'tie', option: 'standard' },
  { bet: 'pairs', option: 'standard' },
];

const tableBody = (tableId: string, boxes: number) => ({
  tableId,
  rulebookId: 'crown-melbourne-v29',
  variant: 'traditional',
  offeredBets: OFFERED,
  decks: 8,
  limits: {
    perBet: [
      { bet: 'player', minimumCents: 2500, maximumCents: 1000000 },
      { bet: 'banker', minimumCents: 2500, maximumCents: 1000000 },
      { bet: 'tie', minimumCents: 500, maximumCents: 100000 },
      { bet: 'pairs', minimumCents: 500, maximumCents: 100000 },
    ],
    tableDifferentialCents: 5000000,
  },
  minimumChipCents: 500,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: Math.max(boxes, 1),
});

/** A player's wager: mostly Banker or Player, sometimes Tie or Pairs, in chips of $5. */
const wagerFor = (rng: Rng, coupId: string, box: number) => {
  const r = randomBelow(rng, 100);
  const bet = r < 46 ? 'banker' : r < 88 ? 'player' : r < 95 ? 'tie' : 'pairs';
  const chips = bet === 'tie' || bet === 'pairs' ? 1 + randomBelow(rng, 10) : 5 + randomBelow(rng, 60);
  return { wagerId: `${coupId}-b${box}`, box, bet, amountCents: chips * 500, ...(bet === 'pairs' ? { side: randomBelow(rng, 2) ? 'player' : 'banker' } : {}) };
};

class Client {
  commands = 0;
  readonly latencies: number[] = [];
  constructor(
    private readonly url: string,
    private readonly tokens: Record<string, string>,
  ) {}

  async post(path: string, body: unknown, role = 'dealer', idempotencyKey?: string): Promise<{ events: { type: string; settlements?: { amountCents: number; returnedCents: number; winCents: number; commissionImmediateCents: number; commissionDeferredCents: number }[] }[] }> {
    const started = performance.now();
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.tokens[role], ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    this.latencies.push(performance.now() - started);
    this.commands++;
    if (res.status >= 300) throw new Error(`POST ${path} → ${res.status}: ${text}`);
    return JSON.parse(text);
  }
}

/** Plays one table: open, seat every box, then shoes of coups until `shoes` shoes (or `maxCoups`) are done. */
async function playTable(client: Client, tableId: string, o: SimulationOptions, tableSeed: number, stats: { coups: number; wagers: number; shoes: number; houseNet: number }): Promise<void> {
  const boxes = Math.min(Math.max(o.boxes ?? 14, 1), 14);
  const rng = createRng(`${o.seed}:${tableSeed}:wagers`);
  await client.post('/tables', tableBody(tableId, boxes), 'gaming-supervisor', `${tableId}:open`);
  for (let box = 1; box <= boxes; box++) await client.post(`/tables/${tableId}/seats`, { box, sessionId: `${tableId}-s${box}`, patronId: `patron-${tableSeed}-${box}` }, 'dealer', `${tableId}:seat:${box}`);
  let coupsAtTable = 0;
  for (let s = 1; s <= o.shoes; s++) {
    const shoeId = `${tableId}-shoe${s}`;
    let shoe: Shoe = createShoe({ decks: 8, seed: `${o.seed}:${tableSeed}:${s}`, salt: shoeId });
    await client.post(`/tables/${tableId}/shoes`, { shoeId, cards: s === 1 ? 'new' : 'reshuffled', commitmentHash: shoe.commitment }, 'dealer', `${shoeId}:start`);
    await client.post(`/tables/${tableId}/shoe/cut`, { cutBy: `patron-${tableSeed}-${boxes}`, cutterKind: 'player', cutCardFromBack: shoe.cards.length - shoe.cutCardIndex }, 'dealer', `${shoeId}:cut`);
    await client.post(`/tables/${tableId}/shoe/burn`, { method: 'standard', count: 1 }, 'dealer', `${shoeId}:burn`);
    shoe = burn(shoe, 'standard').shoe;
    stats.shoes++;
    for (let n = 1; !shoe.finished; n++) {
      if (o.maxCoupsPerTable !== undefined && coupsAtTable >= o.maxCoupsPerTable) return;
      const cutFirst = shoe.cutCardIndex === shoe.position && !shoe.lastCoupAnnounced;
      const dealt = dealCoup(shoe);
      if (dealt.kind !== 'coup') {
        await client.post(`/tables/${tableId}/shoe/end`, { reason: 'insufficient-cards' }, 'dealer', `${shoeId}:end`);
        break;
      }
      shoe = dealt.shoe;
      const coupId = `${shoeId}-c${n}`;
      await client.post(`/tables/${tableId}/coups`, { coupId }, 'dealer', `${coupId}:start`);
      const wagers = Array.from({ length: boxes }, (_, i) => wagerFor(rng, coupId, i + 1));
      await client.post(`/tables/${tableId}/coups/${coupId}/wagers`, { wagers }, 'dealer', `${coupId}:wagers`);
      if (cutFirst) await client.post(`/tables/${tableId}/shoe/cut-card`, {}, 'dealer', `${coupId}:cut-card`);
      const res = await client.post(`/tables/${tableId}/coups/${coupId}/cards/batch`, { cards: dealt.coup.steps.map((x) => ({ card: formatCard(x.card) })) }, 'dealer', `${coupId}:cards`);
      if (dealt.cutCardAppeared && !cutFirst) await client.post(`/tables/${tableId}/shoe/cut-card`, {}, 'dealer', `${coupId}:cut-card`);
      for (const e of res.events) {
        for (const x of e.settlements ?? []) stats.houseNet += x.amountCents - x.returnedCents - x.winCents + x.commissionImmediateCents + x.commissionDeferredCents;
      }
      stats.coups++;
      stats.wagers += wagers.length;
      coupsAtTable++;
    }
  }
}

export async function simulateTables(o: SimulationOptions): Promise<SimulationResult> {
  const secret = o.authSecret ?? process.env.AUTH_SECRET ?? DEV_SECRET;
  const tokens = Object.fromEntries(['dealer', 'gaming-supervisor', 'area-manager'].map((r) => [r, token(r, secret)]));
  const client = new Client(o.url.replace(/\/$/, ''), tokens);
  const stats = { coups: 0, wagers: 0, shoes: 0, houseNet: 0 };
  const prefix = o.tablePrefix ?? `SIM-${o.seed}`;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.tables }, (_, i) =>
      playTable(client, `${prefix}-T${i + 1}`, o, i + 1, stats).then(() => o.log?.(`table ${prefix}-T${i + 1} done`)),
    ),
  );
  return {
    tables: o.tables,
    shoes: stats.shoes,
    coups: stats.coups,
    wagers: stats.wagers,
    commands: client.commands,
    elapsedMs: performance.now() - started,
    latenciesMs: client.latencies,
    houseNetCents: stats.houseNet,
  };
}

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

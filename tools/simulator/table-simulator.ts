/**
 * A table simulator: opens tables and plays realistic shoes through the tables service's real HTTP API,
 * seeded and reproducible (the same seed deals the same cards and places the same wagers). An HTTP client
 * only: it never boots Nest, so it runs under tsx. Used by `npm run simulate -- tables`, the demo, soak tests
 * and `npm run bench -- tables`.
 */
import { Agent, request } from 'node:http';
import { issueToken, type Role } from '@app/platform-kit';
import { burn, casinoOfRulebook, createRng, createShoe, dealCoup, formatCard, randomBelow, type Rng, type Shoe } from '@app/baccarat';

export interface SimulationOptions {
  /** The tables service; or `urls`, several instances of it, each table always sent to the same one. */
  readonly url?: string;
  readonly urls?: readonly string[];
  readonly tables: number;
  readonly shoes: number;
  readonly seed: number;
  /** Boxes wagering per coup (1-14). */
  readonly boxes?: number;
  /** Stop each table after this many coups (for benchmarks); default: play whole shoes. */
  readonly maxCoupsPerTable?: number;
  /**
   * Pace the floor like dealers do: across all tables, start at most this many coups a second (each table
   * starts its next coup no sooner than tables/rate seconds after its last). Default: every table flat out.
   */
  readonly coupsPerSecond?: number;
  /**
   * The first this-many ms of play warm the service up (its hot paths compiled, its connections opened): their
   * latencies are kept apart in `warmupLatenciesMs`. Default 0.
   */
  readonly warmupMs?: number;
  /** HS256 secret the service verifies tokens with (AUTH_SECRET, or the development default). */
  readonly authSecret?: string;
  readonly tablePrefix?: string;
  readonly log?: (line: string) => void;
  /** Called once the tables are open and seated, as play begins (a benchmark starts measuring the service then). */
  readonly onPlay?: () => void;
}

export interface SimulationResult {
  readonly tables: number;
  readonly shoes: number;
  readonly coups: number;
  readonly wagers: number;
  readonly commands: number;
  /** Opening the tables and seating the players, before play starts. */
  readonly setupMs: number;
  /** Play: from the first shoe to the last coup. */
  readonly elapsedMs: number;
  /** Every command of play after the warm-up (shoes, coups, wagers, cards); setup commands are not included. */
  readonly latenciesMs: number[];
  /** Every command of play during the warm-up. */
  readonly warmupLatenciesMs: number[];
  /** House result over every settled wager, in cents. */
  readonly houseNetCents: number;
}

/** The rulebook of the simulated tables. */
const SIMULATED_RULEBOOK = 'crown-melbourne-v29';

const DEV_SECRET = 'insecure-development-secret-do-not-use-in-production';

// Staff act only at their own casino: the simulated consoles work at the casino of the table's rulebook.
const token = (role: Role, consoleId: string, secret: string) =>
  `Bearer ${issueToken({ sub: `sim-${consoleId}`, name: `sim-${consoleId}`, roles: [role], casinos: [casinoOfRulebook(SIMULATED_RULEBOOK) ?? 'crown-melbourne'] }, secret, 12 * 3600)}`;

const OFFERED = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'traditional' },
  { bet: 'tie', option: 'standard' },
  { bet: 'pairs', option: 'standard' },
];

const tableBody = (tableId: string, boxes: number) => ({
  tableId,
  rulebookId: SIMULATED_RULEBOOK,
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

type PostResult = { events: { type: string; settlements?: { amountCents: number; returnedCents: number; winCents: number; commissionImmediateCents: number; commissionDeferredCents: number }[] }[] };

/** A dealer-console client over keep-alive HTTP/1.1 (node:http costs far less CPU per request than fetch). */
class Client {
  commands = 0;
  /** Which latencies a command's goes to: none while tables are set up, then the warm-up's, then play's. */
  recording: 'setup' | 'warmup' | 'play' = 'setup';
  readonly latencies: number[] = [];
  readonly warmupLatencies: number[] = [];
  private readonly targets: URL[];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: Infinity });

  constructor(
    urls: readonly string[],
    /** Each table has its own console (its own token), as on a floor: the platform rate-limits per client. */
    private readonly tokens: (role: string, tableIndex: number) => string,
  ) {
    this.targets = urls.map((u) => new URL(u));
  }

  /** A client for one table: like a load balancer hashing on the table id, its commands go to one instance. */
  forTable(tableIndex: number): TableClient {
    const target = this.targets[tableIndex % this.targets.length];
    return { post: (path, body, role, idempotencyKey) => this.post(target, path, body, this.tokens(role ?? 'dealer', tableIndex), idempotencyKey) };
  }

  private async post(target: URL, path: string, body: unknown, authorization: string, idempotencyKey?: string): Promise<PostResult> {
    const started = performance.now();
    const payload = JSON.stringify(body);
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization,
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    if (this.recording !== 'setup') (this.recording === 'play' ? this.latencies : this.warmupLatencies).push(performance.now() - started);
    this.commands++;
    if (status >= 300) throw new Error(`POST ${path} → ${status}: ${text}`);
    return JSON.parse(text) as PostResult;
  }

  close(): void {
    this.agent.destroy();
  }
}

interface TableClient {
  post(path: string, body: unknown, role?: string, idempotencyKey?: string): Promise<PostResult>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const boxesOf = (o: SimulationOptions) => Math.min(Math.max(o.boxes ?? 14, 1), 14);

/** Opens one table and seats a player at every box. */
async function openTable(client: TableClient, tableId: string, o: SimulationOptions, tableSeed: number): Promise<void> {
  const boxes = boxesOf(o);
  await client.post('/tables', tableBody(tableId, boxes), 'gaming-supervisor', `${tableId}:open`);
  for (let box = 1; box <= boxes; box++) await client.post(`/tables/${tableId}/seats`, { box, sessionId: `${tableId}-s${box}`, patronId: `patron-${tableSeed}-${box}` }, 'dealer', `${tableId}:seat:${box}`);
}

/** Plays shoes of coups at an open table until `shoes` shoes (or `maxCoups`) are done. */
async function playTable(client: TableClient, tableId: string, o: SimulationOptions, tableSeed: number, stats: { coups: number; wagers: number; shoes: number; houseNet: number }): Promise<void> {
  const boxes = boxesOf(o);
  const rng = createRng(`${o.seed}:${tableSeed}:wagers`);
  // Paced play: this table's coups are `interval` apart, starting at a seeded offset so tables do not deal in step.
  const interval = o.coupsPerSecond ? (o.tables / o.coupsPerSecond) * 1000 : 0;
  let nextCoupAt = performance.now() + (interval ? randomBelow(createRng(`${o.seed}:${tableSeed}:pace`), Math.max(1, Math.floor(interval))) : 0);
  let coupsAtTable = 0;
  // A floor's tables do not all shuffle and cut in the same second: a paced table starts its first shoe at its offset.
  if (interval) await sleep(nextCoupAt - performance.now());
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
      if (interval) {
        const wait = nextCoupAt - performance.now();
        if (wait > 0) await sleep(wait);
        nextCoupAt = Math.max(nextCoupAt, performance.now() - interval) + interval;
      }
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
  const issued = new Map<string, string>();
  const tokens = (role: string, tableIndex: number): string => {
    const id = `${role}-${tableIndex}`;
    let bearer = issued.get(id);
    if (!bearer) issued.set(id, (bearer = token(role as Role, id, secret)));
    return bearer;
  };
  const urls = o.urls ?? (o.url ? [o.url] : []);
  if (urls.length === 0) throw new Error('Give the simulator the tables service URL (url or urls).');
  const client = new Client(urls, tokens);
  const stats = { coups: 0, wagers: 0, shoes: 0, houseNet: 0 };
  const prefix = o.tablePrefix ?? `SIM-${o.seed}`;
  const tableIds = Array.from({ length: o.tables }, (_, i) => `${prefix}-T${i + 1}`);
  let warmup: NodeJS.Timeout | undefined;
  try {
    const setupStarted = performance.now();
    await Promise.all(tableIds.map((tableId, i) => openTable(client.forTable(i), tableId, o, i + 1)));
    const setupMs = performance.now() - setupStarted;
    client.recording = o.warmupMs ? 'warmup' : 'play';
    warmup = o.warmupMs ? setTimeout(() => (client.recording = 'play'), o.warmupMs) : undefined;
    o.onPlay?.();
    const started = performance.now();
    await Promise.all(tableIds.map((tableId, i) => playTable(client.forTable(i), tableId, o, i + 1, stats).then(() => o.log?.(`table ${tableId} done`))));
    return {
      tables: o.tables,
      shoes: stats.shoes,
      coups: stats.coups,
      wagers: stats.wagers,
      commands: client.commands,
      setupMs,
      elapsedMs: performance.now() - started,
      latenciesMs: client.latencies,
      warmupLatenciesMs: client.warmupLatencies,
      houseNetCents: stats.houseNet,
    };
  } finally {
    clearTimeout(warmup);
    client.close();
  }
}

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

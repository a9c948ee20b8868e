/**
 * The casino floor of the soak: a Lucky Tie jackpot (Crown Melbourne 13.4.1(a)) over the Crown Melbourne
 * tables, Crown tables with deferred commission approved for seated players (9.3.1) and settled during and at
 * the end of each shoe (9.3.1(a), (a)(i), (a)(iii)), and Star 2024 tables with the Pairs side wager, all played
 * with seeded shoes and wagers through the tables and jackpots HTTP APIs.
 */
import { burn, casinoOfRulebook, createRng, createShoe, dealCoup, formatCard, randomBelow, type Rng, type Shoe } from '@app/baccarat';
import { ConsoleClient } from './console-client';

export interface FloorOptions {
  readonly tables: number;
  readonly seed: number;
  /** Each table starts a coup no sooner than this after its last (dealers' pace; keeps a shared machine usable). */
  readonly coupIntervalMs: number;
  readonly boxes?: number;
  readonly runId: string;
}

export interface FloorTable {
  readonly tableId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  readonly jackpotId: string | null;
}

export const JACKPOT_SEED_CENTS = 1_000_000;
export const JACKPOT_CONTRIBUTION_CENTS = 100;

const limit = (bet: string, minimumCents: number, maximumCents: number) => ({ bet, minimumCents, maximumCents });

const tableBody = (t: FloorTable, boxes: number) =>
  t.jurisdiction === 'VIC'
    ? {
        tableId: t.tableId,
        rulebookId: 'crown-melbourne-v29',
        variant: 'traditional',
        offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'pairs', option: 'standard' }],
        decks: 8,
        limits: { perBet: [limit('player', 2500, 1000000), limit('banker', 2500, 1000000), limit('tie', 500, 100000), limit('pairs', 500, 100000)], tableDifferentialCents: 5000000 },
        minimumChipCents: 500,
        dealingMethod: 'dealer-retains-shoe',
        jackpotIds: t.jackpotId ? [t.jackpotId] : [],
        boxes,
      }
    : {
        tableId: t.tableId,
        rulebookId: 'star-sydney-2024',
        variant: 'traditional',
        // Star 2024: the Pairs side wager beside the main wagers.
        offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'pairs', option: 'standard' }],
        decks: 8,
        limits: { perBet: [limit('player', 2500, 500000), limit('banker', 2500, 500000), limit('tie', 500, 50000), limit('pairs', 500, 50000)], tableDifferentialCents: 2000000 },
        minimumChipCents: 500,
        dealingMethod: 'method-a',
        jackpotIds: [],
        boxes,
      };

/** Mostly Banker or Player, sometimes Tie or Pairs (the side wager), in $5 chips. */
const wagerFor = (rng: Rng, coupId: string, box: number) => {
  const r = randomBelow(rng, 100);
  const bet = r < 46 ? 'banker' : r < 86 ? 'player' : r < 94 ? 'tie' : 'pairs';
  const chips = bet === 'tie' || bet === 'pairs' ? 1 + randomBelow(rng, 10) : 5 + randomBelow(rng, 60);
  return { wagerId: `${coupId}-b${box}`, box, bet, amountCents: chips * 500, ...(bet === 'pairs' ? { side: randomBelow(rng, 2) ? 'player' : 'banker' } : {}) };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Floor {
  readonly tables: FloorTable[];
  readonly jackpotId: string;
  readonly boxes: number;
  /** Jackpot meter adjustments the console made (acknowledged), in cents. */
  adjustmentsCents = 0;
  private stopping = false;

  constructor(
    private readonly client: ConsoleClient,
    private readonly o: FloorOptions,
  ) {
    this.jackpotId = `SOAK-${o.runId}-LT`;
    this.boxes = o.boxes ?? 6;
    this.tables = Array.from({ length: o.tables }, (_, i) => {
      const jurisdiction = i % 2 === 0 ? 'VIC' : 'NSW';
      return { tableId: `SOAK-${o.runId}-${jurisdiction}-${i + 1}`, jurisdiction, jackpotId: jurisdiction === 'VIC' ? this.jackpotId : null };
    });
    // Staff act only at their own casino: Crown Melbourne's and the Star's consoles play side by side, each with
    // tokens naming its casino alone (the casino of each table's rulebook; the Lucky Tie jackpot is Crown Melbourne's).
    for (const t of this.tables) client.worksAt(casinoOfRulebook(tableBody(t, 1).rulebookId)!, t.tableId);
    const jackpotTable = this.tables.find((t) => t.jackpotId);
    if (jackpotTable) client.worksAt(casinoOfRulebook(tableBody(jackpotTable, 1).rulebookId)!, this.jackpotId);
  }

  get jackpotTables(): string[] {
    return this.tables.filter((t) => t.jackpotId).map((t) => t.tableId);
  }

  /** The jackpot (13.4.1(a)), then every table with its seated players and, at Crown, approved deferrals (9.3.1). */
  async open(): Promise<void> {
    const c = this.client;
    if (this.jackpotTables.length) {
      await c.command('jackpots', 'POST', '/jackpots', {
        jackpotId: this.jackpotId,
        name: 'Soak Lucky Tie',
        tableIds: this.jackpotTables,
        parameters: { seedCents: JACKPOT_SEED_CENTS, contributionCents: JACKPOT_CONTRIBUTION_CENTS, option: '1', percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 }, division: 'proportional', roundingUnitCents: 100 },
        notifiedToRegulatorAt: new Date(Date.now() - 86_400_000).toISOString(),
      }, 'jackpot-console', `${this.jackpotId}:create`, this.jackpotId);
    }
    await Promise.all(
      this.tables.map(async (t, i) => {
        await c.command('tables', 'POST', '/tables', tableBody(t, this.boxes), 'gaming-supervisor', `${t.tableId}:open`, t.tableId);
        for (let box = 1; box <= this.boxes; box++) {
          await c.command('tables', 'POST', `/tables/${t.tableId}/seats`, { box, sessionId: `${t.tableId}-s${box}`, patronId: `patron-${i + 1}-${box}` }, 'dealer', `${t.tableId}:seat:${box}`, t.tableId);
        }
        if (t.jurisdiction === 'VIC') {
          for (const box of [1, 2]) await c.command('tables', 'POST', `/tables/${t.tableId}/seats/${box}/commission-deferral`, {}, 'area-manager', `${t.tableId}:defer:${box}`, t.tableId);
        }
      }),
    );
  }

  stop(): void {
    this.stopping = true;
  }

  /** Plays every table until `stop()`; each table finishes the coup it is dealing. */
  async play(): Promise<void> {
    const adjusting = this.jackpotTables.length ? this.adjustMeterNowAndThen() : Promise.resolve();
    await Promise.all(this.tables.map((t, i) => this.playTable(t, i + 1)));
    await adjusting;
  }

  /** The jackpot console's manual adjustments with a reason (Crown Melbourne 1.1 'Jackpot Management Console'). */
  private async adjustMeterNowAndThen(): Promise<void> {
    for (let n = 1; !this.stopping; n++) {
      for (let waited = 0; waited < 20_000 && !this.stopping; waited += 500) await sleep(500);
      if (this.stopping) break;
      const amountCents = n % 2 ? 2500 : -1000;
      await this.client.command('jackpots', 'POST', `/jackpots/${this.jackpotId}/adjustments`, { amountCents, reason: `soak adjustment ${n}` }, 'jackpot-console', `${this.jackpotId}:adjust:${n}`, this.jackpotId);
      this.adjustmentsCents += amountCents;
    }
  }

  private async playTable(t: FloorTable, tableSeed: number): Promise<void> {
    const c = this.client;
    const rng = createRng(`${this.o.seed}:${tableSeed}:wagers`);
    const post = (path: string, body: unknown, key: string, role = 'dealer') => c.command('tables', 'POST', `/tables/${t.tableId}${path}`, body, role, key, t.tableId);
    // Tables do not deal in step: each starts at a seeded offset.
    await sleep(randomBelow(createRng(`${this.o.seed}:${tableSeed}:pace`), Math.max(1, this.o.coupIntervalMs)));
    for (let s = 1; !this.stopping; s++) {
      const shoeId = `${t.tableId}-shoe${s}`;
      if (s > 1 && t.jurisdiction === 'VIC') await this.settleOwed(t, 'end-of-shoe', `${shoeId}:settle`);
      let shoe: Shoe = createShoe({ decks: 8, seed: `${this.o.seed}:${tableSeed}:${s}`, salt: shoeId });
      await post('/shoes', { shoeId, cards: s === 1 ? 'new' : 'reshuffled', commitmentHash: shoe.commitment }, `${shoeId}:start`);
      await post('/shoe/cut', { cutBy: `patron-${tableSeed}-${this.boxes}`, cutterKind: 'player', cutCardFromBack: shoe.cards.length - shoe.cutCardIndex }, `${shoeId}:cut`);
      await post('/shoe/burn', { method: 'standard', count: 1 }, `${shoeId}:burn`);
      shoe = burn(shoe, 'standard').shoe;
      for (let n = 1; !shoe.finished && !this.stopping; n++) {
        const started = Date.now();
        const cutFirst = shoe.cutCardIndex === shoe.position && !shoe.lastCoupAnnounced;
        const dealt = dealCoup(shoe);
        if (dealt.kind !== 'coup') {
          await post('/shoe/end', { reason: 'insufficient-cards' }, `${shoeId}:end`);
          break;
        }
        shoe = dealt.shoe;
        const coupId = `${shoeId}-c${n}`;
        await post('/coups', { coupId }, `${coupId}:start`);
        const wagers = Array.from({ length: this.boxes }, (_, i) => wagerFor(rng, coupId, i + 1));
        await post(`/coups/${coupId}/wagers`, { wagers }, `${coupId}:wagers`);
        if (cutFirst) await post('/shoe/cut-card', {}, `${coupId}:cut-card`);
        await post(`/coups/${coupId}/cards/batch`, { cards: dealt.coup.steps.map((x) => ({ card: formatCard(x.card) })) }, `${coupId}:cards`);
        if (dealt.cutCardAppeared && !cutFirst) await post('/shoe/cut-card', {}, `${coupId}:cut-card`);
        // Deferred commission settled during the shoe: a player asks to pay (9.3.1(a)(i)) or a manager waives (9.3.1(a)(iii)).
        if (t.jurisdiction === 'VIC' && n % 9 === 0) await this.settleOwed(t, n % 18 === 0 ? 'management-discretion' : 'player-request', `${coupId}:settle`);
        const wait = this.o.coupIntervalMs - (Date.now() - started);
        if (wait > 0) await sleep(wait);
      }
    }
  }

  /** Settles what each box owes, as the table's state says (read through the tables API). */
  private async settleOwed(t: FloorTable, trigger: 'end-of-shoe' | 'player-request' | 'management-discretion', keyPrefix: string): Promise<void> {
    const state = await this.client.read<{ commissionOwed: Record<string, { cents: number }> }>('tables', `/tables/${t.tableId}`, 'dealer');
    for (const [box, owed] of Object.entries(state.commissionOwed)) {
      if (owed.cents <= 0) continue;
      const waived = trigger === 'management-discretion';
      await this.client.command('tables', 'POST', `/tables/${t.tableId}/commission/${box}/settle`, { trigger, method: waived ? 'waived' : 'collected' }, waived ? 'area-manager' : 'dealer', `${keyPrefix}:${box}`, t.tableId);
    }
  }
}

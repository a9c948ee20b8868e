/**
 * The soak's small tournament (Star 2024 15): the Tournament Director publishes complete terms (15.4.2), takes six
 * entries, closes them and designates one table (15.5.1), which the tables service opens in tournament mode; a
 * heat seats the six players with the same chips each (15.6.2) and is played coup by coup on the tables service,
 * which the tournament scores from the published events alone. At the end every scored coup must conserve the
 * chips issued (in play + the house's + withdrawn = issued) and every completed coup must be scored once.
 */
import type { Pool } from 'pg';
import { burn, casinoOfRulebook, createRng, createShoe, dealCoup, formatCard, randomBelow, type Shoe } from '@app/baccarat';
import { completeTerms } from '../../apps/tournaments/src/tournament/tournament-fixtures';
import { CommandRefused, ConsoleClient } from './console-client';

const PLAYERS = 6;
/** The table's boxes: the order-of-wagering marker moves over all of them (Star 2024 15.9.2). */
const BOXES = 7;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class TournamentFloor {
  readonly tournamentId: string;
  readonly tableId: string;
  /** Coups the tables service acknowledged as completed at the tournament table. */
  readonly completedCoups: string[] = [];
  private stopping = false;

  constructor(
    private readonly client: ConsoleClient,
    private readonly o: { readonly seed: number; readonly runId: string; readonly coupIntervalMs: number },
  ) {
    this.tournamentId = `SOAK-${o.runId}-CUP`;
    this.tableId = `SOAK-${o.runId}-CUP-T1`;
    // The Star's tournament at a Star table (star-sydney-2024): its director and floor staff are the Star's.
    client.worksAt(casinoOfRulebook('star-sydney-2024')!, this.tournamentId, this.tableId);
  }

  private director(path: string, body: unknown, key: string) {
    return this.client.command('tournaments', 'POST', `/tournaments/${this.tournamentId}${path}`, body, 'tournament-director', `${this.tournamentId}:${key}`, this.tournamentId);
  }

  /**
   * A table command as the dealer's console sends it: where no more bets waits for the tournament's ruling on each
   * wager's turn (409 TURN_RULING_PENDING, Star 15.9.3-15.9.4), which a fault may hold up, the dealer tries again.
   */
  private async table(path: string, body: unknown, key: string, role = 'dealer') {
    for (const deadline = Date.now() + 180_000; ; ) {
      try {
        return await this.client.command('tables', 'POST', `/tables/${this.tableId}${path}`, body, role, `${this.tableId}:${key}`, this.tableId);
      } catch (err) {
        if (!(err instanceof CommandRefused && err.body.includes('TURN_RULING_PENDING')) || Date.now() > deadline || this.stopping) throw err;
        await sleep(500);
      }
    }
  }

  async open(): Promise<void> {
    const c = this.client;
    const terms = completeTerms();
    await c.command('tournaments', 'POST', '/tournaments', { tournamentId: this.tournamentId, name: 'Soak Cup', operator: 'the-star-sydney', terms }, 'tournament-director', `${this.tournamentId}:publish`, this.tournamentId);
    for (let n = 1; n <= PLAYERS; n++) await this.director('/entries', { entryId: `e${n}`, patronId: `cup-${this.o.runId}-p${n}`, entitledToGamble: true, feePaidCents: 10_000 }, `entry:${n}`);
    await this.director('/entries/close', {}, 'close');
    await this.director('/tables', { tableIds: [this.tableId] }, 'tables');
    await c.command('tables', 'POST', '/tables', {
      tableId: this.tableId,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }],
      decks: 8,
      limits: { perBet: ['player', 'banker'].map((bet) => ({ bet, minimumCents: 10, maximumCents: 500 })), tableDifferentialCents: 100_000 },
      minimumChipCents: 1,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: BOXES,
      tournamentId: this.tournamentId,
    }, 'gaming-supervisor', `${this.tableId}:open`, this.tableId);
    for (let box = 1; box <= PLAYERS; box++) await this.table('/seats', { box, sessionId: `${this.tableId}-s${box}`, patronId: `cup-${this.o.runId}-p${box}` }, `seat:${box}`);
    // The tournament learns of the table from the tables service's events (over Kafka).
    for (let waited = 0; ; waited += 500) {
      const t = await c.read<{ readyTables?: string[] }>('tournaments', `/tournaments/${this.tournamentId}`, 'tournament-director');
      if (t.readyTables?.includes(this.tableId)) break;
      if (waited > 60_000) throw new Error(`the tournament did not see ${this.tableId} open within 60 s`);
      await sleep(500);
    }
    await this.director('/sessions', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: PLAYERS }, (_, i) => ({ entryId: `e${i + 1}`, tableId: this.tableId, box: i + 1 })) }, 'heat');
    // The tables service hears of the session from the tournaments service's events (over Kafka): its boxes then wager (Star 2024 15.5.2).
    for (let waited = 0; ; waited += 500) {
      const t = await c.read<{ tournamentSession?: { sessionId: string } | null }>('tables', `/tables/${this.tableId}`, 'dealer');
      if (t.tournamentSession?.sessionId === 'heat') break;
      if (waited > 60_000) throw new Error(`the tables service did not hear of the heat at ${this.tableId} within 60 s`);
      await sleep(500);
    }
  }

  stop(): void {
    this.stopping = true;
  }

  /** One shoe of the heat, until `stop()`: every player wagers 10-30 chips on Player or Banker. */
  async play(): Promise<void> {
    const rng = createRng(`${this.o.seed}:cup`);
    const shoeId = `${this.tableId}-shoe1`;
    let shoe: Shoe = createShoe({ decks: 8, seed: `${this.o.seed}:cup`, salt: shoeId });
    await this.table('/shoes', { shoeId, cards: 'new', commitmentHash: shoe.commitment }, 'shoe');
    await this.table('/shoe/cut', { cutBy: `cup-${this.o.runId}-p1`, cutterKind: 'player', cutCardFromBack: shoe.cards.length - shoe.cutCardIndex }, 'cut');
    await this.table('/shoe/burn', { method: 'standard', count: 1 }, 'burn');
    shoe = burn(shoe, 'standard').shoe;
    for (let n = 1; !this.stopping && !shoe.finished; n++) {
      const started = Date.now();
      const cutFirst = shoe.cutCardIndex === shoe.position && !shoe.lastCoupAnnounced;
      const dealt = dealCoup(shoe);
      if (dealt.kind !== 'coup') break;
      shoe = dealt.shoe;
      const coupId = `${this.tableId}-c${n}`;
      await this.table('/coups', { coupId }, `${coupId}:start`);
      // In the order of wagering: from the marker's box, which moves one box a coup over the table's 7 boxes, seated or
      // not; on an empty box the player to its left wagers first (Star 2024 15.9.2-15.9.4). Players sit at 1..PLAYERS.
      const marker = ((n - 1) % BOXES) + 1;
      const first = marker <= PLAYERS ? marker : 1;
      const wagers = Array.from({ length: PLAYERS }, (_, i) => ((i + first - 1) % PLAYERS) + 1).map((box) => ({ wagerId: `${coupId}-b${box}`, box, bet: randomBelow(rng, 2) ? 'banker' : 'player', amountCents: 10 + 10 * randomBelow(rng, 3) }));
      await this.table(`/coups/${coupId}/wagers`, { wagers }, `${coupId}:wagers`);
      if (cutFirst) await this.table('/shoe/cut-card', {}, `${coupId}:cut-card`);
      await this.table(`/coups/${coupId}/cards/batch`, { cards: dealt.coup.steps.map((x) => ({ card: formatCard(x.card) })) }, `${coupId}:cards`);
      this.completedCoups.push(coupId);
      if (dealt.cutCardAppeared && !cutFirst) await this.table('/shoe/cut-card', {}, `${coupId}:cut-card`);
      const wait = this.o.coupIntervalMs - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  }

  /**
   * Star 2024 15.6.2, 15.5.8: the chips issued for the heat are conserved by every scored coup, and every completed
   * coup is scored exactly once (read from the tournament's own store once its consumer has caught up).
   */
  async invariants(pool: Pool, timeoutMs = 60_000): Promise<string[]> {
    type Scored = { coupId: string; inPlay: number; house: number; withdrawn: number; issued: number };
    const read = async () =>
      (
        await pool.query<Scored>(
          `SELECT data->>'coupId' AS "coupId", (data->>'chipsInPlayAfter')::int AS "inPlay", (data->>'houseChipsAfter')::int AS house,
                  (data->>'withdrawnChipsAfter')::int AS withdrawn, (data->>'issuedChips')::int AS issued
             FROM tournaments.events WHERE stream_id = $1 AND type = 'TournamentCoupScored' ORDER BY version`,
          [`tournament-${this.tournamentId}`],
        )
      ).rows;
    let scored = await read();
    for (const deadline = Date.now() + timeoutMs; scored.length < this.completedCoups.length && Date.now() < deadline; scored = await read()) await sleep(500);
    const violations: string[] = [];
    const ids = scored.map((s) => s.coupId);
    const expected = [...this.completedCoups];
    if (JSON.stringify([...ids].sort()) !== JSON.stringify(expected.sort())) violations.push(`Star 2024 15.5.8: the tournament scored coups ${JSON.stringify(ids)}, the table completed ${JSON.stringify(this.completedCoups)}`);
    for (const s of scored) if (s.inPlay + s.house + s.withdrawn !== s.issued) violations.push(`Star 2024 15.6.2: coup ${s.coupId} left ${s.inPlay} in play + ${s.house} with the house + ${s.withdrawn} withdrawn, not the ${s.issued} issued`);
    return violations;
  }
}

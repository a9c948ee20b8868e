/**
 * The soak's Rapid Baccarat table (Crown Melbourne Rapid Baccarat rules): a Casino Supervisor opens it (10.1),
 * the dealer buys each ATS in (6.2-6.3), and every round the ATS place their wagers from their chip accounts
 * (4.1-4.7), the dealer draws (8.1(c)) and enters the outcome, which settles every account (4.6, 4.8). At the end
 * each account's balance must equal the sum of its movements (Rapid 6).
 */
import { casinoOfRulebook, createRng, randomBelow } from '@app/baccarat';
import { OFFERED_BETS, OUTCOMES } from '../../apps/rapid/src/test-support/rapid-fixtures';
import { ConsoleClient } from './console-client';

const BUY_IN_CENTS = 300_000;
const limit = (minCents: number, maxCents: number) => ({ minCents, maxCents, incrementCents: 500 });
const LIMITS = Object.fromEntries(OFFERED_BETS.map((b) => [b.bet, b.bet === 'player' || b.bet === 'banker' ? limit(1_000, 500_000) : limit(500, 50_000)]));
const ROUND_OUTCOMES = [OUTCOMES.bankerWins, OUTCOMES.playerWins, OUTCOMES.tie, OUTCOMES.playerPairWins];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class RapidFloor {
  readonly tableId: string;
  readonly stations: string[];
  /** ATS id → its chip account. */
  readonly accounts = new Map<string, string>();
  rounds = 0;
  private stopping = false;

  constructor(
    private readonly client: ConsoleClient,
    private readonly o: { readonly seed: number; readonly runId: string; readonly roundIntervalMs: number; readonly stations?: number },
  ) {
    this.tableId = `SOAK-${o.runId}-RAPID`;
    this.stations = Array.from({ length: o.stations ?? 4 }, (_, i) => `${this.tableId}-ATS${i + 1}`);
    // Its staff are Crown Melbourne's (the Rapid rules' casino, the rulebook the table opens under by default).
    client.worksAt(casinoOfRulebook('crown-melbourne-rapid')!, this.tableId);
  }

  async open(): Promise<void> {
    const c = this.client;
    const stations = this.stations.map((atsId) => ({ atsId, remote: false, printer: false }));
    await c.command('rapid', 'POST', '/rapid/tables', { tableId: this.tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations }, 'area-manager', `${this.tableId}:open`, this.tableId);
    for (const atsId of this.stations) {
      await c.command('rapid', 'POST', `/rapid/tables/${this.tableId}/ats/${atsId}/buy-in`, { tender: 'chips', amountCents: BUY_IN_CENTS }, 'dealer', `${atsId}:buy-in`, this.tableId);
    }
    const table = await c.read<{ stations: { atsId: string; accountId: string }[] }>('rapid', `/rapid/tables/${this.tableId}`, 'dealer');
    for (const s of table.stations) if (s.accountId) this.accounts.set(s.atsId, s.accountId);
  }

  stop(): void {
    this.stopping = true;
  }

  /** Rounds until `stop()`: every ATS wagers $10-$20 on Banker or Player, the dealer draws and enters a seeded outcome. */
  async play(): Promise<void> {
    const c = this.client;
    const rng = createRng(`${this.o.seed}:rapid`);
    const post = (path: string, body: unknown, key: string) => c.command('rapid', 'POST', `/rapid/tables/${this.tableId}${path}`, body, 'dealer', key, this.tableId);
    while (!this.stopping) {
      const started = Date.now();
      const roundId = `${this.tableId}-r${++this.rounds}`;
      await post('/rounds', { roundId }, `${roundId}:start`);
      await Promise.all(
        this.stations.map((atsId) => {
          const wagers = [{ bet: randomBelow(rng, 2) ? 'banker' : 'player', amountCents: 1_000 + 100 * randomBelow(rng, 11) }];
          return c.command('rapid', 'PUT', `/rapid/accounts/${this.accounts.get(atsId)}/wagers`, { wagers }, 'ats', `${roundId}:${atsId}:wagers`, this.accounts.get(atsId)!, atsId);
        }),
      );
      await post(`/rounds/${roundId}/draw`, {}, `${roundId}:draw`);
      await post(`/rounds/${roundId}/outcome`, ROUND_OUTCOMES[randomBelow(rng, ROUND_OUTCOMES.length)], `${roundId}:outcome`);
      const wait = this.o.roundIntervalMs - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  }

  /** Rapid 6: each ATS chip account's balance is the sum of its movements. */
  async invariants(): Promise<string[]> {
    const violations: string[] = [];
    if (this.accounts.size !== this.stations.length) violations.push(`Rapid: ${this.accounts.size} of ${this.stations.length} ATS have an account after their buy-in`);
    for (const [atsId, accountId] of this.accounts) {
      const rec = await this.client.read<{ balanceCents: number; sumOfMovementsCents: number; balanced: boolean }>('rapid', `/rapid/accounts/${accountId}/reconciliation`, 'dealer');
      if (!rec.balanced || rec.balanceCents !== rec.sumOfMovementsCents) violations.push(`Rapid 6: ATS ${atsId} balance ${rec.balanceCents} is not the sum of its movements ${rec.sumOfMovementsCents}`);
    }
    return violations;
  }
}

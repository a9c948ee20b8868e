import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { readRecordedPlay } from '../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf, WhatIfRefused, type WhatIfAnswer } from '../../apps/reporting/src/what-if/what-if';
import type { TableEvent } from '../../apps/tables/src/table/table.events';
import { DAY_END, DAY_START, storeCasinoDay, TABLES } from './support/casino-day';

type Row = WhatIfAnswer['tables'][number]['bets'][number];
const money = ({ options: _o, ...figures }: Row['actual']) => figures;

/**
 * The what-if identity over a casino day: replayed from the tables service's published events with no change, every
 * bet's what-if equals what the tables held, to the cent, and equals the reporting statistics; a change of one option
 * moves only that bet's rows (Crown Melbourne 5.5.18, Table 15).
 */
describe('what-if replay over a whole casino day of real play (Crown Melbourne 9.1, 9.3.1, Table 15; Star 2024 10.9-10.13)', () => {
  let db: TestDatabase;
  let identity: WhatIfAnswer;
  let days: Record<string, TableEvent[]> = {};

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_day', 4);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    days = await storeCasinoDay(store);
    await untilReadHorizonPasses(db.pool);
    const plays = await Promise.all(TABLES.map((t) => readRecordedPlay(tablesSource(db.pool), t.tableId, new Date(DAY_START).toISOString(), DAY_END)));
    identity = whatIf(plays, [], new Date(DAY_START).toISOString(), DAY_END);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('reads a long stream page by page to the same recorded play, keeping only the coups of the period', async () => {
    const [whole, paged] = await Promise.all([
      readRecordedPlay(tablesSource(db.pool), 'VIC-A', new Date(DAY_START).toISOString(), DAY_END),
      readRecordedPlay(tablesSource(db.pool), 'VIC-A', new Date(DAY_START).toISOString(), DAY_END, 97),
    ]);
    expect(paged).toEqual(whole);
    const firstHours = await readRecordedPlay(tablesSource(db.pool), 'VIC-A', new Date(DAY_START).toISOString(), new Date(DAY_START + 3600_000).toISOString(), 97);
    expect(firstHours.coups.length).toBeGreaterThan(0);
    expect(firstHours.coups.length).toBeLessThan(whole.coups.length);
    expect(firstHours.coups.every((c) => c.playedAt! < new Date(DAY_START + 3600_000).toISOString())).toBe(true);
  });

  it('plays a casino day: every table completes four shoes of coups with wagers on every bet it offers', () => {
    for (const t of identity.tables) {
      expect(t.coups).toBeGreaterThan(200);
      expect(t.bets.map((b) => b.bet).sort()).toEqual(TABLES.find((x) => x.tableId === t.tableId)!.crown ? ['banker', 'dragon-bonus-banker', 'dragon-bonus-player', 'player', 'super-6', 'tie'] : ['banker', 'player', 'super-6', 'tie']);
    }
  });

  it('with no change, every bet of every table settles again exactly as the table did: what-if equals actual to the cent, nothing set apart', () => {
    for (const t of identity.tables) {
      for (const b of t.bets) {
        expect({ table: t.tableId, bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ table: t.tableId, bet: b.bet, refused: 0, notReplayed: 0 });
        expect({ table: t.tableId, bet: b.bet, ...money(b.whatIf) }).toEqual({ table: t.tableId, bet: b.bet, ...money(b.actual) });
      }
    }
  });

  it('the actual figures are the reporting statistics of the same day (turnover, paid, commission, house win per bet), to the cent; at the Star both show the Banker paid at 19 to 20, no commission (Star 2024 11.1.3)', async () => {
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
    const { rows } = await db.pool.query<{ table_id: string; bet: string; turnover: string; paid: string; commission: string; house_win: string }>(
      `SELECT table_id, bet, SUM(turnover_cents)::bigint::text AS turnover, SUM(paid_cents)::bigint::text AS paid, SUM(commission_cents)::bigint::text AS commission, SUM(house_win_cents)::bigint::text AS house_win
         FROM reporting.bet_stats GROUP BY table_id, bet ORDER BY table_id, bet`,
    );
    expect(rows.find((r) => r.table_id === 'NSW-C' && r.bet === 'banker')).toMatchObject({ commission: '0' });
    expect(rows.some((r) => r.bet === 'banker' && Number(r.commission) > 0)).toBe(true); // Crown Melbourne's 1 to 1 less 5% (9.1 Table 3)
    const fromReplay = identity.tables
      .flatMap((t) => t.bets.map((b) => ({ table_id: t.tableId, bet: b.bet, turnover: String(b.actual.turnoverCents), paid: String(b.actual.paidCents), commission: String(b.actual.commissionCents), house_win: String(b.actual.houseWinCents) })))
      .sort((a, b) => (a.table_id + a.bet).localeCompare(b.table_id + b.bet));
    expect(rows).toEqual(fromReplay);
  });

  it('Super 6 at 16 to 1 instead of 15 at the Crown Melbourne tables: every winning Super 6 wager is paid one unit more, and no other row moves (Crown Melbourne Table 15)', async () => {
    const vic = TABLES.filter((t) => t.crown);
    const plays = await Promise.all(vic.map((t) => readRecordedPlay(tablesSource(db.pool), t.tableId, new Date(DAY_START).toISOString(), DAY_END)));
    const answer = whatIf(plays, [{ bet: 'super-6', option: '16' }], new Date(DAY_START).toISOString(), DAY_END);
    for (const t of answer.tables) {
      // Independently of the replay: the Super 6 wagers the table paid, from its own settlements.
      const paid = days[t.tableId].flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).filter((s) => s.bet === 'super-6' && s.outcome === 'win');
      expect(paid.length).toBeGreaterThan(0);
      const winningStakes = paid.reduce((sum, s) => sum + s.amountCents, 0);
      const before = identity.tables.find((x) => x.tableId === t.tableId)!;
      for (const b of t.bets) {
        const base = before.bets.find((x) => x.bet === b.bet)!;
        expect(money(b.actual)).toEqual(money(base.actual));
        if (b.bet !== 'super-6') {
          expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(base.whatIf) });
          continue;
        }
        expect(b.whatIf.paidCents).toBe(b.actual.paidCents + winningStakes);
        expect(b.whatIf.houseWinCents).toBe(b.actual.houseWinCents - winningStakes);
        expect(b.whatIf.turnoverCents).toBe(b.actual.turnoverCents);
        expect(b.whatIf.options.map((o) => o.option)).toEqual(['16']);
      }
    }
  });

  it('Crown Baccarat instead of Traditional (Crown Melbourne 1.1, Table 4): Banker wins pay 1 to 1 without commission, 1 to 2 on a six, rounded up to the 5.00 chip (6.3.3); every other row stands', async () => {
    const plays = await Promise.all(['VIC-A', 'VIC-B'].map((id) => readRecordedPlay(tablesSource(db.pool), id, new Date(DAY_START).toISOString(), DAY_END)));
    const answer = whatIf(plays, [{ variant: 'crown-baccarat' }, { bet: 'banker', option: 'crown' }], new Date(DAY_START).toISOString(), DAY_END);
    for (const t of answer.tables) {
      // By hand from the table's own record: each Banker wager the table paid as a win, and the Banker total of its coup.
      const bankerTotal = new Map(days[t.tableId].flatMap((e) => (e.type === 'CoupCompleted' ? [[e.coupId, e.bankerTotal] as const] : [])));
      let paid = 0;
      for (const e of days[t.tableId]) {
        if (e.type !== 'WagersSettled') continue;
        for (const w of e.settlements) if (w.bet === 'banker' && w.outcome === 'win') paid += bankerTotal.get(e.coupId) === 6 ? Math.ceil(w.amountCents / 2 / 500) * 500 : w.amountCents;
      }
      const base = identity.tables.find((x) => x.tableId === t.tableId)!;
      for (const b of t.bets) {
        if (b.bet !== 'banker') {
          expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(base.bets.find((x) => x.bet === b.bet)!.whatIf) });
          continue;
        }
        expect(b.whatIf).toMatchObject({ turnoverCents: b.actual.turnoverCents, commissionCents: 0, paidCents: paid });
        expect(b.whatIf.houseWinCents - b.actual.houseWinCents).toBe(b.actual.paidCents - paid - b.actual.commissionCents);
        expect(b.whatIf.options.map((o) => o.option)).toEqual(['crown']);
        expect(b.refused.wagers).toBe(0);
      }
    }
  });

  it('refuses Super 6 at 16 to 1 at the Star table: Star 2024 offers it at 15 to 1 only (Star 2024 10.9-10.13)', async () => {
    const plays = [await readRecordedPlay(tablesSource(db.pool), 'NSW-C', new Date(DAY_START).toISOString(), DAY_END)];
    let refused: unknown;
    try {
      whatIf(plays, [{ bet: 'super-6', option: '16' }], new Date(DAY_START).toISOString(), DAY_END);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(WhatIfRefused);
    expect((refused as WhatIfRefused).violations[0]).toMatchObject({ field: 'changes[0].option', rule: 'PAY_TABLE_OPTION_UNKNOWN', clause: 'Star 2024 10.9-10.13', tableId: 'NSW-C' });
  });
});

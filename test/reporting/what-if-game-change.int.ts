import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { readRecordedPlay } from '../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf, type WhatIfAnswer } from '../../apps/reporting/src/what-if/what-if';
import type { TableEvent } from '../../apps/tables/src/table/table.events';
import { casinoDay, DAY_END, DAY_START } from './support/casino-day';
import { storedTableEvents } from './support/stored-table-events';

type Row = WhatIfAnswer['tables'][number]['bets'][number];
const money = ({ options: _o, clause: _c, ...figures }: Row['actual']) => figures;

/** 14:00 in Melbourne and Sydney (AEST) on the casino day 06:00-06:00. */
const TWO_PM = DAY_START + 8 * 3600_000;
const CROWN_AFTER = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '16' }, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '1' }];
const STAR_AFTER = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }];

/**
 * A casino day of real play through the tables service's own decider in which the game changes at 14:00: at a Crown
 * Melbourne table Super 6 goes from 15 to 1 to 16 to 1 (Table 15), at a Star table Baccarat becomes Even Money Baccarat
 * (Star 2024 14.8: a sign 20 minutes before; 11.2). The tables service publishes the change (TableGameChanged) and the
 * what-if settles each coup under the game it was dealt in.
 */
describe('what-if across a game changed mid-day (Star 2024 14.8, 11.2; Crown Melbourne Table 15)', () => {
  let db: TestDatabase;
  const days: Record<string, TableEvent[]> = {};
  let identity: WhatIfAnswer;
  const from = new Date(DAY_START).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_game_change', 4);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    days['VIC-G'] = casinoDay('VIC-G', 'day-VIC-G', true, { at: TWO_PM, variant: 'traditional', offeredBets: CROWN_AFTER });
    days['NSW-G'] = casinoDay('NSW-G', 'day-NSW-G', false, { at: TWO_PM, variant: 'even-money', offeredBets: STAR_AFTER });
    for (const [i, [tableId, crown]] of ([['VIC-G', true], ['NSW-G', false]] as const).entries()) {
      const events = storedTableEvents(i + 11, days[tableId], crown ? 'crown-melbourne-v29' : 'star-sydney-2024');
      for (let k = 0; k < events.length; k += 500) await store.append(`table-${tableId}`, 'table', 'any', events.slice(k, k + 500));
    }
    await untilReadHorizonPasses(db.pool);
    const plays = await Promise.all(['VIC-G', 'NSW-G'].map((id) => readRecordedPlay(tablesSource(db.pool), id, from, DAY_END)));
    identity = whatIf(plays, [], from, DAY_END);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  const changedAt = (tableId: string) => days[tableId].flatMap((e) => (e.type === 'GameChanged' ? [e.changedAt] : []));

  it('keeps the configuration history: the game of the morning, then the new one from when it took effect, with the clause of its change', () => {
    for (const [tableId, clause, variant] of [['VIC-G', 'Crown Melbourne (no provision)', 'traditional'], ['NSW-G', 'Star 2024 14.8', 'even-money']] as const) {
      const [at] = changedAt(tableId);
      expect(at >= new Date(TWO_PM + 20 * 60_000).toISOString()).toBe(true);
      const t = identity.tables.find((x) => x.tableId === tableId)!;
      const opened = days[tableId][0];
      expect(opened.type === 'TableOpened' && opened.openedAt > from).toBe(true);
      expect(t.configurations.map((c) => [c.from, c.clause, c.variant])).toEqual([[opened.type === 'TableOpened' ? opened.openedAt : '', null, 'traditional'], [at, clause, variant]]);
    }
  });

  it('with no change, every bet of both tables settles again exactly as the table did, before and after the change: what-if equals actual to the cent', () => {
    for (const t of identity.tables) {
      expect(t.coups).toBeGreaterThan(200);
      for (const b of t.bets) {
        expect({ table: t.tableId, bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ table: t.tableId, bet: b.bet, refused: 0, notReplayed: 0 });
        expect({ table: t.tableId, bet: b.bet, ...money(b.whatIf) }).toEqual({ table: t.tableId, bet: b.bet, ...money(b.actual) });
      }
    }
    const vic = identity.tables.find((t) => t.tableId === 'VIC-G')!;
    expect(vic.bets.find((b) => b.bet === 'super-6')!.actual.options.map((o) => o.option)).toEqual(['15', '16']);
    const nsw = identity.tables.find((t) => t.tableId === 'NSW-G')!;
    expect(nsw.bets.find((b) => b.bet === 'banker')!.actual.options.map((o) => o.option).sort()).toEqual(['crown', 'traditional']);
  });

  it('Super 6 at 16 to 1 all day moves only the Super 6 wagers won before the change, each by one unit (Crown Melbourne Table 15)', async () => {
    const play = await readRecordedPlay(tablesSource(db.pool), 'VIC-G', from, DAY_END);
    const answer = whatIf([play], [{ bet: 'super-6', option: '16' }], from, DAY_END);
    const wonAt15 = days['VIC-G'].flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).filter((s) => s.bet === 'super-6' && s.outcome === 'win' && s.option === '15');
    const wonAt16 = days['VIC-G'].flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).filter((s) => s.bet === 'super-6' && s.outcome === 'win' && s.option === '16');
    expect(wonAt15.length).toBeGreaterThan(0);
    expect(wonAt16.length).toBeGreaterThan(0);
    const base = identity.tables.find((t) => t.tableId === 'VIC-G')!;
    for (const b of answer.tables[0].bets) {
      const before = base.bets.find((x) => x.bet === b.bet)!;
      if (b.bet !== 'super-6') {
        expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(before.whatIf) });
        continue;
      }
      expect(b.whatIf.paidCents - b.actual.paidCents).toBe(wonAt15.reduce((sum, s) => sum + s.amountCents, 0));
      expect(b.whatIf.options.map((o) => o.option)).toEqual(['16']);
    }
  });
});

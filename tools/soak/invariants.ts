/**
 * The soak's exact invariants, checked once play has stopped and every read model has caught up. Expectations
 * come from what the services acknowledged (the consoles' answers), never from the read models themselves;
 * the read models and reports are read through the services' HTTP APIs, and only the store-level checks read
 * the services' own schemas.
 */
import type { Pool } from 'pg';
import { verifyHashChains } from '@app/event-store';
import type { AckedCommand, ConsoleClient } from './console-client';
import { Floor, JACKPOT_CONTRIBUTION_CENTS, JACKPOT_SEED_CENTS } from './floor';

interface Settlement {
  readonly bet: string;
  readonly outcome: string;
  readonly amountCents: number;
  readonly returnedCents: number;
  readonly winCents: number;
  readonly commissionImmediateCents: number;
  readonly commissionDeferredCents: number;
  /** What stood in play (absent on older events: the amount). */
  readonly inPlayCents?: number;
}

export interface TableExpectation {
  coups: number;
  coupIds: Set<string>;
  wagers: number;
  turnoverCents: number;
  paidCents: number;
  lostCents: number;
  commissionCents: number;
  deferredCents: number;
  collectedCents: number;
  waivedCents: number;
  /** Sum over settlements of stake − returned − win + commission, less commission waived. */
  houseWinCents: number;
}

/** What the tables service acknowledged, per table. */
export function expectationsFrom(acked: readonly AckedCommand[]): Map<string, TableExpectation> {
  const byTable = new Map<string, TableExpectation>();
  const noCommission = new Map<string, boolean>();
  for (const a of acked) {
    if (a.service !== 'tables') continue;
    let t = byTable.get(a.streamId);
    if (!t) byTable.set(a.streamId, (t = { coups: 0, coupIds: new Set(), wagers: 0, turnoverCents: 0, paidCents: 0, lostCents: 0, commissionCents: 0, deferredCents: 0, collectedCents: 0, waivedCents: 0, houseWinCents: 0 }));
    for (const e of a.events) {
      // The Star charges no commission: Banker is paid at the odds of 19 to 20 (Star 2024 11.1.3), so what the
      // settlement holds back is in what was paid. The statistics follow the table's rulebook the same way.
      if (e.type === 'TableOpened') noCommission.set(a.streamId, String(e.rulebookId).startsWith('star-sydney-'));
      if (e.type === 'CoupCompleted' && !e.dummy) {
        t.coups++;
        t.coupIds.add(String(e.coupId));
      } else if (e.type === 'WagersSettled') {
        for (const w of e.settlements as Settlement[]) {
          // Tournament chips are no money (Star 2024 15.1.1): the statistics count only money.
          if (w.outcome === 'void' || (w as { medium?: string }).medium === 'tournament-chips') continue;
          const held = w.commissionImmediateCents + w.commissionDeferredCents;
          const commission = noCommission.get(a.streamId) ? 0 : held;
          const paid = w.winCents + commission - held;
          t.wagers++;
          // Turnover is what stood, and the patron loses only that: the rest was handed back before the deal (Crown Melbourne 6.3.2, 6.4).
          t.turnoverCents += w.inPlayCents ?? w.amountCents;
          t.paidCents += paid;
          t.lostCents += w.outcome === 'lose' ? w.amountCents - w.returnedCents : 0;
          t.commissionCents += commission;
          t.deferredCents += w.commissionDeferredCents;
          t.houseWinCents += w.amountCents - w.returnedCents - paid + commission;
        }
      } else if (e.type === 'CommissionSettled') {
        if (e.method === 'waived') {
          t.waivedCents += Number(e.amountCents);
          t.houseWinCents -= Number(e.amountCents);
        } else t.collectedCents += Number(e.amountCents);
      }
    }
  }
  return byTable;
}

export interface InvariantReport {
  readonly violations: string[];
  readonly checks: number;
}

/**
 * Events the tables service records itself from the tournaments service's events (its tournament-sessions reactor),
 * not from a command at the table: a session seated and cleared (Crown Melbourne 14.2.5; Star 2024 15.5.2), a
 * substitute approved for an entry taking its position (Rapid 12.3.3; Crown Melbourne 14.4.8(a)(iii)), the
 * amended minimum and maximum wager taken for it (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)), and a wager handed
 * back as placed out of the order of wagering, retracted and settled void (Star 2024 15.9.4), or ruled in its turn
 * (15.9.3), the tournament cancelled
 * (Star 2024 15.3.4), an entry out of play and back by a buy-back (15.5.2; 15.6.4), and a marker played on a coup, with an
 * All-In box's wagers returned void (Crown Melbourne 14.4.4(e)). Only the reactor's own
 * commands (command ids `tournaments:...`) are excused: a dealer's WagersSettled no console acknowledged is still a
 * violation.
 */
export const TABLES_REACTOR_EVENTS = new Set([
  'TournamentSessionSeated',
  'TournamentSessionCleared',
  'TournamentSessionLimitsChanged',
  'TournamentSeatSubstituted',
  'TournamentCancelledAtTable',
  'TournamentBoxesOutOfPlay',
  'TournamentBoxBackInPlay',
  'TournamentMarkerNoted',
  'TournamentWagersInTurn',
  'WagerRetracted',
  'WagerVoided',
  'WagersSettled',
]);
const TABLES_REACTOR_COMMANDS = 'tournaments:';

/** Events the jackpot service records itself from the tables' events (not from a console's command). */
const JACKPOT_CONSUMER_EVENTS = new Set(['ContributionRecorded', 'ContributionReversed', 'LuckyTieDetected', 'HitMismatchFlagged', 'JackpotAttentionFlagged', 'CoupVoidNoted']);

/**
 * Every acknowledged command's events stored exactly once: per stream, the acknowledged commands' version ranges
 * tile the stream with no gap and no overlap, and the stored events are the acknowledged ones, type by type.
 * In a jackpot stream the versions between commands are the consumer's own events.
 */
async function checkStoredOnce(pool: Pool, schema: string, streamPrefix: string, acked: readonly AckedCommand[], violations: string[], consumerTypes?: Set<string>, consumerCommands?: string): Promise<void> {
  const byStream = new Map<string, AckedCommand[]>();
  for (const a of acked) {
    const list = byStream.get(a.streamId) ?? [];
    list.push(a);
    byStream.set(a.streamId, list);
  }
  const { rows } = await pool.query<{ stream_id: string; version: number; type: string; command_id: string | null }>(`SELECT stream_id, version, type, metadata->>'commandId' AS command_id FROM ${schema}.events ORDER BY stream_id, version`);
  const stored = new Map<string, { version: number; type: string; command_id: string | null }[]>();
  for (const r of rows) {
    const list = stored.get(r.stream_id) ?? [];
    list.push(r);
    stored.set(r.stream_id, list);
  }
  for (const streamId of stored.keys()) {
    if (!byStream.has(streamId.slice(streamPrefix.length))) violations.push(`${schema}: stream ${streamId} holds events no acknowledged command recorded`);
  }
  for (const [id, commands] of byStream) {
    const events = stored.get(`${streamPrefix}${id}`) ?? [];
    const owner = new Array<string | undefined>(events.length + 1);
    for (const c of commands) {
      const from = c.version - c.eventTypes.length + 1;
      c.eventTypes.forEach((type, i) => {
        const v = from + i;
        const e = events[v - 1];
        if (!e || e.version !== v) return violations.push(`${schema}: ${c.key} was acknowledged with ${type} at version ${v} of ${id}, which is not stored`);
        if (owner[v]) return violations.push(`${schema}: version ${v} of ${id} is claimed by both ${owner[v]} and ${c.key} (stored twice or answered wrongly)`);
        owner[v] = c.key;
        if (e.type !== type) violations.push(`${schema}: ${c.key} was acknowledged with ${type} at version ${v} of ${id}, stored is ${e.type}`);
      });
    }
    for (const e of events) {
      if (owner[e.version]) continue;
      if (consumerTypes?.has(e.type) && (!consumerCommands || (e.command_id ?? '').startsWith(consumerCommands))) continue;
      violations.push(`${schema}: ${e.type} at version ${e.version} of ${id} belongs to no acknowledged command`);
    }
  }
}

const sum = (rows: readonly Record<string, unknown>[], k: string) => rows.reduce((n, r) => n + Number(r[k] ?? 0), 0);

export async function checkInvariants(pool: Pool, client: ConsoleClient, floor: Floor, schemas: readonly string[]): Promise<InvariantReport> {
  const violations: string[] = [];
  let checks = 0;
  const expect = (what: string, actual: unknown, expected: unknown) => {
    checks++;
    if (JSON.stringify(actual) !== JSON.stringify(expected)) violations.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  };
  const tablesAcked = client.acked.filter((a) => a.service === 'tables');
  const jackpotsAcked = client.acked.filter((a) => a.service === 'jackpots');

  // 1. Every acknowledged command's events stored exactly once (and nothing stored that nobody acknowledged).
  checks++;
  await checkStoredOnce(pool, 'tables', 'table-', tablesAcked, violations, TABLES_REACTOR_EVENTS, TABLES_REACTOR_COMMANDS);
  checks++;
  await checkStoredOnce(pool, 'jackpots', 'jackpot-', jackpotsAcked, violations, JACKPOT_CONSUMER_EVENTS);

  // 2-3. Every settled wager once in the statistics; table win = sum of settlements (per table).
  const expected = expectationsFrom(tablesAcked);
  const stats = await client.read<{ tables: Record<string, unknown>[] }>('reporting', '/reporting/statistics', 'area-manager');
  for (const [tableId, t] of expected) {
    const rows = stats.tables.filter((r) => r.tableId === tableId);
    expect(`statistics of ${tableId} (coups, wagers, turnover, paid, lost, commission, waived, house win)`, [sum(rows, 'coups'), sum(rows, 'wagers'), sum(rows, 'turnoverCents'), sum(rows, 'paidCents'), sum(rows, 'lostCents'), sum(rows, 'commissionCents'), sum(rows, 'commissionWaivedCents'), sum(rows, 'houseWinCents')], [t.coups, t.wagers, t.turnoverCents, t.paidCents, t.lostCents, t.commissionCents, t.waivedCents, t.houseWinCents]);
  }
  // ... and once in the regulators' table-statistics reports, per jurisdiction and gaming day.
  const days = new Set(stats.tables.map((r) => `${r.jurisdiction}|${r.gamingDay}`));
  const reported = { wagers: 0, turnoverCents: 0, houseWinCents: 0 };
  for (const d of days) {
    const [jurisdiction, period] = d.split('|');
    // An Idempotency-Key is letters, digits, '.', '_', ':' or '-' (the reports route now reads it, as every command does).
    const key = `report-${jurisdiction}-${period}`;
    const created = await client.command('reporting', 'POST', '/reporting/reports', { kind: 'table-statistics', jurisdiction, period }, 'casino-manager', key, key);
    const report = await client.read<{ content: { totals: Record<string, number> } }>('reporting', `/reporting/reports/${String(created.reportId)}`, 'casino-manager');
    reported.wagers += report.content.totals['tables.wagers'] ?? 0;
    reported.turnoverCents += report.content.totals['tables.turnoverCents'] ?? 0;
    reported.houseWinCents += report.content.totals['tables.houseWinCents'] ?? 0;
  }
  const all = [...expected.values()];
  expect('table-statistics reports (wagers, turnover, house win) over every gaming day', [reported.wagers, reported.turnoverCents, reported.houseWinCents], [sum(all as never, 'wagers'), sum(all as never, 'turnoverCents'), sum(all as never, 'houseWinCents')]);

  // 4. Deferred commission owed = settled + outstanding (Crown Melbourne 9.3.1), against the tables' own state.
  const ledger = await client.read<Record<string, unknown>[]>('reporting', '/reporting/commission-ledger', 'area-manager');
  let owedNow = 0;
  for (const t of floor.tables) {
    const state = await client.read<{ commissionOwed: Record<string, { cents: number }> }>('tables', `/tables/${t.tableId}`, 'dealer');
    owedNow += Object.values(state.commissionOwed).reduce((n, o) => n + o.cents, 0);
  }
  expect('commission ledger (deferred, collected, waived, outstanding)', [sum(ledger, 'deferredCents'), sum(ledger, 'collectedCents'), sum(ledger, 'waivedCents'), sum(ledger, 'outstandingCents')], [sum(all as never, 'deferredCents'), sum(all as never, 'collectedCents'), sum(all as never, 'waivedCents'), owedNow]);
  expect('deferred commission = collected + waived + outstanding', sum(ledger, 'deferredCents'), sum(ledger, 'collectedCents') + sum(ledger, 'waivedCents') + sum(ledger, 'outstandingCents'));

  // 5-6. Jackpot meter = seed + contributions − payouts + adjustments; one contribution per completed coup.
  if (floor.jackpotTables.length) {
    const jackpotCoups = new Set(floor.jackpotTables.flatMap((id) => [...(expected.get(id)?.coupIds ?? [])]));
    const recon = await client.read<{ balanced: boolean; meterCents: number; contributionCount: number; contributionsCents: number; payoutsCents: number; adjustmentsCents: number; reversalsCents: number; backfillsCents: number; resetFundingCents: number }>(
      'jackpots',
      `/jackpots/${floor.jackpotId}/reconciliation`,
      'regulator',
      ['VIC'],
    );
    expect('jackpot reconciliation balanced (Crown Melbourne 13.3.2(a))', recon.balanced, true);
    expect('jackpot contributions: one per completed coup of a jackpot table (13.4.1-13.4.2)', recon.contributionCount, jackpotCoups.size);
    expect('jackpot adjustments acknowledged', recon.adjustmentsCents, floor.adjustmentsCents);
    expect(
      'jackpot meter = seed + contributions − payouts + adjustments',
      recon.meterCents,
      JACKPOT_SEED_CENTS + jackpotCoups.size * JACKPOT_CONTRIBUTION_CENTS - recon.payoutsCents + floor.adjustmentsCents - recon.reversalsCents + recon.backfillsCents + recon.resetFundingCents,
    );
    const { rows } = await pool.query<{ coup_id: string; n: number }>(`SELECT data->>'coupId' AS coup_id, count(*)::int AS n FROM jackpots.events WHERE type = 'ContributionRecorded' GROUP BY 1`);
    const twice = rows.filter((r) => r.n !== 1).map((r) => `${r.coup_id}×${r.n}`);
    const missing = [...jackpotCoups].filter((c) => !rows.some((r) => r.coup_id === c));
    const foreign = rows.filter((r) => !jackpotCoups.has(r.coup_id)).map((r) => r.coup_id);
    expect('coups with a contribution twice', twice, []);
    expect('completed jackpot coups without a contribution', missing.slice(0, 20), []);
    expect('contributions for coups never acknowledged', foreign.slice(0, 20), []);
    const dashboard = await client.read<{ jackpots: { jackpotId: string; meterCents: number | string }[] }>('reporting', '/reporting/dashboard', 'area-manager');
    expect("reporting's jackpot meter equals the jackpot service's", Number(dashboard.jackpots.find((j) => j.jackpotId === floor.jackpotId)?.meterCents), recon.meterCents);
  }

  // 7. Every hash chain verifies.
  for (const schema of schemas) {
    const result = await verifyHashChains(pool, schema);
    expect(`hash chains of ${schema}`, result.firstBrokenLink ?? null, null);
  }

  // Nothing dead-lettered: a consumer that could not apply an event has lost it from its read model.
  const dead = await pool.query<{ consumer: string; event_type: string; error: string }>(`SELECT consumer, event_type, error FROM messaging.dead_letters ORDER BY id LIMIT 5`).catch(() => ({ rows: [] }));
  expect('dead letters', dead.rows.map((r) => `${r.consumer}: ${r.event_type}: ${r.error.slice(0, 160)}`), []);
  return { violations, checks };
}

/** Everything reporting serves from its read models, in a canonical order, for a rebuilt-equals-live comparison. */
export async function readModelSnapshot(client: ConsoleClient, floor: Floor): Promise<Record<string, unknown>> {
  const canon = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
  const stats = await client.read<{ tables: Record<string, unknown>[]; bets: Record<string, unknown>[] }>('reporting', '/reporting/statistics', 'area-manager');
  const snapshot: Record<string, unknown> = {
    statisticsTables: canon(stats.tables),
    statisticsBets: canon(stats.bets),
    tables: canon(await client.read('reporting', '/reporting/tables', 'area-manager')),
    ledger: canon(await client.read('reporting', '/reporting/commission-ledger', 'area-manager')),
    movements: canon(await client.read('reporting', '/reporting/commission-ledger/movements', 'area-manager')),
    register: canon(await client.read('reporting', '/reporting/compliance-register', 'area-manager')),
    jackpots: canon((await client.read<{ jackpots: Record<string, unknown>[] }>('reporting', '/reporting/dashboard', 'area-manager')).jackpots),
  };
  for (const t of floor.tables) snapshot[`road ${t.tableId}`] = canon(await client.read('reporting', `/reporting/tables/${t.tableId}/road`, 'area-manager'));
  return snapshot;
}

export function compareSnapshots(live: Record<string, unknown>, rebuilt: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(live), ...Object.keys(rebuilt)])) {
    const a = (live[key] ?? []) as string[];
    const b = (rebuilt[key] ?? []) as string[];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const onlyLive = a.filter((x) => !b.includes(x)).slice(0, 2);
    const onlyRebuilt = b.filter((x) => !a.includes(x)).slice(0, 2);
    out.push(`rebuilt ${key} differs from live (${a.length} vs ${b.length} rows); live only: ${onlyLive.join(' | ').slice(0, 400)}; rebuilt only: ${onlyRebuilt.join(' | ').slice(0, 400)}`);
  }
  return out;
}

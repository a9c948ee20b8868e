import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IntegrationEvent } from '@app/contracts';
import { createTestDatabase, integrationEventOf, TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { simulateJackpot } from '../../../../test/reporting/support/jackpot-play';
import { seedReportingSources } from '../../../../test/reporting/support/reporting-world';
import { simulateTables } from '../../../../test/reporting/support/simulated-play';
import { jackpotsReadModelProjection } from '../jackpots/jackpots.projection';
import { PromotionNoticesProjection } from '../promotions/promotion-notices.projection';
import { rebuildReadModels } from '../read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../read-model/tables-read-models.projection';
import { defaultJackpotsSource, defaultTablesSource } from '../reporting.module';
import { tournamentsReadModelProjection } from '../tournaments/tournaments.projection';
import { REPORT_DEFINITIONS } from './report-definitions';
import { documentTables } from './report-document';
import { ReportService } from './report.service';
import type { RenderedReport } from './report.types';

/**
 * Every report kind rendered as the regulator receives it, then to PNG (poppler's pdftoppm) for a person to look at,
 * and its text (pdftotext) checked page by page: a running head with the report id, the period and the content
 * hash, "Page n of m", money as dollars under headings that say so, no cents, basis points, JSON or tracker numbers.
 * The pages are left in REPORT_PAGES_DIR (default: the system's temporary directory, report-pages/).
 */
const poppler = spawnSync('pdftoppm', ['-v']).status === 0 && spawnSync('pdftotext', ['-v']).status === 0;
if (!poppler) console.warn('Regulator report pages are not rendered: pdftoppm and pdftotext (Debian package poppler-utils) are missing. Install poppler-utils to run this suite.');
const suite = poppler ? describe : describe.skip;

const OUT = process.env.REPORT_PAGES_DIR ?? join(tmpdir(), 'report-pages');
const AT = '2025-03-05T00:00:00.000Z';

const nsw = simulateTables({ seed: 11, tables: 3, jurisdiction: 'NSW', coupsPerTable: 80 });
const vic = simulateTables({ seed: 12, tables: 2, jurisdiction: 'VIC', coupsPerTable: 40, tablePrefix: 'MEL' });
const jackpot = simulateJackpot({ tableId: 'MEL-VIC-1', contributions: 12 });

const tournamentEvent = (type: string, occurredAt: string, rulebookVersion: string, data: Record<string, unknown>): IntegrationEvent => ({
  ...integrationEventOf(type, data, { source: 'tournaments', streamId: `tournament-${data.tournamentId as string}`, streamType: 'tournament', occurredAt }),
  actor: { id: 'td-1', role: 'tournament-director' },
  rulebookVersion,
});
const promotionEvent = (type: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
  integrationEventOf(type, data, { source: 'promotions', streamId: `promotion-${data.promotionId as string}`, streamType: 'promotion', occurredAt, actor: { id: 'cm-1', role: 'casino-manager' } });

// Gaming day 2025-03-03 in both jurisdictions (from 06:00 local: 19:00 UTC the day before).
const TOURNAMENTS = [
  ...(['star-sydney-2024', 'crown-melbourne-v29'] as const).flatMap((rb) => {
    const id = rb.startsWith('star') ? 'spring-cup' : 'melbourne-classic';
    const clause = rb.startsWith('star') ? 'Star 2024 15.4.1' : 'Crown Melbourne 14.2.2(b)';
    return [
      tournamentEvent('TournamentTermsPublished', '2025-03-03T00:00:00.000Z', rb, { tournamentId: id, name: rb.startsWith('star') ? 'Spring Baccarat Cup' : 'Melbourne Baccarat Classic', publishedAt: '2025-03-03T00:00:00.000Z', clause }),
      tournamentEvent('TournamentBuyInNotProvided', '2025-03-03T05:00:00.000Z', rb, { tournamentId: id, sessionId: 'final', entryIds: ['e4', 'e9'], refundCents: 0, eliminatedAt: '2025-03-03T05:00:00.000Z', clause: rb.startsWith('star') ? 'Star 2024 15.6.2; 15.6.3' : 'Crown Melbourne 14.2.5' }),
      tournamentEvent('TournamentPlayerDisqualified', '2025-03-03T05:30:00.000Z', rb, { tournamentId: id, entryId: 'e12', reason: 'collusion', description: 'Signalled to the player at box 3', refundCents: 25_000, disqualifiedAt: '2025-03-03T05:30:00.000Z', clause: rb.startsWith('star') ? 'Star 2024 15.5.6' : 'Crown Melbourne 14.2.5' }),
      tournamentEvent('TournamentResultsDeclared', '2025-03-03T09:00:00.000Z', rb, { tournamentId: id, placings: [{ place: 1, entryId: 'e1' }, { place: 2, entryId: 'e7' }, { place: 3, entryId: 'e3' }], declaredAt: '2025-03-03T09:00:00.000Z', clause: rb.startsWith('star') ? 'Star 2024 15.10' : 'Crown Melbourne 14.4.6' }),
      tournamentEvent('TournamentPrizesDistributed', '2025-03-03T09:30:00.000Z', rb, {
        tournamentId: id,
        payments: [
          { place: 1, entryId: 'e1', patronId: 'P-1001', amountCents: 1_500_000 },
          { place: 2, entryId: 'e7', patronId: 'P-1007', amountCents: 600_000 },
          { place: 3, entryId: 'e3', patronId: 'P-1003', amountCents: 200_001 },
        ],
        prizePoolCents: 2_300_001,
        totalCents: 2_300_001,
        distributedAt: '2025-03-03T09:30:00.000Z',
        clause: rb.startsWith('star') ? 'Star 2024 15.3.2' : 'Crown Melbourne 14.4.7',
      }),
    ];
  }),
];

const PROMOTIONS = [
  promotionEvent('PromotionCreated', '2025-03-02T22:00:00.000Z', {
    promotionId: 'autumn-draw',
    name: 'Autumn Cash Draw',
    prizes: [{ prizeId: 'first', kind: 'cash', description: '$20,000 cash', valueCents: 2_000_000 }],
    termsDueAtRegulatorBy: '2025-03-03T22:00:00.000Z',
    createdAt: '2025-03-02T22:00:00.000Z',
    clause: 'Star 2024 16.12',
  }),
  promotionEvent('PromotionTermsLodged', '2025-03-02T23:00:00.000Z', { promotionId: 'autumn-draw', termsVersion: 1, regulator: 'NICC', lodgedAt: '2025-03-02T23:00:00.000Z', hoursBeforeStart: 47, resubmission: false, clause: 'Star 2024 16.12' }),
  promotionEvent('PromotionDrawConducted', '2025-03-03T09:00:00.000Z', {
    promotionId: 'autumn-draw',
    drawId: 'd1',
    seed: '5f2c9a',
    commitment: 'c0ffee',
    entriesDigest: 'abc123',
    entryCount: 1_284,
    winners: [{ prizeId: 'first', entryId: 'en-77', patronId: 'P-2077', valueCents: 2_000_000 }],
    scrutineer: 'J. Citizen',
    notifyWinnersBy: '2025-03-05T09:00:00.000Z',
    drawnAt: '2025-03-03T09:00:00.000Z',
    clause: 'Star 2024 16.2',
  }),
  promotionEvent('PromotionPrizePaid', '2025-03-03T10:00:00.000Z', {
    promotionId: 'autumn-draw',
    prizeId: 'first',
    patronId: 'P-2077',
    form: 'prize',
    payments: [{ method: 'crossed-cheque', amountCents: 1_500_000 }, { method: 'eft', amountCents: 500_000 }],
    amountCents: 2_000_000,
    chosenByWinner: true,
    paidAt: '2025-03-03T10:00:00.000Z',
    clause: 'Star 2024 16.4',
  }),
];

/** The cells of one CSV line (RFC 4180 quoting). */
const cells = (line: string): string[] => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));

const periodOf = (periodType: string) => (periodType === 'month' ? '2025-03' : '2025-03-03');

const text = (pdf: string, page: number): string => spawnSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' }).stdout;

suite('regulator reports as documents: every report kind rendered to PDF pages a regulator files', () => {
  let db: TestDatabase;
  let reports: ReportService;
  const rendered = new Map<string, RenderedReport>();

  beforeAll(async () => {
    db = await createTestDatabase('report_documents', 4);
    await seedReportingSources(db.pool, [...nsw, ...vic], jackpot);
    reports = new ReportService(db.pool, 'reporting', ['reporting-jackpots', 'reporting-tables', 'reporting.promotion-notices', 'reporting-tournaments']);
    await reports.migrate();
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [defaultTablesSource(db.pool)], 500);
    await rebuildReadModels(db.pool, jackpotsReadModelProjection(), [defaultJackpotsSource(db.pool)], 500);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const tournaments = tournamentsReadModelProjection();
      await tournaments.setup(client);
      for (const e of TOURNAMENTS) await tournaments.apply(e, client);
      const promotions = new PromotionNoticesProjection('reporting');
      await promotions.setup(client);
      for (const e of PROMOTIONS) await promotions.apply(e, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    for (const d of REPORT_DEFINITIONS) rendered.set(`${d.kind}.${d.jurisdiction}`, await reports.render(d.kind, d.jurisdiction, periodOf(d.periodType), AT));
  }, 240_000);
  afterAll(async () => db?.drop());

  it.each(REPORT_DEFINITIONS.map((d) => [`${d.kind}.${d.jurisdiction}`] as const))(
    '%s: every page names the report id, the period and the content hash, and says "Page n of m"; money in dollars under headings that say so, nothing in cents, basis points or JSON',
    (name) => {
      const r = rendered.get(name)!;
      const pdf = join(OUT, `${name}.pdf`);
      writeFileSync(pdf, r.pdf);
      expect(spawnSync('pdftoppm', ['-r', '70', '-png', pdf, join(OUT, name)]).status).toBe(0);
      const pages = readdirSync(OUT).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).length;
      expect(pages).toBeGreaterThan(0);
      const period = r.content.period.type === 'gaming-day' ? `Gaming day ${r.content.period.value}` : `Month ${r.content.period.value}`;
      let all = '';
      for (let p = 1; p <= pages; p++) {
        const page = text(pdf, p);
        all += page;
        expect({ page: p, head: page.includes(r.manifest.reportId) && page.includes(r.manifest.contentSha256) && page.includes(period) }).toEqual({ page: p, head: true });
        expect(page).toContain(`Page ${p} of ${pages}`);
      }
      expect(all).not.toMatch(/Cents|BasisPoints|\{"|Issue \d|[a-z][A-Z][a-z]+Id\b/);
      // Every section is there, by its title, with its rule.
      for (const s of r.content.sections) expect(all.replace(/\s+/g, ' ')).toContain(s.title.split(':')[0]);
      // An amount of $1,000 or more is written with a thousands separator.
      const amounts = r.content.sections.flatMap((s) => s.rows.flatMap((row) => Object.entries(row).filter(([k, v]) => k.endsWith('Cents') && typeof v === 'number' && Math.abs(v) >= 100_000)));
      if (amounts.length) expect(all).toMatch(/\d{1,3},\d{3}\.\d{2}/);
      // CSV: the same columns as the document's tables.
      const tables = documentTables(r.content, REPORT_DEFINITIONS.find((d) => `${d.kind}.${d.jurisdiction}` === name)!.sections);
      const headerLines = r.csv.split('\r\n\r\n').map((b) => b.split('\r\n')[0]);
      expect(headerLines.length).toBe(tables.length);
      tables.forEach((t, i) => expect(cells(headerLines[i])).toEqual(['Section', ...t.headers]));
    },
  );

  it('totals only where they mean something: the jackpot report never adds meter snapshots, the statistics add turnover and take hold from the totals', () => {
    const jackpotReport = rendered.get('vic-jackpot.VIC')!;
    for (const t of documentTables(jackpotReport.content, REPORT_DEFINITIONS.find((d) => d.kind === 'vic-jackpot')!.sections)) {
      t.headers.forEach((h, i) => {
        if (/before|after|Opening|Closing/.test(h)) expect({ table: t.id, column: h, total: t.totals?.[i] ?? '' }).toEqual({ table: t.id, column: h, total: '' });
      });
    }
    expect(Object.keys(jackpotReport.content.totals).filter((k) => /meterBefore|meterAfter|opening|closing/i.test(k))).toEqual([]);
    const stats = rendered.get('table-statistics.NSW')!;
    const money = documentTables(stats.content, REPORT_DEFINITIONS.find((d) => d.kind === 'table-statistics')!.sections).find((t) => t.headers.includes('Hold (%)') && t.id.startsWith('tables'))!;
    const turnover = stats.content.totals['tables.turnoverCents'];
    const win = stats.content.totals['tables.houseWinCents'];
    expect(turnover).toBeGreaterThan(0);
    expect(money.totals![money.headers.indexOf('Hold (%)')]).toBe((Math.round((win * 10000) / turnover) / 100).toFixed(2));
  });
});

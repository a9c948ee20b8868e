import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateMessaging } from '@app/messaging';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { ReportService } from '../reports/report.service';
import type { RenderedReport, SectionContent } from '../reports/report.types';
import { RAPID_EVENING, RAPID_INVALIDATION, RAPID_TABLE, rapidCorrectionsAfterCashOut, rapidEvents, rapidMalfunctionRounds, rapidRoundFigures } from '../test-support/rapid-play';
import { rapidReadModelProjection } from './rapid.projection';

/**
 * The VIC Rapid Baccarat report over the real read model, fed the Rapid service's published events as its consumer
 * applies them (one transaction per event), then rendered as the regulator receives it. The pages are left in
 * REPORT_PAGES_DIR (default: the system's temporary directory, report-pages/) for a person to look at.
 */
/**
 * A tournament account at the table whose round was invalidated too: its refund and the compulsory minimum returned
 * to it (12.2.1(c) with 13.4) are tournament chips, never money (12.2.2).
 */
const TOURNAMENT_REFUND = [
  { type: 'AtsTournamentAccountOpened', data: { accountId: 'acc-t1', tableId: RAPID_TABLE, atsId: 'A5', tournamentId: 'tn-1', sessionId: 's-1', entryId: 'e-1', amountCents: 100_000, movementCents: 100_000, balanceAfterCents: 100_000, openedAt: '2026-03-02T03:00:00.000Z', clause: 'Rapid 12.2.1(b)' } },
  {
    type: 'AtsSettlementRecalculated',
    data: { accountId: 'acc-t1', tournamentId: 'tn-1', tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, cause: 'invalidation', outcome: { playerCards: [], bankerCards: [], result: 'banker', playerTotal: 4, bankerTotal: 8 }, settlements: [], previousCreditCents: 0, creditCents: 0, previousStakedCents: 0, stakedCents: 0, minimumReturned: { amountCents: 2_500, clause: 'Rapid 12.2.1(c); Rapid 13.3.1; Rapid 13.4' }, unrecoveredCents: 0, movementCents: 2_500, balanceAfterCents: 100_000, recalculatedAt: '2026-03-02T03:10:00.000Z', clause: 'Rapid 13.3.1; Rapid 13.4' },
  },
];

describe('the VIC Rapid Baccarat report from the Rapid service\'s published events (Rapid 4.8; 6.2-6.7; 11.10-11.16; 13.3-13.4)', () => {
  let db: TestDatabase;
  let report: RenderedReport;
  // Another gaming day: corrections after a cash-out, a round corrected twice, two claims one correction dealt with.
  let corrections: RenderedReport;
  // Another: a set-off across rounds and a round voided by the game system after its outcome (11.11 with 6.7.1; 11.15(a)).
  let figures: RenderedReport;
  const section = (id: string, of = () => report): SectionContent => of().content.sections.find((s) => s.id === id)!;

  beforeAll(async () => {
    db = await createTestDatabase('rapid_report', 3);
    const reports = new ReportService(db.pool, 'reporting', ['reporting-rapid']);
    await migrateMessaging(db.pool);
    await reports.migrate();
    const projection = rapidReadModelProjection();
    const client = await db.pool.connect();
    try {
      const events = rapidEvents([...RAPID_EVENING, ...RAPID_INVALIDATION, ...TOURNAMENT_REFUND]);
      for (const e of events) {
        await client.query('BEGIN');
        await projection.apply(e, client);
        await client.query('COMMIT');
      }
      // A redelivered event (Kafka at least once) changes nothing.
      await client.query('BEGIN');
      await projection.applyBatch(events.slice(0, 8), client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    report = await reports.render('vic-rapid', 'VIC', '2026-03-02', '2026-03-03T00:00:00.000Z');
    const later = rapidCorrectionsAfterCashOut('2026-03-06');
    const malfunctions = rapidMalfunctionRounds('2026-03-06');
    for (const e of rapidEvents([...later.ticketReduced, ...later.twoClaims, ...later.owedTwice, ...later.backToFirst, ...malfunctions.gameSystemVoid, ...malfunctions.adjusted])) {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await projection.apply(e, client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    corrections = await reports.render('vic-rapid', 'VIC', '2026-03-06', '2026-03-07T00:00:00.000Z');
    const byRound = rapidRoundFigures('2026-03-08');
    // The set-off delivered before the recovery it was set against (another stream), then everything again (at least once).
    const set = rapidEvents([...byRound.setOffAcrossRounds, ...byRound.gameSystemVoidAfterOutcome]);
    const setOff = set.findIndex((e) => e.type === 'AtsSettlementRecalculated' && e.data.setOff);
    for (const e of [set[setOff], ...set.filter((_, i) => i !== setOff), ...set]) {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await projection.apply(e, client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    figures = await reports.render('vic-rapid', 'VIC', '2026-03-08', '2026-03-09T00:00:00.000Z');
  }, 60_000);
  afterAll(async () => db?.drop());

  it('Rapid 4.8, 6.7, 11.11, 13.4: the rounds and the accounts agree to the cent, with a correction whose recovery fell short ($390 not recovered from an account already cashed out) and an invalidation ($95 not recovered, $50 owed to a closed account)', () => {
    const [rb1] = section('rapid-reconciliation').rows;
    expect(rb1).toMatchObject({ tableId: 'RB1', stakedCents: 50_000, creditedCents: 58_500, recalculatedCents: 13_500, notRecoveredCents: 48_500, inPlayCents: 1_000, byRoundsCents: -42_500, byAccountsCents: -42_500, differenceCents: 0, agrees: true });
    // The same totals from the account movements section, to the cent.
    const t = report.content.totals;
    expect(t['rapid-account-movements.buyInNotesCents'] + t['rapid-account-movements.buyInDealerCents']).toBe(rb1.buyInsCents);
    // Paid out is what was paid (6.7.2(b)): cash-outs in chips and by printed ticket, manual payments made and owed amounts paid;
    // a ticket not printed is a manual payment due, less what recalculations took off it and what was paid manually.
    expect(t['rapid-account-movements.cashOutChipsCents'] + t['rapid-account-movements.cashOutTicketCents'] + t['rapid-account-movements.owedPaidChipsCents'] + t['rapid-account-movements.owedPaidManualCents'] + t['rapid-account-movements.manualPaidCents']).toBe(rb1.paidOutCents);
    expect(t['rapid-account-movements.paidOutCents']).toBe(rb1.paidOutCents);
    expect(t['rapid-account-movements.manualDueCents'] - t['rapid-account-movements.manualDueReducedCents'] - t['rapid-account-movements.manualPaidCents']).toBe(rb1.manualDueChangeCents);
    expect(t['rapid-manual-payments.dueCents']).toBe(20_000);
    expect(t['rapid-account-movements.closingCents'] - t['rapid-account-movements.openingCents']).toBe(rb1.balanceChangeCents);
    expect(t['rapid-account-movements.wageredCents'] - t['rapid-account-movements.returnedCents'] - t['rapid-account-movements.creditedCents'] - t['rapid-account-movements.recalculatedCents']).toBe(rb1.byAccountsCents);
    expect(t['rapid-rounds.stakedCents'] - t['rapid-rounds.creditedCents']).toBe(rb1.houseNetCents);
    expect(t['rapid-rounds.houseNetAfterCents'] + t['rapid-reconciliation.inPlayCents']).toBe(rb1.byRoundsCents);
    expect(t['rapid-corrections.notRecoveredCents']).toBe(39_000);
    expect(t['rapid-invalidations.notRecoveredCents']).toBe(9_500);
    expect(t['rapid-corrections.notRecoveredCents'] + t['rapid-invalidations.notRecoveredCents']).toBe(rb1.notRecoveredCents);
  });

  it('Rapid 11.10, 13.3-13.4: the invalidation and each account\'s refund in their own section, not among the 11.11 corrections; a tournament account\'s refund and minimum returned (12.2.1(c)) are chips, not in the report', () => {
    expect(section('rapid-invalidations').rows.map((r) => [r.record, r.round, r.ground, r.accountId, r.refundedCents, r.differenceCents, r.notRecoveredCents, r.owedCents, r.paidCents, r.actorId])).toEqual([
      ['Outcome invalidated', '44', 'Fire', null, null, null, null, null, null, 'cs-1'],
      ['Wagers refunded', '44', null, 'acc-6', 10_000, -9_500, 9_500, null, null, 'cs-1'],
      ['Wagers refunded', '44', null, 'acc-7', 5_000, 5_000, null, 5_000, 5_000, 'cs-1'],
    ]);
    expect(section('rapid-corrections').rows.map((r) => r.round)).not.toContain('44');
    for (const s of report.content.sections) expect(s.rows.filter((r) => r.accountId === 'acc-t1')).toEqual([]);
  });

  it('Rapid 6.5.1: a top-up event that names only its account is filed under the table and ATS the account was opened at', () => {
    expect(section('rapid-account-movements').rows.find((r) => r.accountId === 'acc-1')).toMatchObject({ tableId: 'RB1', atsId: 'A1', buyInDealerCents: 10_000, buyInNotesCents: 100_000 });
  });

  it('Rapid 11.11, 11.12, 11.14(a), 6.7.2(b): each row cites its clause; the freeze names who and when; the claim its resolution', () => {
    for (const s of report.content.sections) for (const r of s.rows) expect({ section: s.id, clause: typeof r.clause === 'string' && r.clause.startsWith('Rapid ') }).toEqual({ section: s.id, clause: true });
    expect(section('rapid-corrections').rows[0]).toMatchObject({ record: 'Accounts frozen', actorId: 'dealer-3', at: '2026-03-02T01:06:00.000Z' });
    expect(section('rapid-claims').rows).toEqual([expect.objectContaining({ claimId: 'c-1', resolution: 'Upheld', frozenAccounts: 2, frozenRound: '41', frozenAt: '2026-03-02T01:06:00.000Z', adjustmentCents: -9_000 })]);
    expect(section('rapid-malfunctions').rows.map((r) => r.round)).toEqual(['42', '42']);
    expect(section('rapid-manual-payments').rows.map((r) => r.record)).toEqual(['Owed amount paid by manual payment', 'Ticket not printed: manual payment due', 'Manual payment for a ticket not printed', 'Owed amount paid in chips']);
    expect(report.content.rulebookVersions).toEqual(['crown-melbourne-rapid']);
    expect(report.manifest.eventPositions.map((p) => [p.section, p.source])).toContainEqual(['rapid-reconciliation', 'rapid']);
  });

  it('Rapid 1.1, 4.8: the rulebook versions a Rapid report names are those its rounds were played under: none on a day without Rapid play, never the rulebook of the casino\'s other tables', async () => {
    // A Crown Melbourne table (not Rapid) opened that day and the day before the empty one.
    await db.pool.query(
      `INSERT INTO reporting.table_openings (table_id, opened_at, gaming_day, jurisdiction, rulebook_id) VALUES ('MB1', '2026-03-02T00:30:00.000Z', '2026-03-02', 'VIC', 'crown-melbourne-v29'), ('MB1', '2026-03-04T00:30:00.000Z', '2026-03-04', 'VIC', 'crown-melbourne-v29')`,
    );
    const reports = new ReportService(db.pool, 'reporting', ['reporting-rapid']);
    expect((await reports.content('vic-rapid', 'VIC', '2026-03-05')).content.rulebookVersions).toEqual([]);
    expect((await reports.content('vic-rapid', 'VIC', '2026-03-02')).content.rulebookVersions).toEqual(['crown-melbourne-rapid']);
  });

  it('renders the PDF a regulator files: every section with its rule, money in dollars (pdftoppm pages left to look at)', () => {
    const poppler = spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdftoppm', ['-v']).status === 0;
    if (!poppler) return;
    const out = process.env.REPORT_PAGES_DIR ?? join(tmpdir(), 'report-pages');
    mkdirSync(out, { recursive: true });
    const pdf = join(out, 'vic-rapid.VIC.pdf');
    writeFileSync(pdf, report.pdf);
    expect(spawnSync('pdftoppm', ['-r', '80', '-png', pdf, join(out, 'vic-rapid.VIC')]).status).toBe(0);
    const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    for (const s of report.content.sections) expect(text).toContain(s.title.split(':')[0]);
    expect(text).toContain('1,290.00');
    expect(text).toContain('Rapid 13.3.1; Rapid 13.4');
    expect(text).toContain('Already in force');
    expect(text).not.toMatch(/Cents|\{"|[a-z][A-Z][a-z]+Id\b/);
  });

  it('Rapid 6.7.2(b), 11.11, 11.12: corrections after a cash-out in the PDF: paid out what was paid, the due reduced by its correction, what is owed by its change, each outcome of a round corrected twice, a correction\'s adjustment on one claim', () => {
    const of = () => corrections;
    expect(section('rapid-reconciliation', of).rows).toEqual([expect.objectContaining({ paidOutCents: 25_950 + 8_000 + 19_500 + 2_000, manualDueChangeCents: 0, differenceCents: 0, agrees: true })]);
    const t = corrections.content.totals;
    expect(t['rapid-claims.adjustmentCents']).toBe(8_050);
    expect(t['rapid-corrections.owedCents']).toBe(2_000);
    expect(t['rapid-manual-payments.dueCents']).toBe(25_950);
    expect(section('rapid-manual-payments', of).rows.map((r) => [r.record, r.dueCents])).toContainEqual(['Manual payment due reduced by a recalculation', -10_000]);
    // Rapid 11.15(a): round 11, voided whole by the game system, has its row between 10 and 12; Rapid 4.8.2(a), 11.11:
    // round 13's commission at settlement beside its credit, and the one kept after the adjustment beside the net after.
    const rounds = section('rapid-rounds', of).rows;
    expect(rounds.map((r) => r.round).filter((n) => ['10', '11', '12', '13'].includes(String(n)))).toEqual(['10', '11', '12', '13']);
    expect(rounds.find((r) => r.round === '11')).toMatchObject({ status: 'void', stakedCents: 0, creditedCents: 0, clause: 'Rapid 11.15(a)' });
    expect(rounds.find((r) => r.round === '13')).toMatchObject({ creditedCents: 3_900, commissionSettledCents: 100, commissionCents: 50, houseNetAfterCents: -950 });
    const poppler = spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdftoppm', ['-v']).status === 0;
    if (!poppler) return;
    const out = process.env.REPORT_PAGES_DIR ?? join(tmpdir(), 'report-pages');
    mkdirSync(out, { recursive: true });
    const pdf = join(out, 'vic-rapid-corrections.VIC.pdf');
    writeFileSync(pdf, corrections.pdf);
    expect(spawnSync('pdftoppm', ['-r', '80', '-png', pdf, join(out, 'vic-rapid-corrections.VIC')]).status).toBe(0);
    const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    for (const words of ['twice: entered Banker wins 7 to 6, then Player wins 5 to 4, then Banker wins 7 to 6', '$259.50 still due', "its adjustment is on claim CL1's row", 'before any payment', 'Freeze and correction', 'at settlement', 'after recalc.', 'Void: the game system']) expect(text).toContain(words);
    expect(text).not.toMatch(/Cents|\{"|[a-z][A-Z][a-z]+Id\b/);
  });

  it('Rapid 11.11 with 6.7.1, 13.4; 11.15(a): in the PDF each round its real figure: a set-off on the round it was set against, whatever the order the events came in; a round voided by the game system after its outcome shows void with the clause', () => {
    const of = () => figures;
    const rounds = section('rapid-rounds', of).rows;
    expect(rounds.map((r) => [r.round, r.status, r.houseNetCents, r.adjustmentCents, r.houseNetAfterCents])).toEqual([
      ['21', 'settled', -10_000, 20_000, 10_000],
      ['22', 'settled', 10_000, -20_000, -10_000],
      ['14', 'void', -1_900, 1_900, 0],
    ]);
    expect(rounds[2]).toMatchObject({ clause: 'Rapid 4.8; Rapid 11.15(a)' });
    expect(section('rapid-reconciliation', of).rows).toEqual([expect.objectContaining({ differenceCents: 0, agrees: true })]);
    const poppler = spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdftoppm', ['-v']).status === 0;
    if (!poppler) return;
    const out = process.env.REPORT_PAGES_DIR ?? join(tmpdir(), 'report-pages');
    mkdirSync(out, { recursive: true });
    const pdf = join(out, 'vic-rapid-round-figures.VIC.pdf');
    writeFileSync(pdf, figures.pdf);
    expect(spawnSync('pdftoppm', ['-r', '80', '-png', pdf, join(out, 'vic-rapid-round-figures.VIC')]).status).toBe(0);
    const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('recorded after Banker wins 7 to 6 was entered');
    expect(text).not.toMatch(/Cents|\{"|[a-z][A-Z][a-z]+Id\b/);
  });
});

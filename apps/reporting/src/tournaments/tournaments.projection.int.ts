import type { IntegrationEvent } from '@app/contracts';
import { createTestDatabase, integrationEventOf, TestDatabase } from '@app/testing';
import { REPORT_DEFINITIONS } from '../reports/report-definitions';
import { tournamentsReadModelProjection } from './tournaments.projection';

const envelope = (type: string, occurredAt: string, data: Record<string, unknown>, rulebookVersion = 'star-sydney-2024'): IntegrationEvent => ({
  ...integrationEventOf(type, data, { source: 'tournaments', streamId: `tournament-${data.tournamentId as string}`, streamType: 'tournament', occurredAt }),
  actor: { id: 'tm-1', role: 'tournament-director' },
  rulebookVersion,
});
const sectionOf = (kind: string) => REPORT_DEFINITIONS.find((d) => d.kind === kind)!.sections.find((s) => s.id === 'tournament-conduct')!;
const resultsOf = (kind: string) => REPORT_DEFINITIONS.find((d) => d.kind === kind)!.sections.find((s) => s.id === 'tournament-results')!;

/** The regulator's tournament report over the real read model: players eliminated for want of a session buy-in. */
describe('tournament records in the regulator reports (Star 15.6.2-15.6.3; Rapid 11.11, 12.3.2)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('tour_records', 2);
    const projection = tournamentsReadModelProjection();
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      // NSW gaming day 2026-03-02 (from 06:00 Sydney).
      await projection.apply(
        envelope('TournamentBuyInNotProvided', '2026-03-02T01:00:00.000Z', { tournamentId: 'cup', sessionId: 'final', entryIds: ['e4', 'e9'], refundCents: 0, eliminatedAt: '2026-03-02T01:00:00.000Z', clause: 'Star 2024 15.6.2; 15.6.3' }),
        client,
      );
      // A Rapid tournament at Crown Melbourne (VIC gaming day 2026-03-02): a corrected outcome and a refused seat.
      const rapid = { tournamentId: 'rapid-cup', sessionId: 's1', tableId: 'RA1', box: 3 };
      await projection.apply(
        envelope('TournamentChipsCorrected', '2026-03-02T02:00:00.000Z', { ...rapid, coupId: 'R7', correctionId: 'ev-9', entryId: 'e3', chipsBefore: 1000, movement: -400, chipsAfter: 600, unrecovered: 0, statusAfter: 'playing', chipsInPlayAfter: 5600, houseChipsAfter: 400, withdrawnChipsAfter: 0, issuedChips: 6000, correctedAt: '2026-03-02T02:00:00.000Z', clause: 'Rapid 11.11' }, 'crown-melbourne-rapid'),
        client,
      );
      await projection.apply(
        envelope('TournamentRapidNoticeRecorded', '2026-03-02T02:01:00.000Z', { ...rapid, entryId: 'e8', box: 8, kind: 'seat-refused', coupId: null, correctionId: null, movement: null, unrecovered: null, reason: 'no ATS free', notedAt: '2026-03-02T02:01:00.000Z', clause: 'Rapid 12.3.2; Rapid 12.2.1(i)' }, 'crown-melbourne-rapid'),
        client,
      );
      // A tournament at The Star on 15 May 2024, the day before Star 2024 took effect: held under Star 2021 (ILGA).
      await projection.apply(
        envelope('TournamentCancelled', '2024-05-15T03:00:00.000Z', { tournamentId: 'may-cup', reason: 'Storm', refunds: [{ entryId: 'e1', patronId: 'P1', refundCents: 10_000 }], cancelledAt: '2024-05-15T03:00:00.000Z', clause: 'Star 2021 15.3.4' }, 'star-sydney-2021'),
        client,
      );
      // Star 2024 15.5.1 / Crown Melbourne 14.2.4: ST-6 opened for T6 before T6 designated it, then designated and ready; ST-7 never designated.
      const misused = (tournamentId: string, tableId: string, at: string, clause: string, rulebook = 'star-sydney-2024') =>
        envelope('TournamentTableMisused', at, { tournamentId, tableId, problem: 'table-not-designated', notedAt: at, clause }, rulebook);
      await projection.apply(misused('T6', 'ST-6', '2026-03-03T01:00:00.000Z', 'Star 2024 15.5.1'), client);
      await projection.apply(misused('T7', 'ST-7', '2026-03-03T01:00:00.000Z', 'Star 2024 15.5.1'), client);
      await projection.apply(envelope('TournamentTableReady', '2026-03-03T01:05:00.000Z', { tournamentId: 'T6', tableId: 'ST-6', variant: 'traditional', offeredBets: [], clause: 'Star 2024 15.5.2' }), client);
      await projection.apply(misused('C6', 'MC-6', '2026-03-03T01:00:00.000Z', 'Crown Melbourne 14.2.4', 'crown-melbourne-v29'), client);
      await projection.apply(envelope('TournamentTableReady', '2026-03-03T01:05:00.000Z', { tournamentId: 'C6', tableId: 'MC-6', variant: 'traditional', offeredBets: [], clause: 'Crown Melbourne 14.2.5' }, 'crown-melbourne-v29'), client);
      // Star 2024 15.3.2, 15.5.7: a withdrawal within the period without penalty, one after it, and a retirement (NSW 2026-03-04).
      await projection.apply(envelope('TournamentEntryWithdrawn', '2026-03-04T01:00:00.000Z', { tournamentId: 'wd-cup', entryId: 'e1', patronId: 'P1', refundCents: 20_000, prizePoolAfterCents: 40_000, withdrawnAt: '2026-03-04T01:00:00.000Z', clause: 'Star 2024 15.4.2(g)' }), client);
      await projection.apply(envelope('TournamentEntryWithdrawn', '2026-03-04T02:00:00.000Z', { tournamentId: 'wd-cup', entryId: 'e2', patronId: 'P2', refundCents: 0, prizePoolAfterCents: 40_000, withdrawnAt: '2026-03-04T02:00:00.000Z', clause: 'Star 2024 15.3.2' }), client);
      await projection.apply(envelope('TournamentPlayerRetired', '2026-03-04T03:00:00.000Z', { tournamentId: 'wd-cup', sessionId: 'heat-1', entryId: 'e3', patronId: 'P3', chipsWithdrawn: 700, refundCents: 5_000, prizePoolAfterCents: 35_000, retiredAt: '2026-03-04T03:00:00.000Z', clause: 'Star 2024 15.4.2(h)' }), client);
      await projection.apply(envelope('TournamentEntrySubstituted', '2026-03-04T00:30:00.000Z', { tournamentId: 'wd-cup', entryId: 'e4', previousPatronId: 'P4', patronId: 'P9', substitutedAt: '2026-03-04T00:30:00.000Z', clause: 'Star 2024 15.4.2(g)' }), client);
      // Crown Melbourne 14.4.2(d), 14.4.7, 14.4.8(b)(vi): five fees of $100 in the pool, a withdrawal within the period
      // refunded in full, a retirement refunded half, then the prizes with one place unfilled (VIC 2026-03-05).
      const crown = 'crown-melbourne-v29';
      const vic = (type: string, at: string, data: Record<string, unknown>) => envelope(type, at, { tournamentId: 'vic-cup', ...data }, crown);
      await projection.apply(vic('TournamentTermsPublished', '2026-03-01T01:00:00.000Z', { name: 'Autumn Cup', rulebookId: crown, jurisdiction: 'VIC', terms: { prizePool: { addedValueCents: 0, entryFeesIncluded: true, guaranteedCents: null, minimumEntries: null } }, regulatorApproval: null, publishedAt: '2026-03-01T01:00:00.000Z', clause: 'Crown Melbourne 14.4.1' }), client);
      await projection.apply(vic('TournamentEntryWithdrawn', '2026-03-05T01:00:00.000Z', { entryId: 'e1', patronId: 'P1', refundCents: 10_000, prizePoolAfterCents: 40_000, withdrawnAt: '2026-03-05T01:00:00.000Z', clause: 'Crown Melbourne 14.4.2(d)' }), client);
      await projection.apply(vic('TournamentPlayerRetired', '2026-03-05T03:00:00.000Z', { sessionId: 'h1', entryId: 'e2', patronId: 'P2', chipsWithdrawn: 600, refundCents: 5_000, prizePoolAfterCents: 35_000, retiredAt: '2026-03-05T03:00:00.000Z', clause: 'Crown Melbourne 14.4.8(b)(vi)' }), client);
      await projection.apply(
        vic('TournamentPrizesDistributed', '2026-03-05T06:00:00.000Z', {
          prizePoolCents: 35_000,
          payments: [{ place: 1, entryId: 'e3', patronId: 'P3', amountCents: 17_500 }, { place: 2, entryId: 'e4', patronId: 'P4', amountCents: 10_500 }],
          totalCents: 28_000,
          unfilled: [{ place: 3, basisPoints: 2_000, amountCents: 7_000 }],
          unfilledCents: 7_000,
          collectedCents: 35_000,
          guaranteedCents: null,
          distributedAt: '2026-03-05T06:00:00.000Z',
          clause: 'Crown Melbourne 14.4.7',
        }),
        client,
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  afterAll(async () => db?.drop());

  it('Star 15.6.3: a player who did not provide a session buy-in is listed as eliminated without refund, with the clause', async () => {
    const section = sectionOf('nsw-tournaments');
    const { section: result } = await section.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period: { type: 'gaming-day', value: '2026-03-02', firstDay: '2026-03-02', lastDay: '2026-03-02' } });
    expect(result.clause).toContain('15.6.2-15.6.3');
    expect(result.rows).toEqual([
      expect.objectContaining({
        tournamentId: 'cup',
        type: 'TournamentBuyInNotProvided',
        gamingDay: '2026-03-02',
        amountCents: 0,
        clause: 'Star 2024 15.6.2; 15.6.3',
        summary: 'Session final: e4, e9 eliminated, the session buy-in not provided (refund 0 cents)',
      }),
    ]);
  });

  it('Star 15.3.2, 15.4.2(g)-(h): substitutions, withdrawals and retirements are conduct records with the refund each was given, a late withdrawal with none, and the refunds add up', async () => {
    const section = sectionOf('nsw-tournaments');
    const { section: result } = await section.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period: { type: 'gaming-day', value: '2026-03-04', firstDay: '2026-03-04', lastDay: '2026-03-04' } });
    expect(result.rows).toEqual([
      expect.objectContaining({ tournamentId: 'wd-cup', type: 'TournamentEntryWithdrawn', amountCents: 20_000, clause: 'Star 2024 15.4.2(g)', summary: 'Entry e1 (patron P1) withdrew: 20000 cents of the entry fee refunded; the pool, net of refunds, holds 40000 cents. Pool account: taken into the pool 60000 cents (gross) - refunded 20000 cents (withdrawals 20000 cents) = the pool, net of refunds, 40000 cents' }),
      expect.objectContaining({ tournamentId: 'wd-cup', type: 'TournamentEntryWithdrawn', amountCents: 0, clause: 'Star 2024 15.3.2', summary: 'Entry e2 (patron P2) withdrew: nothing refunded, the entry fee kept in the pool; the pool, net of refunds, holds 40000 cents. Pool account: taken into the pool 60000 cents (gross) - refunded 20000 cents (withdrawals 20000 cents) = the pool, net of refunds, 40000 cents' }),
      expect.objectContaining({ tournamentId: 'wd-cup', type: 'TournamentPlayerRetired', amountCents: 5_000, clause: 'Star 2024 15.4.2(h)', summary: 'Entry e3 (patron P3) retired in session heat-1, 700 chips withdrawn: 5000 cents refunded; the pool, net of refunds, holds 35000 cents. Pool account: taken into the pool 60000 cents (gross) - refunded 25000 cents (withdrawals 20000 cents, retirements 5000 cents) = the pool, net of refunds, 35000 cents' }),
      expect.objectContaining({ tournamentId: 'wd-cup', type: 'TournamentEntrySubstituted', amountCents: null, summary: 'Entry e4: patron P9 plays in the stead of patron P4' }),
    ]);
  });

  it('Crown Melbourne 14.4.2(d), 14.4.7, 14.4.8(b)(vi): the VIC report states the fees taken (gross), the refunds by cause, the pool net of refunds, and the prizes paid and unpaid, adding up to the cent', async () => {
    const period = { type: 'gaming-day' as const, value: '2026-03-05', firstDay: '2026-03-05', lastDay: '2026-03-05' };
    const ctx = { pool: db.pool, schema: 'reporting', jurisdiction: 'VIC', period };
    const { section: conduct } = await sectionOf('vic-tournaments').query(ctx);
    expect(conduct.rows.map((r) => r.summary)).toEqual([
      'Entry e1 (patron P1) withdrew: 10000 cents of the entry fee refunded; the pool, net of refunds, holds 40000 cents. Pool account: fees taken 50000 cents (gross: entry fees, and buy-ins and re-buys the terms put in the pool) + value the casino added 0 cents - refunded 10000 cents (withdrawals 10000 cents) = the pool, net of refunds, 40000 cents',
      'Entry e2 (patron P2) retired in session h1, 600 chips withdrawn: 5000 cents refunded; the pool, net of refunds, holds 35000 cents. Pool account: fees taken 50000 cents (gross: entry fees, and buy-ins and re-buys the terms put in the pool) + value the casino added 0 cents - refunded 15000 cents (withdrawals 10000 cents, retirements 5000 cents) = the pool, net of refunds, 35000 cents',
    ]);
    const { section: results } = await resultsOf('vic-tournaments').query(ctx);
    expect(results.rows[0].summary).toContain(
      'Pool account: fees taken 50000 cents (gross: entry fees, and buy-ins and re-buys the terms put in the pool) + value the casino added 0 cents - refunded 15000 cents (withdrawals 10000 cents, retirements 5000 cents) = the pool, net of refunds, 35000 cents; paid 28000 cents + unpaid 7000 cents = 35000 cents',
    );
    expect(results.rows[0].summary).not.toContain('has collected');
  });

  it('Rapid 11.11, 12.3.2: the VIC report lists tournament chips moved by a corrected Rapid outcome and a seat the Rapid table could not give, each with its clause; the NSW report does not', async () => {
    const period = { type: 'gaming-day' as const, value: '2026-03-02', firstDay: '2026-03-02', lastDay: '2026-03-02' };
    const { section: vic } = await sectionOf('vic-tournaments').query({ pool: db.pool, schema: 'reporting', jurisdiction: 'VIC', period });
    expect(vic.clause).toContain('Rapid 11.11');
    expect(vic.rows).toEqual([
      expect.objectContaining({ tournamentId: 'rapid-cup', type: 'TournamentChipsCorrected', clause: 'Rapid 11.11', summary: 'Table RA1 coup R7 corrected: entry e3 -400 chips (1000 to 600), playing' }),
      expect.objectContaining({ tournamentId: 'rapid-cup', type: 'TournamentRapidNoticeRecorded', clause: 'Rapid 12.3.2; Rapid 12.2.1(i)', summary: 'Table RA1 session s1: entry e8, no ATS seat (no ATS free)' }),
    ]);
    const { section: nsw } = await sectionOf('nsw-tournaments').query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(nsw.rows.map((r) => r.tournamentId)).toEqual(['cup']);
  });
  it('Star 2024 15.5.1 / Crown Melbourne 14.2.4: a table opened for a tournament before it designated it, then designated before any play, is not reported as misused; one never designated still is', async () => {
    const period = { type: 'gaming-day' as const, value: '2026-03-03', firstDay: '2026-03-03', lastDay: '2026-03-03' };
    const { section: nsw } = await sectionOf('nsw-tournaments').query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(nsw.rows.map((r) => [r.tournamentId, r.type, r.summary])).toEqual([['T7', 'TournamentTableMisused', 'Table ST-7: table-not-designated']]);
    const { section: vic } = await sectionOf('vic-tournaments').query({ pool: db.pool, schema: 'reporting', jurisdiction: 'VIC', period });
    expect(vic.rows).toEqual([]);
  });
  it('cites a tournament held under Star 2021 against Star 2021 and the ILGA in the NSW report, not the edition in force today (Star 2021 15.3.4)', async () => {
    const period = { type: 'gaming-day' as const, value: '2024-05-15', firstDay: '2024-05-15', lastDay: '2024-05-15' };
    const { section, rulebooks } = await sectionOf('nsw-tournaments').query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(section.clause).toContain('Star 2021 15.3.4');
    expect(section.clause).not.toContain('Star 2024');
    expect(rulebooks).toEqual(['star-sydney-2021']);
    expect(section.rows).toEqual([expect.objectContaining({ tournamentId: 'may-cup', clause: 'Star 2021 15.3.4', rulebook: 'Star 2021', regulator: 'ILGA' })]);
  });
});

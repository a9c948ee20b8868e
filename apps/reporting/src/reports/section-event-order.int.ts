import type { IntegrationEvent } from '@app/contracts';
import { createTestDatabase, integrationEventOf, TestDatabase } from '@app/testing';
import { promotionNoticesSection } from '../promotions/promotion-notices-section';
import { PromotionNoticesProjection } from '../promotions/promotion-notices.projection';
import { tournamentRecordsSection } from '../tournaments/tournaments-section';
import { tournamentsReadModelProjection } from '../tournaments/tournaments.projection';
import { ReportPeriod } from './report.types';

const DAY = '2026-03-02';
const period: ReportPeriod = { type: 'gaming-day', value: DAY, firstDay: DAY, lastDay: DAY };
const at = (tx: number, pos: number) => ({ position: { transactionId: String(tx), position: String(pos) } });
// NSW gaming day 2026-03-02 (from 06:00 Sydney): both events that day; the later one is transaction 1000.
const published = (name: string, tx: number, pos: number): IntegrationEvent => ({
  ...integrationEventOf('TournamentTermsPublished', { tournamentId: 'cup', name, publishedAt: '2026-03-02T01:00:00.000Z', clause: 'Star 2024 15.4.1' }, { source: 'tournaments', occurredAt: '2026-03-02T01:00:00.000Z', ...at(tx, pos) }),
  rulebookVersion: 'star-sydney-2024',
});
const lodged = (version: number, tx: number, pos: number): IntegrationEvent =>
  integrationEventOf(
    'PromotionTermsLodged',
    { promotionId: 'winter', termsVersion: version, regulator: 'NICC', lodgedAt: '2026-03-02T01:00:00.000Z', hoursBeforeStart: 48, resubmission: version > 1, clause: 'Star 2024 16.12' },
    { source: 'promotions', occurredAt: '2026-03-02T01:00:00.000Z', ...at(tx, pos) },
  );

/**
 * A regulator reads the tournament and promotion records in the order they happened: the source's order, by
 * (transaction id, position) as numbers. Ordering on the text copies put transaction 1000 before 999.
 */
describe('tournament and promotion sections list their records in event order, across transaction 999 to 1000 (Star 2024 15.4.1, 16.12)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('section_order', 2);
    const tournaments = tournamentsReadModelProjection();
    const promotions = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await tournaments.setup(client);
      await promotions.setup(client);
      for (const e of [published('first', 999, 9), published('second', 1000, 10)]) await tournaments.apply(e, client);
      for (const e of [lodged(1, 999, 9), lodged(2, 1000, 10)]) await promotions.apply(e, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  afterAll(async () => db?.drop());

  it('Star 2024 15.4.1: the tournament notices, the terms published at transaction 999 before those at 1000', async () => {
    const section = tournamentRecordsSection('tournament-notices', 'Tournament terms and notices to the regulator', 'Star 2024 15.4.1', ['TournamentTermsPublished']);
    const { section: result } = await section.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(result.rows.map((r) => r.summary)).toEqual(['Terms published: first', 'Terms published: second']);
  });

  it('Star 2024 16.12: the promotion notices, the terms lodged at transaction 999 before the resubmission at 1000', async () => {
    const { section } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(section.rows.map((r) => r.kind)).toEqual(['terms-lodged', 'terms-resubmitted']);
  });
});

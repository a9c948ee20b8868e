import { PostgresEventStore, NewEvent } from '@app/event-store';
import { migrateMessaging } from '@app/messaging';
import { createTestDatabase, TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { uuidFrom } from '../../../../test/reporting/support/simulated-play';
import { rebuildReadModels } from '../read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../read-model/tables-read-models.projection';
import { defaultJackpotsSource, defaultTablesSource } from '../reporting.module';
import { ReportService } from '../reports/report.service';
import { jackpotsReadModelProjection } from './jackpots.projection';

const event = (n: number, type: string, data: Record<string, unknown>, occurredAt: string): NewEvent => {
  const id = uuidFrom(`contribution-day:${n}`);
  return {
    eventId: id,
    type,
    schemaVersion: 1,
    data: { jackpotId: 'LT-9', ...data },
    metadata: { actor: { id: 'jackpot-system', role: 'jackpot-console' }, commandId: id, correlationId: id, causationId: null, rulebookVersion: 'crown-melbourne-v29' },
    occurredAt,
  };
};

// Melbourne is UTC+11 in March: the gaming day 2025-03-03 ends at 06:00 local on 03-04, 2025-03-03T19:00Z.
const created = '2025-03-03T08:00:00.000Z';
const coupCompletedAt = '2025-03-03T18:59:50.000Z';
const recordedAt = '2025-03-03T19:00:10.000Z';

describe('jackpot contributions by gaming day', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_jp_day');
    await migrateMessaging(db.pool);
    await new PostgresEventStore(db.pool, 'tables').migrate();
    const jackpots = new PostgresEventStore(db.pool, 'jackpots');
    await jackpots.migrate();
    const params = { seedCents: 1000000, contributionCents: 500, option: '1', percentOfMeter: { 'lucky-tie': 100 }, division: 'equal', roundingUnitCents: 100 };
    await jackpots.append('jackpot-LT-9', 'jackpot', 'any', [
      event(0, 'JackpotCreated', { meterBeforeCents: 0, meterAfterCents: 1000000, name: 'Lucky Tie', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', tableIds: ['MEL-1'], parameters: params, notifiedToRegulatorAt: created, createdAt: created, clause: 'Crown Melbourne 13.4.1' }, created),
      event(1, 'ContributionRecorded', { meterBeforeCents: 1000000, meterAfterCents: 1000500, tableId: 'MEL-1', shoeId: 'S1', coupId: 'C1', coupNumber: 1, amountCents: 500, sourceEventId: uuidFrom('late-coup'), coupCompletedAt, recordedAt, clause: 'Crown Melbourne 13.4.2' }, recordedAt),
    ]);
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [defaultTablesSource(db.pool)]);
    await rebuildReadModels(db.pool, jackpotsReadModelProjection(), [defaultJackpotsSource(db.pool)]);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('Crown Melbourne 13.4.1-13.4.2: a contribution counts in the gaming day its coup completed in, though the jackpot service recorded it after 06:00', async () => {
    const reports = new ReportService(db.pool);
    const reconciliation = async (day: string) => (await reports.content('vic-jackpot', 'VIC', day)).content.sections.find((s) => s.id === 'meter-reconciliation')!.rows;
    expect(await reconciliation('2025-03-03')).toEqual([expect.objectContaining({ jackpotId: 'LT-9', contributionsCents: 500, closingMeterCents: 1000500, reconciles: true })]);
    expect(await reconciliation('2025-03-04')).toEqual([]);
  });
});

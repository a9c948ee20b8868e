import { createTestDatabase, TestDatabase } from '@app/testing';
import { ReportService } from './report.service';
import { ReportPeriod, SourceSpan } from './report.types';
import { betStatisticsSection, tableStatisticsSection } from './statistics-section';

const DAY = '2025-03-03';
const period: ReportPeriod = { type: 'gaming-day', value: DAY, firstDay: DAY, lastDay: DAY };

/**
 * A statistics section names the first and last event (transaction id, position) it was built from, so a
 * regulator can replay exactly those events. Transaction ids and positions are numbers: 999 comes before 1000
 * and position 9 before 10, and the start and the end are each one event, never a transaction id of one span
 * with the position of another.
 */
describe('the provenance of the table statistics sections: first and last event compared as numbers', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('stats_provenance', 2);
    await new ReportService(db.pool).migrate();
    // Four NSW tables that day and a VIC table whose spans must not count.
    await db.pool.query(
      `INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, coups) VALUES
         ('BAC-1', $1, 'day', 'NSW', 3), ('BAC-2', $1, 'day', 'NSW', 2), ('BAC-3', $1, 'night', 'NSW', 1), ('BAC-4', $1, 'day', 'NSW', 1), ('MEL-1', $1, 'day', 'VIC', 4)`,
      [DAY],
    );
    const span = (tableId: string, from: [number, number], to: [number, number], events: number) => [tableId, DAY, from[0], from[1], to[0], to[1], events];
    for (const row of [
      // The earliest event: transaction 999 (three digits), position 9 (one digit).
      span('BAC-1', [999, 9], [999, 95], 4),
      // Same first transaction, a later position that sorts first as text ("10" < "9").
      span('BAC-2', [999, 10], [1000, 7], 3),
      // The latest event: transaction 1023 (four digits), which sorts before 999 as text; its position 100 before 99.
      span('BAC-3', [1000, 8], [1023, 100], 5),
      // Ends in the same transaction at an earlier position: the end stays position 100, not 99.
      span('BAC-4', [1001, 1], [1023, 99], 2),
      span('MEL-1', [5, 1], [99_999, 99_999], 9),
    ]) {
      await db.pool.query(
        `INSERT INTO reporting.source_spans (read_model, table_id, gaming_day, source, from_tx, from_pos, to_tx, to_pos, events) VALUES ('table_stats', $1, $2, 'tables', $3, $4, $5, $6, $7)`,
        row,
      );
    }
  });
  afterAll(async () => db?.drop());

  const expected: SourceSpan = { source: 'tables', fromTransactionId: '999', fromPosition: '9', toTransactionId: '1023', toPosition: '100', events: 14 };

  it.each([
    ['table statistics by table and shift', tableStatisticsSection],
    ['turnover and win/loss by bet type', betStatisticsSection],
  ])('%s: from (999, 9) to (1023, 100), across the digit boundaries of transaction id and position', async (_name, section) => {
    const { spans } = await section.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(spans).toEqual([expected]);
  });
});

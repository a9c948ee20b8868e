import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { dumpReadModels } from './support/reporting-world';
import { storedTableEvents } from './support/stored-table-events';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { AREA_MANAGER, DEALER, HASH, T0, deal, openCrown, play } from '../../apps/tables/src/table/table-fixtures';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';

/**
 * Crown Melbourne 9.3.1(a): deferred commission is settled at the completion of each shoe, unless Crown Management
 * decides otherwise (9.3.1(a)(iii)). When a manager lets a box's debt carry into the next shoe and the box defers
 * more there, the tables service settles the box's whole debt in one CommissionSettled naming the newer shoe. The
 * ledger must still pay off the shoe each cent was deferred in, oldest first, or the old shoe owes forever.
 */
describe('deferred commission carried into the next shoe under a manager override (Crown Melbourne 9.3.1(a))', () => {
  let db: TestDatabase;

  const shoe = (shoeId: string, override: boolean): TableCommand[] => [
    override
      ? { type: 'StartShoe', actor: AREA_MANAGER, now: T0, shoeId, cards: 'new', commitmentHash: HASH, overrideOutstandingCommission: true, reason: 'player is still at the table' }
      : { type: 'StartShoe', actor: DEALER, now: T0, shoeId, cards: 'new', commitmentHash: HASH },
    { type: 'CutShoe', actor: DEALER, now: T0, cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 20 },
    { type: 'BurnCards', actor: DEALER, now: T0, method: 'standard', count: 1 },
  ];
  // A Banker natural 9 against 5: box 1 wins `amountCents`, 5% commission deferred (9.3.1(b)).
  const bankerWin = (coupId: string, amountCents: number, cutCardAfterTwoCards = false): TableCommand[] => [
    { type: 'StartCoup', actor: DEALER, now: T0, coupId },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents }] },
    ...deal(coupId, ['2H', '9C']),
    ...(cutCardAfterTwoCards ? [{ type: 'ReportCutCard', actor: DEALER, now: T0 } as const] : []),
    ...deal(coupId, ['3D', 'KS']),
  ];
  // A tie without wagers: the last coup of a shoe whose cutting card came out in the coup before (Crown Melbourne 7.3.4).
  const lastCoup = (coupId: string): TableCommand[] => [{ type: 'StartCoup', actor: DEALER, now: T0, coupId }, ...deal(coupId, ['4H', '4C', '5D', '5S'])];

  const events = play([
    openCrown({ tableId: 'T1' }),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
    { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
    ...shoe('shoe-1', false),
    ...bankerWin('c1', 10000, true), // 500 deferred in shoe 1
    ...lastCoup('c2'),
    ...shoe('shoe-2', true), // the 500 carried over with the area manager's approval
    ...bankerWin('c3', 4000, true), // 200 more deferred, in shoe 2
    ...lastCoup('c4'),
    { type: 'SettleCommission', actor: DEALER, now: T0, box: 1, trigger: 'end-of-shoe', method: 'collected' },
    ...shoe('shoe-3', false),
  ]);

  beforeAll(async () => {
    db = await createTestDatabase('reporting_carried_commission');
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append('table-T1', 'table', 'any', storedTableEvents(1, events));
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('the tables service settles the whole carried debt in one event naming the newer shoe (what the ledger has to allocate)', () => {
    const settled = events.filter((e) => e.type === 'CommissionSettled');
    expect(settled).toEqual([expect.objectContaining({ shoeId: 'shoe-2', box: 1, amountCents: 700 })]);
  });

  it('books the collection to the shoe each cent was deferred in: the carried shoe is paid off, nothing is outstanding', async () => {
    const { rows } = await db.pool.query(
      `SELECT shoe_id, box, patron_id, deferred_cents::int AS deferred, collected_cents::int AS collected, waived_cents::int AS waived,
              (deferred_cents - collected_cents - waived_cents)::int AS outstanding
         FROM reporting.commission_ledger WHERE table_id = 'T1' ORDER BY shoe_id`,
    );
    expect(rows).toEqual([
      { shoe_id: 'shoe-1', box: 1, patron_id: 'patron-ann', deferred: 500, collected: 500, waived: 0, outstanding: 0 },
      { shoe_id: 'shoe-2', box: 1, patron_id: 'patron-ann', deferred: 200, collected: 200, waived: 0, outstanding: 0 },
    ]);
  });

  it('records one collected movement per shoe paid off, the carried shoe first, each with who collected it', async () => {
    const { rows } = await db.pool.query(
      `SELECT shoe_id, kind, amount_cents::int AS amount, trigger, actor_role FROM reporting.commission_movements WHERE table_id = 'T1' AND kind = 'collected' ORDER BY source_pos, seq`,
    );
    expect(rows).toEqual([
      { shoe_id: 'shoe-1', kind: 'collected', amount: 500, trigger: 'end-of-shoe', actor_role: 'dealer' },
      { shoe_id: 'shoe-2', kind: 'collected', amount: 200, trigger: 'end-of-shoe', actor_role: 'dealer' },
    ]);
  });

  it('keeps the approved carry-over as the one 9.3.1(a) exception, and shoe 3 starts with nothing owed', async () => {
    const { rows } = await db.pool.query(
      `SELECT shoe_id, previous_shoe_id, kind, outstanding_cents::int AS outstanding, approved_by, clause FROM reporting.commission_exceptions WHERE table_id = 'T1'`,
    );
    expect(rows).toEqual([
      { shoe_id: 'shoe-2', previous_shoe_id: 'shoe-1', kind: 'carried-over-with-approval', outstanding: 500, approved_by: AREA_MANAGER.id, clause: 'Crown Melbourne 9.3.1(a)' },
    ]);
    const directory = await db.pool.query(`SELECT outstanding_cents::int AS outstanding FROM reporting.table_directory WHERE table_id = 'T1'`);
    expect(directory.rows).toEqual([{ outstanding: 0 }]);
  });

  it('rebuilds the same ledger event by event as in one batch', async () => {
    const batched = await dumpReadModels(db.pool);
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)], 1);
    expect(await dumpReadModels(db.pool)).toEqual(batched);
  });
});

import type { NewEvent } from '@app/event-store';
import { uuidFrom } from './simulated-play';

/** A Lucky Tie jackpot's events (libs/contracts/src/jackpots.events.ts) with a continuous meter chain. */
export function simulateJackpot(o: { jackpotId?: string; tableId: string; contributions: number; start?: string }): { streamId: string; events: NewEvent[]; meterCents: number } {
  const jackpotId = o.jackpotId ?? 'LT-1';
  const events: NewEvent[] = [];
  let meter = 0;
  let n = 0;
  let ms = Date.parse(o.start ?? '2025-03-03T08:00:30.000Z');
  const push = (type: string, data: (at: string) => Record<string, unknown>, actor = { id: 'jackpot-system', role: 'jackpot-console' }) => {
    const id = uuidFrom(`${jackpotId}:${n++}`);
    const at = new Date((ms += 60000)).toISOString();
    events.push({ eventId: id, type, schemaVersion: 1, data: { jackpotId, ...data(at) }, metadata: { actor, commandId: id, correlationId: id, causationId: null, rulebookVersion: 'crown-melbourne-v29' }, occurredAt: at });
  };
  const move = (delta: number) => {
    const before = meter;
    meter += delta;
    return { meterBeforeCents: before, meterAfterCents: meter };
  };
  const params = { seedCents: 1000000, contributionCents: 500, option: '1', percentOfMeter: { 'lucky-tie': 100 }, division: 'equal', roundingUnitCents: 100 };
  const created = move(1000000);
  push('JackpotCreated', ((at: string) => ({ ...created, name: 'Lucky Tie', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', tableIds: [o.tableId], parameters: params, notifiedToRegulatorAt: at, createdAt: at, clause: 'Crown Melbourne 13.4.1' })) );
  for (let i = 1; i <= o.contributions; i++) {
    const m = move(500);
    push('ContributionRecorded', ((at: string) => ({ ...m, tableId: o.tableId, shoeId: 'S1', coupId: `C${i}`, coupNumber: i, amountCents: 500, sourceEventId: uuidFrom(`coup:${i}`), coupCompletedAt: at, recordedAt: at, clause: 'Crown Melbourne 13.4.2' })) );
  }
  // A dealing-shoe fault: the table leaves the jackpot until it is fixed (Crown Melbourne 13.4.9(a)); the meter does not move.
  const manager = { id: 'manager-1', role: 'area-manager' };
  push('TableSuspended', ((at: string) => ({ tableId: o.tableId, reason: 'Dealing shoe fault', suspendedAt: at, clause: 'Crown Melbourne 13.4.9(a)' })), manager);
  push('TableResumed', ((at: string) => ({ tableId: o.tableId, reason: 'Dealing shoe replaced', resumedAt: at, clause: 'Crown Melbourne 13.4.9(a)' })), manager);
  const adj = move(-1500);
  push('MeterAdjusted', ((at: string) => ({ ...adj, amountCents: -1500, reason: 'Contribution recorded twice during shoe fault', adjustedAt: at, clause: 'Crown Melbourne 13.4.9' })), { id: 'manager-1', role: 'area-manager' });
  const payout = meter;
  push('HitConfirmed', ((at: string) => ({ hitId: 'H1', tableId: o.tableId, coupId: 'C3', sequence: 1, outcome: 'lucky-tie', percentOfMeter: 100, meterCents: payout, roundedMeterCents: payout, payoutCents: payout, mismatchAcknowledged: false, reason: null, notify: 'casino-manager', confirmedAt: at, clause: 'Crown Melbourne 13.4.5' })), { id: 'manager-1', role: 'area-manager' });
  const paid = move(-payout);
  push('JackpotPaid', ((at: string) => ({ ...paid, hitId: 'H1', tableId: o.tableId, coupId: 'C3', division: 'equal', totalCents: payout, shares: [{ wagerId: 'W1', box: 1, patronId: 'P1', tieWagerCents: 5000, amountCents: payout }], paidAt: at, clause: 'Crown Melbourne 13.4.6' })) );
  const reset = move(1000000);
  push('MeterReset', ((at: string) => ({ ...reset, hitId: 'H1', resetToCents: 1000000, fundedCents: 1000000, resetAt: at, clause: 'Crown Melbourne 13.4.1' })) );
  return { streamId: `jackpot-${jackpotId}`, events, meterCents: meter };
}

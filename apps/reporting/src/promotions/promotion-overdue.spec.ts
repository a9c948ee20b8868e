import { overdueAsOf, type OwedNoticeRow } from './promotion-overdue';

const row = (kind: string, at: string, data: Record<string, unknown>, clause = 'Star 2024 16.12.1'): OwedNoticeRow => ({ event_id: `${kind}-${at}`, promotion_id: 'L1', rulebook_id: 'star-sydney-2021', kind, clause, at, data });

describe('Star 16.12.1: a resubmission never made is listed pending', () => {
  it('Star 2024 16.12.1: terms amended after commencement and not resubmitted are listed "terms-resubmission-pending" with no due time until resubmitted', () => {
    const amended = row('terms-amended', '2026-03-01T00:00:00.000Z', { termsVersion: 2, afterCommencement: true, resubmissionRequired: true });
    expect(overdueAsOf([amended], Date.parse('2026-03-31T12:59:59.999Z'))).toEqual([
      { promotionId: 'L1', kind: 'terms-resubmission-pending', rulebookId: 'star-sydney-2021', termsVersion: 2, dueBy: null, clause: 'Star 2024 16.12.1', since: '2026-03-01T00:00:00.000Z' },
    ]);
    const resubmitted = row('terms-resubmitted', '2026-03-02T00:00:00.000Z', { resubmission: true, termsVersion: 2 });
    expect(overdueAsOf([amended, resubmitted], Date.parse('2026-03-31T12:59:59.999Z'))).toEqual([]);
    // Before the resubmission was recorded, it was pending.
    expect(overdueAsOf([amended, resubmitted], Date.parse('2026-03-01T12:00:00.000Z')).map((o) => o.kind)).toEqual(['terms-resubmission-pending']);
    // An amendment needing none is not listed.
    expect(overdueAsOf([row('terms-amended', '2026-03-01T00:00:00.000Z', { termsVersion: 2, afterCommencement: true, resubmissionRequired: false })], Date.parse('2026-03-31T00:00:00.000Z'))).toEqual([]);
  });
});

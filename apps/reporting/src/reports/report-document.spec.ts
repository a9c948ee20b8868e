import { REPORT_DEFINITIONS } from './report-definitions';
import { describe as particulars } from './particulars';
import { contentTotals, dollars, inWords, localTime, percentOf } from './report-document';

describe('how a regulator report reads', () => {
  it.each([
    [87_758_500, '877,585.00'],
    [100_000_000_00, '100,000,000.00'],
    [-1500, '-15.00'],
    [5, '0.05'],
    [0, '0.00'],
  ])('%i cents read as %s dollars, with thousands separators', (cents, text) => expect(dollars(cents)).toBe(text));

  it.each([
    [452, '4.52'],
    [-833, '-8.33'],
    [5, '0.05'],
    [10_000, '100.00'],
  ])('hold of %i basis points reads as %s percent', (bps, text) => expect(percentOf(bps)).toBe(text));

  it('times read in the jurisdiction’s zone, daylight time included', () => {
    expect(localTime('2025-03-03T10:00:00.000Z', 'Australia/Sydney')).toBe('2025-03-03 21:00:00');
    expect(localTime('2025-06-03T10:00:00.000Z', 'Australia/Sydney')).toBe('2025-06-03 20:00:00');
  });

  it('codes read as words', () => {
    expect([inWords('foreign-card'), inWords('JackpotPaid'), inWords('terms-resubmitted')]).toEqual(['Foreign card', 'Jackpot paid', 'Terms resubmitted']);
  });

  it('Crown Melbourne 13.4.1: the jackpot report totals what was paid and the net meter change, never the meter before, after, opening or closing', () => {
    const { sections } = REPORT_DEFINITIONS.find((d) => d.kind === 'vic-jackpot')!;
    const row = { type: 'JackpotPaid', amountCents: 10_045_00, meterChangeCents: -10_045_00, meterBeforeCents: 10_045_00, meterAfterCents: 0 };
    const recon = { jackpotId: 'LT-1', openingMeterCents: 0, closingMeterCents: 1_000_000, contributionsCents: 6000 };
    const totals = contentTotals(sections, [
      { id: 'jackpot-payouts', title: '', clause: '', columns: Object.keys(row), rows: [row, row] },
      { id: 'meter-reconciliation', title: '', clause: '', columns: Object.keys(recon), rows: [recon] },
    ]);
    expect(totals).toEqual({ 'jackpot-payouts.rows': 2, 'jackpot-payouts.amountCents': 20_090_00, 'jackpot-payouts.meterChangeCents': -20_090_00, 'meter-reconciliation.rows': 1 });
  });

  it('Crown Melbourne 13.4.1(a): the facts of an event read as a sentence, not JSON: dollars, shares in percent, local times, lists', () => {
    const facts = { name: 'Lucky Tie', tableIds: ['MEL-1', 'MEL-2'], parameters: { seedCents: 1_000_000, percentOfMeter: { 'lucky-tie': 100 }, roundingUnitCents: 100 }, notifiedToRegulatorAt: '2025-03-03T08:01:30.000Z', mismatchAcknowledged: false, reason: null };
    expect(particulars(facts, 'Australia/Melbourne')).toBe(
      'name: Lucky Tie; table ids: MEL-1, MEL-2; parameters: (seed: $10,000.00; percent of meter: (lucky tie: 100%); rounding unit: $1.00); notified to regulator at: 2025-03-03 19:01:30; mismatch acknowledged: no',
    );
  });
});

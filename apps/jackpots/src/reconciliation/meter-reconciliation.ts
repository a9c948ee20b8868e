import type { StoredEvent } from '@app/event-store';

/** Sums of every kind of meter movement in a jackpot's history, and whether they account for the meter. */
export interface MeterReconciliation {
  readonly jackpotId: string;
  readonly events: number;
  readonly seedCents: number;
  readonly contributionsCents: number;
  readonly contributionCount: number;
  readonly reversalsCents: number;
  readonly backfillsCents: number;
  readonly payoutsCents: number;
  readonly adjustmentsCents: number;
  readonly resetFundingCents: number;
  /** seed + contributions - reversals + backfills - payouts + adjustments + reset funding. */
  readonly expectedMeterCents: number;
  readonly meterCents: number;
  /** Every event's meter-before equals the previous meter-after, and the sums equal the meter. */
  readonly balanced: boolean;
  readonly breaks: readonly { readonly version: number; readonly type: string; readonly expectedBeforeCents: number; readonly meterBeforeCents: number }[];
  readonly clause: string;
}

/**
 * The reconciliation report (Crown Melbourne 13.3.2(a), 13.4.1): from the jackpot's own events alone, proves
 * the meter never moved except by a contribution, a reversal of a voided coup, a backfill (13.4.9(b)), a
 * confirmed payout (13.4.5), a recorded manual adjustment, or Crown funding the reset.
 */
export const reconcileMeter = (jackpotId: string, events: readonly StoredEvent[]): MeterReconciliation => {
  const sums = { seed: 0, contributions: 0, count: 0, reversals: 0, backfills: 0, payouts: 0, adjustments: 0, resets: 0 };
  const breaks: { version: number; type: string; expectedBeforeCents: number; meterBeforeCents: number }[] = [];
  let meter = 0;
  for (const e of events) {
    const d = e.data as Record<string, number & unknown> & { parameters?: { seedCents: number } };
    if (typeof d.meterBeforeCents === 'number' && d.meterBeforeCents !== meter) {
      breaks.push({ version: e.version, type: e.type, expectedBeforeCents: meter, meterBeforeCents: d.meterBeforeCents });
    }
    switch (e.type) {
      case 'JackpotCreated':
        sums.seed += d.parameters!.seedCents;
        break;
      case 'ContributionRecorded':
        sums.contributions += d.amountCents;
        sums.count++;
        break;
      case 'ContributionReversed':
        sums.reversals += d.amountCents;
        break;
      case 'ContributionsBackfilled':
        sums.backfills += d.amountCents;
        break;
      case 'MeterAdjusted':
        sums.adjustments += d.amountCents;
        break;
      case 'JackpotPaid':
        sums.payouts += d.totalCents;
        break;
      case 'MeterReset':
        sums.resets += d.fundedCents;
        break;
    }
    if (typeof d.meterAfterCents === 'number') meter = d.meterAfterCents;
  }
  const expected = sums.seed + sums.contributions - sums.reversals + sums.backfills - sums.payouts + sums.adjustments + sums.resets;
  return {
    jackpotId,
    events: events.length,
    seedCents: sums.seed,
    contributionsCents: sums.contributions,
    contributionCount: sums.count,
    reversalsCents: sums.reversals,
    backfillsCents: sums.backfills,
    payoutsCents: sums.payouts,
    adjustmentsCents: sums.adjustments,
    resetFundingCents: sums.resets,
    expectedMeterCents: expected,
    meterCents: meter,
    balanced: breaks.length === 0 && expected === meter,
    breaks,
    clause: 'Crown Melbourne 13.3.2(a); 13.4.1',
  };
};

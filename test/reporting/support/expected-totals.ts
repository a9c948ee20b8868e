import type { CoupCompleted, NewEventLike, WagersSettled } from './expected-types';
import { TableScript } from './simulated-play';

/**
 * Totals computed straight from the simulated events, independently of the projections: what the reports
 * must reconcile with (settled wagers, deferred-commission ledger, incidents).
 */
export interface ExpectedTotals {
  coups: number;
  dummyCoups: number;
  voidedCoups: number;
  wagers: number;
  turnoverCents: number;
  paidCents: number;
  lostCents: number;
  commissionCents: number;
  waivedCents: number;
  houseWinCents: number;
  deferredCents: number;
  collectedCents: number;
  outstandingCents: number;
  byBet: Record<string, { turnoverCents: number; houseWinCents: number; wagers: number }>;
  shoeVoids: number;
  notifiableIrregularities: number;
  reportableCorrections: number;
  overrides: number;
}

export function expectedTotals(scripts: readonly TableScript[]): ExpectedTotals {
  const t: ExpectedTotals = {
    coups: 0, dummyCoups: 0, voidedCoups: 0, wagers: 0, turnoverCents: 0, paidCents: 0, lostCents: 0, commissionCents: 0, waivedCents: 0,
    houseWinCents: 0, deferredCents: 0, collectedCents: 0, outstandingCents: 0, byBet: {}, shoeVoids: 0, notifiableIrregularities: 0, reportableCorrections: 0, overrides: 0,
  };
  for (const s of scripts) {
    // The Star charges no commission: Banker is paid at the odds of 19 to 20 (Star 2024 11.1.3, Star 2021 11.1.3), so
    // the 5% the settlement holds back is part of what was paid, not commission.
    let noCommission = false;
    for (const e of s.events as readonly NewEventLike[]) {
      const d = e.data as Record<string, unknown>;
      switch (e.type) {
        case 'TableOpened':
          noCommission = String(d.rulebookId).startsWith('star-sydney-');
          break;
        case 'CoupCompleted':
          if ((d as unknown as CoupCompleted).dummy) t.dummyCoups++;
          else t.coups++;
          break;
        case 'CoupVoided':
          t.voidedCoups++;
          break;
        case 'WagersSettled':
          for (const w of (d as unknown as WagersSettled).settlements) {
            if (w.outcome === 'void') continue;
            const held = w.commissionImmediateCents + w.commissionDeferredCents;
            const commission = noCommission ? 0 : held;
            const paid = noCommission ? w.winCents - held : w.winCents;
            const lost = w.outcome === 'lose' ? w.amountCents : 0;
            t.wagers++;
            t.turnoverCents += w.amountCents;
            t.paidCents += paid;
            t.lostCents += lost;
            t.commissionCents += commission;
            t.deferredCents += w.commissionDeferredCents;
            const b = (t.byBet[w.bet] ??= { turnoverCents: 0, houseWinCents: 0, wagers: 0 });
            b.turnoverCents += w.amountCents;
            b.houseWinCents += lost - paid + commission;
            b.wagers++;
          }
          break;
        case 'CommissionSettled':
          if (d.method === 'waived') {
            t.waivedCents += d.amountCents as number;
            // Only the Banker wager pays commission, so only it is deferred and waived (Crown Melbourne 9.1 Table 3, 9.3.1).
            const b = (t.byBet.banker ??= { turnoverCents: 0, houseWinCents: 0, wagers: 0 });
            b.houseWinCents -= d.amountCents as number;
          } else t.collectedCents += d.amountCents as number;
          break;
        case 'ShoeVoided':
          t.shoeVoids++;
          break;
        case 'IrregularityRecorded':
          if (d.notifiable) t.notifiableIrregularities++;
          break;
        case 'PaymentCorrected':
          if (d.reportable) t.reportableCorrections++;
          break;
        case 'ShoeStarted':
          if (d.commissionOverride) t.overrides++;
          break;
      }
    }
  }
  t.houseWinCents = t.lostCents - t.paidCents + t.commissionCents - t.waivedCents;
  t.outstandingCents = t.deferredCents - t.collectedCents - t.waivedCents;
  return t;
}

/**
 * Maps the tables service's stored domain events to the integration events of libs/contracts/src/tables.events.ts
 * (topic `baccarat.tables.events`). Domain events that other services do not need stay internal (null).
 * The relay in @app/messaging calls this for every stored event in global order.
 */
import { envelopeOf, TABLES_INTEGRATION_EVENT_VERSIONS, type IntegrationEvent, type SourceEvent, type TablesIntegrationEvent, type WagerMedium, type WagerSettlement } from '@app/contracts';
import type { TableEvent } from '../table/table.events';

export const TABLES_SERVICE = 'tables';

type Data<T extends TablesIntegrationEvent['type']> = Omit<Extract<TablesIntegrationEvent, { type: T }>, 'type'>;

/** The kind of play: a table in tournament mode names its tournament on its events of play; cash play names none. */
const play = (e: { readonly tournamentId?: string }): { tournamentId?: string } => (e.tournamentId ? { tournamentId: e.tournamentId } : {});
/** What a wager was placed with, said on every wager published (stored before it was marked: cash chips). */
const mediumOf = (w: { readonly medium?: WagerMedium }): WagerMedium => w.medium ?? 'chips';
const withMedium = (x: WagerSettlement): WagerSettlement => ({ ...x, medium: mediumOf(x) });

/** The contract data of one domain event, or null when it stays inside the service. */
export const integrationDataOf = (e: TableEvent, occurredAt: string): { type: TablesIntegrationEvent['type']; data: Record<string, unknown> } | null => {
  const out = <T extends TablesIntegrationEvent['type']>(type: T, data: Data<T>) => ({ type, data: data as unknown as Record<string, unknown> });
  switch (e.type) {
    case 'TableOpened':
      return out('TableOpened', {
        tableId: e.tableId,
        jurisdiction: e.jurisdiction,
        rulebookId: e.rulebookId,
        variant: e.variant,
        offeredBets: e.offeredBets,
        decks: e.decks,
        limits: e.limits,
        minimumChipCents: e.minimumChipCents,
        dealingMethod: e.dealingMethod,
        jackpotIds: e.jackpotIds,
        boxes: e.boxes,
        ...(e.tournamentId ? { tournamentId: e.tournamentId } : {}),
        openedAt: e.openedAt,
      });
    case 'TableClosed':
      return out('TableClosed', { tableId: e.tableId, noticeGivenAt: e.noticeGivenAt, closedAt: e.closedAt, reason: e.reason, clause: e.clause });
    case 'TableLimitsChanged':
      return out('TableLimitsChanged', { tableId: e.tableId, previous: e.previous, next: e.next, noticeGivenAt: e.noticeGivenAt, effectiveAt: e.effectiveAt, clause: e.clause });
    case 'ShoeStarted':
      return out('ShoeStarted', { tableId: e.tableId, shoeId: e.shoeId, decks: e.decks, commitmentHash: e.commitmentHash, commissionOverride: e.commissionOverride, startedAt: e.startedAt });
    case 'ShoeCut':
      return out('ShoeCut', { tableId: e.tableId, shoeId: e.shoeId, cutBy: e.cutBy, cutterKind: e.cutterKind, cutCardFromBack: e.cutCardFromBack, clause: e.clause, cutAt: occurredAt });
    case 'ShoeEnded':
      return out('ShoeEnded', { tableId: e.tableId, shoeId: e.shoeId, coupsPlayed: e.coupsPlayed, reason: e.reason, endedAt: e.endedAt });
    case 'ShoeVoided':
      return out('ShoeVoided', { tableId: e.tableId, shoeId: e.shoeId, reason: e.reason, clause: e.clause, voidedAt: e.voidedAt });
    case 'CoupStarted':
      return out('CoupStarted', { tableId: e.tableId, shoeId: e.shoeId, coupId: e.coupId, coupNumber: e.coupNumber, dummy: e.dummy, clause: e.dummy ? e.dummyClause : null, ...play(e), startedAt: e.startedAt });
    case 'WagersAccepted':
      return out('WagersAccepted', {
        tableId: e.tableId,
        coupId: e.coupId,
        wagers: e.wagers.map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, bet: w.bet, option: w.option, amountCents: w.amountCents, medium: mediumOf(w), ...(w.side ? { side: w.side } : {}), ...(w.overDifferentialArrangement ? { overDifferentialArrangement: true as const } : {}), ...(w.belowMinimum ? { belowMinimum: w.belowMinimum } : {}), ...(w.individualLimit ? { individualLimit: w.individualLimit } : {}) })),
        ...play(e),
      });
    case 'WagersReducedToDifferential':
      // What stood of each wager (Crown Melbourne 6.4, Star 2024 6.2): the what-if replays the coup with it.
      return out('WagersReducedToDifferential', { tableId: e.tableId, coupId: e.coupId, reductions: e.reductions, differentialCents: e.differentialCents, clause: e.clause, reducedAt: e.reducedAt });
    case 'WagerReduced':
      // A player's own reduction (Crown Melbourne 10.7(b), 10.9.1(b); Star 12.12): the what-if replays the wager at what stood.
      return out('WagerReduced', { tableId: e.tableId, coupId: e.coupId, wagerId: e.wagerId, box: e.box, fromCents: e.fromCents, toCents: e.toCents, clause: e.clause, reducedAt: e.reducedAt });
    case 'BettingClosed':
      return out('BettingClosed', { tableId: e.tableId, coupId: e.coupId, closedAt: e.closedAt });
    case 'CardDealt':
      return out('CardDealt', { tableId: e.tableId, shoeId: e.shoeId, coupId: e.coupId, position: e.position, hand: e.hand, card: e.card, clause: e.clause, dealtAt: occurredAt });
    case 'CoupCompleted':
      // A Three Card Baccarat round has no Player/Banker result: it is its own event (see the contract).
      if (e.threeCard) {
        return out('ThreeCardRoundCompleted', {
          tableId: e.tableId,
          shoeId: e.shoeId,
          coupId: e.coupId,
          coupNumber: e.coupNumber,
          dealer: e.threeCard.dealer,
          hands: e.threeCard.hands,
          burnt: e.threeCard.burnt ?? [],
          ...play(e),
          completedAt: e.completedAt,
        });
      }
      return out('CoupCompleted', {
        tableId: e.tableId,
        shoeId: e.shoeId,
        coupId: e.coupId,
        coupNumber: e.coupNumber,
        dummy: e.dummy,
        playerCards: e.playerCards,
        bankerCards: e.bankerCards,
        playerTotal: e.playerTotal,
        bankerTotal: e.bankerTotal,
        result: e.result,
        naturals: e.naturals,
        pairs: e.pairs,
        jackpotIds: e.jackpotIds,
        tieWagers: e.tieWagers.map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, amountCents: w.amountCents, medium: mediumOf(w) })),
        ...play(e),
        completedAt: e.completedAt,
      });
    case 'WagersSettled':
      return out('WagersSettled', { tableId: e.tableId, shoeId: e.shoeId, coupId: e.coupId, settlements: e.settlements.map(withMedium), ...play(e), settledAt: e.settledAt });
    case 'CommissionSettled':
      return out('CommissionSettled', { tableId: e.tableId, shoeId: e.shoeId, box: e.box, patronId: e.patronId, amountCents: e.amountCents, method: e.method, trigger: e.trigger, clause: e.clause, ...play(e), settledAt: e.settledAt });
    case 'CoupVoided':
      return out('CoupVoided', { tableId: e.tableId, shoeId: e.shoeId, coupId: e.coupId, reason: e.reason, clause: e.clause, returnedWagerIds: e.returnedWagerIds, reversedSettlements: (e.reversedSettlements ?? []).map(withMedium), ...play(e), voidedAt: e.voidedAt });
    case 'WagerVoided':
      return out('WagerVoided', { tableId: e.tableId, coupId: e.coupId, wagerId: e.wagerId, reason: e.reason, clause: e.clause, ...play(e), voidedAt: e.voidedAt });
    case 'WagerRetracted':
      return out('WagerRetracted', { tableId: e.tableId, coupId: e.coupId, wagerId: e.wagerId, box: e.box, patronId: e.patronId, amountCents: e.amountCents, clause: e.clause, ...play(e), retractedAt: e.retractedAt });
    case 'IrregularityRecorded':
      return out('IrregularityRecorded', { tableId: e.tableId, shoeId: e.shoeId, coupId: e.coupId, kind: e.kind, card: e.card ?? null, resolution: e.resolution, clause: e.clause, notifiable: e.notifiable, recordedAt: e.recordedAt });
    case 'PaymentCorrected':
      return out('PaymentCorrected', {
        tableId: e.tableId,
        coupId: e.coupId,
        wagerId: e.wagerId,
        kind: e.kind,
        amountCents: e.amountCents,
        patronId: e.patronId,
        reportable: e.reportable,
        reason: e.reason ?? null,
        clause: e.clause,
        ...play(e),
        correctedAt: e.correctedAt,
      });
    case 'TableRulebookChanged':
      return out('TableRulebookChanged', {
        tableId: e.tableId,
        shoeId: e.shoeId,
        previousRulebookId: e.previousRulebookId,
        rulebookId: e.rulebookId,
        jurisdiction: e.jurisdiction,
        effectiveFrom: e.effectiveFrom,
        changedAt: e.changedAt,
      });
    case 'GameChanged':
      // Reporting settles each coup under the game in force when it was dealt (the what-if replay).
      return out('TableGameChanged', { tableId: e.tableId, previousVariant: e.previousVariant, variant: e.variant, offeredBets: e.offeredBets, clause: e.clause, effectiveAt: e.changedAt });
    case 'TableClosingAnnounced':
    case 'LimitChangeAnnounced':
    case 'GrandfatheredMinimumGranted':
    case 'IndividualLimitSet':
    case 'PlayerLimitsSet':
    case 'OverDifferentialArranged':
    case 'GameChangeAnnounced':
    case 'PlayerSeated':
    case 'CommissionDeferralApproved':
    case 'PlayerLeft':
    case 'CardsBurned':
    case 'SideWagerDeclined':
    case 'CutCardAppeared':
    case 'CoupBecameDummy':
    case 'TournamentSessionSeated':
    case 'TournamentSessionLimitsChanged':
    case 'TournamentWagersInTurn':
    case 'TournamentSeatSubstituted':
    case 'TournamentSessionCleared':
    case 'TournamentCancelledAtTable':
    case 'TournamentBoxesOutOfPlay':
    case 'TournamentBoxBackInPlay':
    case 'TournamentMarkerNoted':
      return null;
    default: {
      const never: never = e;
      return never;
    }
  }
};

/** The relay's mapper: stored domain event → versioned integration event (envelope + contract data), or null. */
export const toIntegrationEvent = (stored: SourceEvent): IntegrationEvent | null => {
  const domain = { ...stored.data, type: stored.type } as unknown as TableEvent;
  const mapped = integrationDataOf(domain, stored.occurredAt);
  if (!mapped) return null;
  return envelopeOf(TABLES_SERVICE, stored, { type: mapped.type, version: TABLES_INTEGRATION_EVENT_VERSIONS[mapped.type], data: mapped.data });
};

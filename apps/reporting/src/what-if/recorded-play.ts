/**
 * The recorded play of one table, folded from the tables service's published events (libs/contracts tables.events.ts)
 * in the table's order: each completed coup's cards in dealing order, the wagers accepted on it and what the table
 * settled them for, and the configuration it was played under. Pure. Never the reporting statistics: a what-if
 * replays the play itself.
 */
import type {
  CoupCompleted,
  CoupStarted,
  CoupVoided,
  IntegrationEvent,
  TableLimitsChanged,
  TableOpened,
  TableGameChanged,
  TableRulebookChanged,
  ThreeCardRoundCompleted,
  WagerReduced,
  WagerRetracted,
  WagersAccepted,
  WagersReducedToDifferential,
  WagersSettled,
  WagerVoided,
} from '@app/contracts';
import type { RecordedCoup, RecordedSettlement, RecordedWager, ReplayConfiguration } from '@app/baccarat';
import { gamingDayStartsAt, gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS, type JurisdictionCalendars } from '../calendar/reporting-config';

/**
 * Dealing order from the published hands: Player, Banker, Player, Banker, then the Player's third card and the
 * Banker's (Crown Melbourne 7.2, 8; Star 9). `playCoup` applies the Table of Play to it again.
 */
export const dealingOrder = (playerCards: readonly string[], bankerCards: readonly string[]): string[] => [
  playerCards[0], bankerCards[0], playerCards[1], bankerCards[1], ...playerCards.slice(2), ...bankerCards.slice(2),
];

interface CoupInProgress {
  coupId: string;
  shoeId: string | null;
  configuration: ReplayConfiguration;
  wagers: RecordedWager[];
  cards: readonly string[] | null;
  completedAt: string | null;
  voided: boolean;
  dummy: boolean;
}

/** A configuration the table had in the period, from when it took effect, with the clause of the change (null: opened). */
export interface ConfigurationInForce {
  readonly from: string;
  readonly clause: string | null;
  readonly configuration: ReplayConfiguration;
}

export interface RecordedPlay {
  readonly tableId: string;
  /** The table's configuration at its last event (what a what-if changes when it names no coup). */
  readonly configuration: ReplayConfiguration | null;
  /**
   * The configuration history of the period: the one in force at its start, then each change before its end (game,
   * pay-table option, limits, rulebook version), in order. Each coup is settled under the one in force when it started.
   */
  readonly configurations: readonly ConfigurationInForce[];
  readonly coups: readonly RecordedCoup[];
  /**
   * The coups completed earlier in the gaming day of the period's start, before it: no figure of the period, but the
   * owners advised there stay advised in it (Crown Melbourne 6.3.1). The advice lasts while the player plays at the
   * table; the tables do not publish when a player sits or leaves, so the gaming day bounds the lookback. Absent: none.
   */
  readonly earlier?: readonly RecordedCoup[];
}

/**
 * The coups of `tableId` completed in [from, to), folded from its published events in order, one at a time (a long
 * stream is read in pages; coups outside the period are dropped as they complete). A voided coup (Crown Melbourne
 * 10, Star 12) and a dummy coup (Crown Melbourne 7.4) are no play; a voided or retracted wager was never in play;
 * tournament chips are no money (Crown Melbourne 14.4.4(a)). A wager's settlement is found by its id, whichever coup's
 * WagersSettled carries it (Runs and Dragon Tail settle in a later coup).
 */
export class RecordedPlayFold {
  private configuration: ReplayConfiguration | null = null;
  private configurations: ConfigurationInForce[] = [];
  private readonly coups = new Map<string, CoupInProgress>();
  /** Wagers of the coups kept (in the period, or not yet complete): the only settlements worth keeping. */
  private readonly kept = new Set<string>();
  private readonly settled = new Map<string, RecordedSettlement>();
  private readonly removed = new Set<string>();
  private readonly deferredBoxes = new Set<string>();
  private readonly immediateBoxes = new Set<string>();
  /** Coups completed in [lookback, from): where the advice of Crown Melbourne 6.3.1 given before the period is read. */
  private readonly earlier = new Map<string, CoupInProgress>();
  /** The start of the gaming day `from` falls in, in the table's jurisdiction (known from TableOpened). */
  private lookback: string | null = null;

  constructor(
    private readonly tableId: string,
    private readonly from: string,
    private readonly to: string,
    private readonly calendars: JurisdictionCalendars = DEFAULT_CALENDARS,
  ) {}

  /** The configuration from `from` on (the table's events come in its order): kept when it was in force in the period. */
  private configure(configuration: ReplayConfiguration, from: string, clause: string | null): void {
    this.configuration = configuration;
    if (from >= this.to) return;
    const entry = { from, clause, configuration };
    // Only the last configuration before the period was in force in it.
    if (from <= this.from) this.configurations = [entry];
    else this.configurations.push(entry);
  }

  private coup(coupId: string): CoupInProgress | undefined {
    let c = this.coups.get(coupId);
    if (!c && this.configuration) this.coups.set(coupId, (c = { coupId, shoeId: null, configuration: this.configuration, wagers: [], cards: null, completedAt: null, voided: false, dummy: false }));
    return c;
  }

  private complete(c: CoupInProgress, cards: readonly string[], completedAt: string, dummy: boolean): void {
    Object.assign(c, { cards, completedAt, dummy });
    if (dummy || completedAt < this.from || completedAt >= this.to) {
      for (const w of c.wagers) this.kept.delete(w.wagerId);
      this.coups.delete(c.coupId);
      if (!dummy && this.lookback !== null && completedAt >= this.lookback && completedAt < this.from) this.earlier.set(c.coupId, c);
    }
  }

  apply(e: IntegrationEvent): void {
    switch (e.type) {
      case 'TableOpened': {
        const d = e.data as unknown as TableOpened;
        const configuration: ReplayConfiguration = {
          rulebookId: d.rulebookId,
          variant: d.variant,
          offeredBets: d.offeredBets,
          limits: { perBet: d.limits.perBet, ...(d.limits.tableDifferentialCents !== undefined ? { tableDifferentialCents: d.limits.tableDifferentialCents } : {}) },
          minimumChipCents: d.minimumChipCents,
          decks: d.decks,
          tournament: typeof d.tournamentId === 'string',
        };
        const calendar = calendarFor(this.calendars, d.jurisdiction);
        this.lookback ??= gamingDayStartsAt(gamingTimeOf(this.from, calendar).gamingDay, calendar);
        this.configure(configuration, d.openedAt ?? e.occurredAt, null);
        break;
      }
      case 'TableLimitsChanged': {
        const d = e.data as unknown as TableLimitsChanged;
        if (this.configuration && d.next) this.configure({ ...this.configuration, limits: d.next }, d.effectiveAt ?? e.occurredAt, d.clause ?? null);
        break;
      }
      case 'TableRulebookChanged': {
        // The version in force when the play happened applies: from the shoe it changed at (Star 2021 to Star 2024).
        const d = e.data as unknown as TableRulebookChanged;
        if (this.configuration) this.configure({ ...this.configuration, rulebookId: d.rulebookId }, d.changedAt ?? e.occurredAt, null);
        break;
      }
      case 'TableGameChanged': {
        // Another game or pay-table option from `effectiveAt` (Star 2024 14.8): coups started after it are played under it.
        const d = e.data as unknown as TableGameChanged;
        if (this.configuration) this.configure({ ...this.configuration, variant: d.variant, offeredBets: d.offeredBets }, d.effectiveAt ?? e.occurredAt, d.clause ?? null);
        break;
      }
      case 'CoupStarted': {
        // The configuration in force when the coup starts is the one it is played under.
        const d = e.data as unknown as CoupStarted;
        const c = this.coup(d.coupId);
        if (c) c.shoeId = d.shoeId;
        break;
      }
      case 'WagersAccepted': {
        const d = e.data as unknown as WagersAccepted;
        const c = this.coup(d.coupId);
        if (!c) break;
        for (const w of d.wagers) {
          c.wagers.push({ wagerId: w.wagerId, box: w.box, ...(w.patronId ? { patronId: w.patronId } : {}), bet: w.bet, option: w.option, amountCents: w.amountCents, ...(w.medium ? { medium: w.medium } : {}), ...(w.side ? { side: w.side } : {}), ...(w.overDifferentialArrangement ? { overDifferentialArrangement: true } : {}), ...(w.belowMinimum ? { belowMinimum: w.belowMinimum.effect } : {}), ...(w.individualLimit ? { individualLimit: { maximumCents: w.individualLimit.maximumCents, ...(w.individualLimit.minimumCents !== undefined ? { minimumCents: w.individualLimit.minimumCents } : {}) } } : {}) });
          this.kept.add(w.wagerId);
        }
        break;
      }
      case 'WagersReducedToDifferential': {
        // The dealer's reduction before the first card (Crown Melbourne 6.4, Star 2024 6.2): what stood is replayed.
        const d = e.data as unknown as WagersReducedToDifferential;
        const c = this.coups.get(d.coupId);
        if (!c) break;
        const to = new Map(d.reductions.map((r) => [r.wagerId, r.toCents]));
        c.wagers = c.wagers.map((w) => (to.has(w.wagerId) ? { ...w, reducedToCents: to.get(w.wagerId)! } : w));
        break;
      }
      case 'WagerReduced': {
        // A player's own reduction after no more bets (Crown Melbourne 10.7(b), 10.9.1(b); Star 12.12): what stood is
        // replayed, the last reduction where there were several (each is from what stood before it).
        const d = e.data as unknown as WagerReduced;
        const c = this.coups.get(d.coupId);
        if (c) c.wagers = c.wagers.map((w) => (w.wagerId === d.wagerId ? { ...w, reducedToCents: d.toCents } : w));
        break;
      }
      case 'WagerVoided':
        this.removed.add((e.data as unknown as WagerVoided).wagerId);
        break;
      case 'WagerRetracted':
        this.removed.add((e.data as unknown as WagerRetracted).wagerId);
        break;
      case 'CoupCompleted': {
        const d = e.data as unknown as CoupCompleted;
        const c = this.coup(d.coupId);
        if (c) this.complete(c, dealingOrder(d.playerCards, d.bankerCards), d.completedAt, d.dummy);
        break;
      }
      case 'ThreeCardRoundCompleted': {
        // No Player and Banker coup: its wagers are counted apart by the replay (Crown Melbourne 12).
        const d = e.data as unknown as ThreeCardRoundCompleted;
        const c = this.coup(d.coupId);
        if (c) this.complete(c, [], d.completedAt, false);
        break;
      }
      case 'CoupVoided': {
        const id = (e.data as unknown as CoupVoided).coupId;
        const c = this.coups.get(id) ?? this.earlier.get(id);
        if (c) c.voided = true;
        break;
      }
      case 'WagersSettled': {
        const d = e.data as unknown as WagersSettled;
        for (const s of d.settlements) {
          // Commission deferred for the box in this shoe (Crown Melbourne 9.3.1(b)): the published sign of a deferral.
          if (s.commissionDeferredCents > 0) this.deferredBoxes.add(`${d.shoeId}|${s.box}`);
          if (s.commissionImmediateCents > 0) this.immediateBoxes.add(`${d.shoeId}|${s.box}`);
          if (this.kept.has(s.wagerId)) this.settled.set(s.wagerId, { outcome: s.outcome, winCents: s.winCents, returnedCents: s.returnedCents, commissionCents: s.commissionImmediateCents + s.commissionDeferredCents, ...(s.inPlayCents !== undefined ? { inPlayCents: s.inPlayCents } : {}) });
        }
        break;
      }
      default:
        break;
    }
  }

  result(): RecordedPlay {
    // What the owners wagered before the period: their advice only (no settlement is counted from it).
    const earlier: RecordedCoup[] = [];
    for (const c of this.earlier.values()) {
      if (c.voided || c.cards === null || c.completedAt === null) continue;
      const wagers = c.wagers.filter((w) => !this.removed.has(w.wagerId) && w.medium !== 'tournament-chips');
      earlier.push({ tableId: this.tableId, coupId: c.coupId, cards: c.cards, wagers, configuration: c.configuration, playedAt: c.completedAt });
    }
    const out: RecordedCoup[] = [];
    for (const c of this.coups.values()) {
      if (c.voided || c.dummy || c.cards === null || c.completedAt === null || c.completedAt < this.from || c.completedAt >= this.to) continue;
      const wagers = c.wagers
        .filter((w) => !this.removed.has(w.wagerId) && w.medium !== 'tournament-chips')
        .map((w) => ({
          ...w,
          ...(this.deferredBoxes.has(`${c.shoeId}|${w.box}`) ? { commissionDeferred: true } : this.immediateBoxes.has(`${c.shoeId}|${w.box}`) ? { commissionDeferred: false } : {}),
          ...(this.settled.has(w.wagerId) ? { settled: this.settled.get(w.wagerId)! } : {}),
        }));
      out.push({ tableId: this.tableId, coupId: c.coupId, cards: c.cards, wagers, configuration: c.configuration, playedAt: c.completedAt });
    }
    return { tableId: this.tableId, configuration: this.configuration, configurations: this.configurations, coups: out, earlier };
  }
}

export const recordedPlay = (tableId: string, events: readonly IntegrationEvent[], from: string, to: string): RecordedPlay => {
  const fold = new RecordedPlayFold(tableId, from, to);
  for (const e of events) fold.apply(e);
  return fold.result();
};

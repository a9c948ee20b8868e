import { rulebookById } from '@app/baccarat';
import type { CancellationAccounting, CoupScoreLine, IntegrationEvent, TournamentPrizesDistributed, TournamentSettledWager, TournamentsIntegrationEventType } from '@app/contracts';
import type { PoolClient } from 'pg';
import { gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { ReportingProjection } from '../read-model/reporting-projection';
import { createTableDdl, RowSpec } from '../read-model/row-spec';

/**
 * What the regulator reports show of tournaments (Crown Melbourne 14.2.2(b), 14.4.1(c), 14.2.5; Star 15.3.4,
 * 15.5.6-15.5.7, 15.6.2-15.6.3; Rapid 11.11, 12.3.2): the notices to the regulator, the terms as published and amended,
 * misuse of designated tables, cancellations, disqualifications, eliminations for a session buy-in not provided, chips
 * moved by a corrected Rapid outcome and the Rapid seats refused or corrections left to the director, the results and
 * the prizes, and the wagers the tournament settled itself beside the table's settlement (Star 15.8.2.6; Crown
 * Melbourne 14.4.4(e)). Nothing of play in progress: an undisclosed wager is read here only once scored (15.8.2.5).
 */
/** The records of each tournament section of the reports: one list, so a type kept is a type reported. */
export const TOURNAMENT_RECORD_TYPES = {
  notices: ['TournamentTermsPublished', 'TournamentTermsAmended', 'TournamentRegulatorNotified'],
  // A scored coup only where the tournament settled a wager itself (an undisclosed wager, an All-In marker).
  // A wager the order of wagering required removed (Star 15.9.4-15.9.5): the rule decided it, not the player.
  // Withdrawals and retirements with the refund each was given or not (Star 15.3.2, 15.4.2(g)-(h); Crown Melbourne 14.4.2(d)).
  // Substitutions: who plays an entry in whose stead (Rapid 12.3.3; Crown Melbourne 14.4.2(d); Star 15.4.2(g)).
  conduct: ['TournamentTableMisused', 'TournamentEntryWithdrawn', 'TournamentPlayerRetired', 'TournamentEntrySubstituted', 'TournamentCancelled', 'TournamentPlayerDisqualified', 'TournamentBuyInNotProvided', 'TournamentChipsCorrected', 'TournamentRapidNoticeRecorded', 'WagerOutOfSequence', 'TournamentCoupScored', 'TournamentTablePlayIgnored', 'UndisclosedWagerVoided'],
  results: ['TournamentResultsDeclared', 'TournamentPrizesDistributed'],
} as const satisfies Record<string, readonly TournamentsIntegrationEventType[]>;

/**
 * Read but never a record: a table ready for its tournament resolves the notice that it was opened for the
 * tournament before the director designated it (Star 15.5.1; Crown Melbourne 14.2.4). Designated before any play,
 * it was never misused, as when the designation comes first: that notice is not reported.
 */
const RESOLVING_TYPES: readonly TournamentsIntegrationEventType[] = ['TournamentTableReady'];
export const TOURNAMENTS_READ_MODEL_EVENT_TYPES: readonly TournamentsIntegrationEventType[] = [...TOURNAMENT_RECORD_TYPES.notices, ...TOURNAMENT_RECORD_TYPES.conduct, ...TOURNAMENT_RECORD_TYPES.results, ...RESOLVING_TYPES];
export const TOURNAMENT_RECORDS: RowSpec = {
  table: 'tournament_records',
  key: ['event_id'],
  columns: {
    event_id: 'text',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    tournament_id: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    gaming_day: 'text',
    at: 'text',
    type: 'text',
    summary: 'text',
    amount_cents: 'bigint',
    actor_id: 'text',
    actor_role: 'text',
    clause: 'text',
    details: 'jsonb',
  },
};

const instantOf = (e: IntegrationEvent): string => {
  const d = e.data as Record<string, unknown>;
  for (const k of ['scoredAt', 'publishedAt', 'amendedAt', 'notifiedAt', 'notedAt', 'cancelledAt', 'disqualifiedAt', 'eliminatedAt', 'correctedAt', 'declaredAt', 'distributedAt']) if (typeof d[k] === 'string') return d[k] as string;
  return e.occurredAt;
};

export type PrizePayment = { place: number; prizePlace?: number; entryId: string; patronId?: string; amountCents: number; shareCents?: number };
const ordinal = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
/**
 * The prize place a payment pays and who takes it: a stand-in for an ineligible place-getter is paid the place he
 * stands in for, and where he finished is said beside it (Crown Melbourne 14.4.2(a)(v)).
 */
export const prizeLineOf = (p: PrizePayment): string => {
  const paid = p.prizePlace ?? p.place;
  return `${paid}. ${p.entryId}${paid !== p.place ? ` (finished ${ordinal(p.place)}, in place of an ineligible place-getter)` : ''}`;
};
type Payment = PrizePayment;

const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n}`;
const SETTLED_KIND: Record<TournamentSettledWager['kind'], string> = { 'undisclosed-wager': 'undisclosed wager', 'all-in-marker': 'All-In marker' };

/**
 * A scored coup where the tournament settled a wager itself, on the coup's result, and the table did not (an
 * undisclosed wager revealed after no more bets, Star 15.8.2.6; an All-In marker, Crown Melbourne 14.4.4(e)): each
 * such wager beside what the table settled for the same box, so the table's settlement plus these is the standings'
 * change; and the minimum a Rapid table deducted from a player who wagered nothing (Rapid 12.2.1(c)), in chips. Null
 * where the table settled every wager of the coup and deducted nothing (that coup is not a record of the report).
 */
export const coupSettledByTournamentRecord = (data: Record<string, unknown>): { summary: string; details: Record<string, unknown> } | null => {
  const lines = (data.lines ?? []) as readonly CoupScoreLine[];
  const settled = lines.flatMap((l) =>
    (l.settledByTournament ?? []).map((w) => {
      const ofLine = l.settledByTournament ?? [];
      // An All-In plays the whole stack up to the terms' maximum wager (Crown Melbourne 14.4.4(e) with 14.4.4(b)).
      const capped = w.kind === 'all-in-marker' && l.wagerAdjustment === 'capped-at-maximum' ? { stackChips: l.chipsBefore } : {};
      return { entryId: l.entryId, box: l.box, ...w, ...capped, tableWagered: l.wagered - ofLine.reduce((a, x) => a + x.amount, 0), tableNet: l.net - ofLine.reduce((a, x) => a + x.net, 0) };
    }),
  );
  // The minimum a Rapid table deducted from a player who wagered nothing (Rapid 12.2.1(c)): chips, never money.
  const deducted = lines.flatMap((l) => (l.deductedClause && l.deducted > 0 ? [{ entryId: l.entryId, box: l.box, chips: l.deducted, chipsAfter: l.chipsAfter, clause: l.deductedClause }] : []));
  if (settled.length === 0 && deducted.length === 0) return null;
  const parts = settled.map(
    (w) => `entry ${w.entryId} box ${w.box} ${SETTLED_KIND[w.kind]}${'stackChips' in w ? ` (the whole stack of ${w.stackChips} chips, up to the terms' maximum wager)` : ''} on ${w.bet} ${w.amount} chips ${signed(w.net)} (${w.clause}); the table settled box ${w.box}'s own wagers: ${w.tableWagered > 0 ? `${w.tableWagered} chips ${signed(w.tableNet)}` : 'none'}`,
  );
  const said = [
    ...(settled.length > 0 ? [`settled by the tournament on the coup's result, not on the table's layout: ${parts.join('; ')}`] : []),
    ...(deducted.length > 0 ? [`the minimum deducted for not wagering: ${deducted.map((x) => `entry ${x.entryId} box ${x.box} ${x.chips} chips (${x.clause})`).join('; ')}`] : []),
  ];
  return {
    summary: `Table ${String(data.tableId)} coup ${String(data.coupId)} (${String(data.result)}): ${said.join('; ')}`,
    details: { sessionId: data.sessionId, tableId: data.tableId, coupId: data.coupId, result: data.result, ...(settled.length > 0 ? { settled } : {}), ...(deducted.length > 0 ? { deducted } : {}) },
  };
};

/** One line a regulator reads, and the amount it concerns (refunds, the prize pool). */
/**
 * A cancellation's account of every cent collected (Star 15.3.4 with 15.3.1, 15.5.7, 15.6.3): what was refunded, what
 * each entry forfeited under its clause, and the value the casino added, withdrawn, which is not a player's money.
 * Null for a cancellation recorded before it carried the account. `amount` writes cents (as cents or dollars), `unit`
 * follows the first amount.
 */
export const cancellationLine = (d: Record<string, unknown>, amount: (cents: number) => string, { withPatron, unit }: { readonly withPatron: boolean; readonly unit: string }): string | null => {
  const a = d.accounting as CancellationAccounting | undefined;
  if (!a) return null;
  const refunds = (d.refunds ?? []) as readonly unknown[];
  const forfeits = a.forfeits.map((f) => `${f.entryId}${withPatron ? ` (patron ${f.patronId})` : ''} ${amount(f.forfeitedCents)} (${f.clause})`).join(', ');
  return (
    `Cancelled: ${String(d.reason)}. Collected ${amount(a.collectedCents)}${unit}: ${a.refundedBeforeCents ? `${amount(a.refundedBeforeCents)} refunded before the cancellation; ` : ''}${amount(a.refundedCents)} refunded to ${refunds.length} entries (${a.refundClause})` +
    `; ${amount(a.forfeitedCents)} forfeited${forfeits ? `: ${forfeits}` : ''}` +
    `; ${amount(a.addedValueWithdrawnCents)} of value the casino added withdrawn, not a player's money (${a.addedValueClause})`
  );
};

/**
 * A player leaving before the end: a withdrawal (within the period without financial penalty, or after it with the fee
 * kept in the pool) or a retirement, with what was refunded and what the pool holds after it, net of every refund (the
 * event's prizePoolAfterCents; the fees taken, gross, are the pool account's, `poolAccountLine`).
 */
export const leavingLine = (type: string, d: Readonly<Record<string, unknown>>, amount: (cents: number) => string): string => {
  const refund = Number(d.refundCents ?? 0);
  const who = `Entry ${String(d.entryId)} (patron ${String(d.patronId)})`;
  const what = type === 'TournamentPlayerRetired' ? `retired${d.sessionId ? ` in session ${String(d.sessionId)}` : ''}, ${String(d.chipsWithdrawn)} chips withdrawn` : 'withdrew';
  const refunded = refund > 0 ? `${amount(refund)}${type === 'TournamentEntryWithdrawn' ? ' of the entry fee' : ''} refunded` : 'nothing refunded, the entry fee kept in the pool';
  return `${who} ${what}: ${refunded}; the pool, net of refunds, holds ${amount(Number(d.prizePoolAfterCents ?? 0))}`;
};

// ---- the pool's account (Star 15.3.1-15.3.4; Crown Melbourne 14.4.2(d), 14.4.7, 14.4.8(b)(vi)) ---------------------

/** Why money left the pool before the prizes: each refund by its cause. */
export const REFUND_CAUSES = {
  TournamentEntryWithdrawn: 'withdrawals',
  TournamentPlayerRetired: 'retirements',
  TournamentPlayerDisqualified: 'disqualifications',
  TournamentBuyInNotProvided: 'session buy-ins not provided',
} as const satisfies Partial<Record<TournamentsIntegrationEventType, string>>;
type RefundCause = (typeof REFUND_CAUSES)[keyof typeof REFUND_CAUSES];

/**
 * A tournament's pool as at one of its records, so that what came in and what went out add up to the cent: the fees
 * taken, gross (entry fees, and buy-ins and re-buys the terms put in the pool), and the value the casino added, less
 * every refund by its cause, is what the pool holds net of refunds (the events' prizePoolAfterCents and the
 * distribution's collectedCents); at the distribution, that (with what a guarantee made up) is paid or unpaid.
 * `refundsFromPool` false: the terms keep the entry fees out of the pool, so the refunds came out of the fees, not the pool.
 */
export interface PoolAccount {
  readonly feesTakenCents: number;
  readonly addedValueCents: number;
  /** Whether the terms were read (the value the casino added known); otherwise `feesTakenCents` includes it. */
  readonly termsKnown: boolean;
  readonly refundsFromPool: boolean;
  readonly refunded: Readonly<Partial<Record<RefundCause, number>>>;
  readonly refundedCents: number;
  readonly poolCents: number;
}

/** A record of the read model as the pool's account reads it: its event id, type and details, in the service's order. */
export type PoolRecord = { readonly eventId: string; readonly tournamentId: string; readonly type: string; readonly details: Readonly<Record<string, unknown>> };

/** The pool's account as at each record that moved money, by event id, from a tournament's records in order. */
export const poolAccounts = (records: readonly PoolRecord[]): Map<string, PoolAccount> => {
  const out = new Map<string, PoolAccount>();
  const state = new Map<string, { terms?: { entryFeesIncluded?: boolean; addedValueCents?: number }; refunded: Partial<Record<RefundCause, number>>; poolCents: number }>();
  for (const r of records) {
    const t = state.get(r.tournamentId) ?? { refunded: {}, poolCents: 0 };
    state.set(r.tournamentId, t);
    const d = r.details;
    if (r.type === 'TournamentTermsPublished' || r.type === 'TournamentTermsAmended') {
      const terms = (r.type === 'TournamentTermsPublished' ? d.terms : d.next) as { prizePool?: { entryFeesIncluded?: boolean; addedValueCents?: number | null } } | undefined;
      t.terms = { entryFeesIncluded: terms?.prizePool?.entryFeesIncluded ?? false, addedValueCents: terms?.prizePool?.addedValueCents ?? 0 };
      continue;
    }
    const cause = REFUND_CAUSES[r.type as keyof typeof REFUND_CAUSES] as RefundCause | undefined;
    if (cause) {
      t.refunded = { ...t.refunded, [cause]: (t.refunded[cause] ?? 0) + Number(d.refundCents ?? 0) };
      if (typeof d.prizePoolAfterCents === 'number') t.poolCents = d.prizePoolAfterCents;
    } else if (r.type === 'TournamentPrizesDistributed') {
      t.poolCents = typeof d.collectedCents === 'number' ? d.collectedCents : Number(d.prizePoolCents ?? 0);
    } else continue;
    const refundedCents = Object.values(t.refunded).reduce((a, x) => a + (x ?? 0), 0);
    // Without the terms (a record read before its terms were): the refunds are taken as out of the pool, as the pool moved by them.
    const refundsFromPool = t.terms ? t.terms.entryFeesIncluded === true : true;
    const addedValueCents = t.terms?.addedValueCents ?? 0;
    out.set(r.eventId, {
      feesTakenCents: t.poolCents - addedValueCents + (refundsFromPool ? refundedCents : 0),
      addedValueCents,
      termsKnown: !!t.terms,
      refundsFromPool,
      refunded: t.refunded,
      refundedCents,
      poolCents: t.poolCents,
    });
  }
  return out;
};

/**
 * The pool's account in words: fees taken (gross) and the value the casino added, less the refunds by cause, is the
 * pool net of refunds; at a distribution (`prizes`), the prize pool (with what a guarantee made up) is paid plus unpaid.
 */
export const poolAccountLine = (a: PoolAccount, amount: (cents: number) => string, prizes?: { readonly prizePoolCents: number; readonly paidCents: number; readonly unpaidCents: number }): string => {
  const causes = Object.entries(a.refunded).filter(([, v]) => (v ?? 0) > 0).map(([k, v]) => `${k} ${amount(v ?? 0)}`);
  const refunds = `refunded ${amount(a.refundedCents)}${causes.length > 0 ? ` (${causes.join(', ')})` : ''}`;
  const fees = a.termsKnown ? `fees taken ${amount(a.feesTakenCents)} (gross: entry fees, and buy-ins and re-buys the terms put in the pool) + value the casino added ${amount(a.addedValueCents)}` : `taken into the pool ${amount(a.feesTakenCents)} (gross)`;
  const pool = a.refundsFromPool
    ? `${fees} - ${refunds} = the pool, net of refunds, ${amount(a.poolCents)}`
    : `the pool ${amount(a.poolCents)} (the terms keep the entry fees out of it); ${refunds} out of the entry fees, not the pool`;
  if (!prizes) return `Pool account: ${pool}`;
  const madeUp = prizes.prizePoolCents - a.poolCents;
  const prizePool = madeUp > 0 ? `; + made up by the guarantee ${amount(madeUp)} = the prize pool ${amount(prizes.prizePoolCents)}` : '';
  return `Pool account: ${pool}${prizePool}; paid ${amount(prizes.paidCents)} + unpaid ${amount(prizes.unpaidCents)} = ${amount(prizes.paidCents + prizes.unpaidCents)}`;
};

export const summaryOf = (e: IntegrationEvent): { summary: string; amountCents: number | null } => {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'TournamentTermsPublished':
      return { summary: `Terms published: ${String(d.name)}`, amountCents: null };
    case 'TournamentTermsAmended':
      return { summary: `Terms amended (${(d.changedItems as string[]).join(', ')}): ${String(d.reason)}`, amountCents: null };
    case 'TournamentRegulatorNotified':
      return { summary: `${String(d.regulator)} notified (${String(d.notice)}): ${String(d.summary)}`, amountCents: null };
    case 'TournamentTableMisused':
      return { summary: `Table ${String(d.tableId)}: ${String(d.problem)}`, amountCents: null };
    case 'TournamentCancelled': {
      const refunds = d.refunds as { refundCents: number }[];
      const accounted = cancellationLine(d, (cents) => String(cents), { withPatron: false, unit: ' cents' });
      return { summary: accounted ?? `Cancelled: ${String(d.reason)} (${refunds.length} entry fee(s) refunded)`, amountCents: refunds.reduce((a, r) => a + r.refundCents, 0) };
    }
    case 'TournamentEntrySubstituted':
      return { summary: `Entry ${String(d.entryId)}: patron ${String(d.patronId)} plays in the stead of patron ${String(d.previousPatronId)}${d.employee ? ' (an employee: not eligible for a prize, Crown Melbourne 14.4.2(a)(v))' : ''}`, amountCents: null };
    case 'TournamentEntryWithdrawn':
    case 'TournamentPlayerRetired':
      return { summary: leavingLine(e.type, d, (cents) => `${cents} cents`), amountCents: d.refundCents as number };
    case 'TournamentPlayerDisqualified':
    {
      // Decided by the rule on a coup's scoring (Star 15.6.4, 15.5.6.2): the dealer's act that was scored is its cause.
      const cause = d.cause as { actorId: string; actorRole: string; act: string; tableId: string; coupId: string } | null | undefined;
      const by = (d.decidedBy as { kind: string } | undefined)?.kind === 'rule' && cause ? ` by the rule, on scoring table ${cause.tableId} coup ${cause.coupId} (the ${cause.act} by ${cause.actorRole} ${cause.actorId})` : '';
      // Disqualified after progressing: the place is lost and who stands in, or the tie for it (Crown Melbourne 14.4.8(a)(ii); Star 15.5.7).
      const standIn = d.standIn as { sessionId: string; tableId: string; advanced: string[]; playOff: { entryIds: string[]; places: number } | null; clause: string } | undefined;
      const stood = standIn
        ? ` The place to progress from session ${standIn.sessionId} at table ${standIn.tableId} is lost: ${
            standIn.advanced.length > 0 ? `${standIn.advanced.join(' and ')} ${standIn.advanced.length === 1 ? 'stands' : 'stand'} in` : standIn.playOff ? `${standIn.playOff.entryIds.join(' and ')} play off for ${standIn.playOff.places} place${standIn.playOff.places === 1 ? '' : 's'}` : 'nobody is left to stand in'
          } (${standIn.clause}).`
        : '';
      return { summary: `Entry ${String(d.entryId)} disqualified${by} (${String(d.reason)}): ${String(d.description)}${stood}`, amountCents: d.refundCents as number };
    }
    case 'TournamentBuyInNotProvided':
      // Eliminated without refund for want of a session's buy-in (Star 15.6.2-15.6.3).
      return { summary: `Session ${String(d.sessionId)}: ${(d.entryIds as string[]).join(', ')} eliminated, the session buy-in not provided (refund ${String(d.refundCents)} cents)`, amountCents: d.refundCents as number };
    case 'TournamentChipsCorrected':
      // A wrong outcome corrected at a Rapid table: the player's chips moved as their account did (Rapid 11.11).
      return {
        summary: `Table ${String(d.tableId)} coup ${String(d.coupId)} corrected: entry ${String(d.entryId)} ${Number(d.movement) >= 0 ? '+' : ''}${String(d.movement)} chips (${String(d.chipsBefore)} to ${String(d.chipsAfter)}${Number(d.unrecovered) ? `, ${String(d.unrecovered)} not recoverable` : ''}), ${String(d.statusAfter)}`,
        amountCents: null,
      };
    case 'TournamentRapidNoticeRecorded': {
      // A corrected Rapid outcome, or a coup the tables service voided after it was scored (its reason says which).
      const change = d.reason ? `${String(d.reason)}, ${String(d.movement)} chips` : `a corrected outcome (coup ${String(d.coupId)}, ${String(d.movement)} chips)`;
      const what = d.kind === 'seat-refused' ? `no ATS seat (${String(d.reason ?? 'refused')})` : `${change} left to the Tournament Director: ${d.kind === 'correction-after-session' ? 'the session had ended' : 'the player was no longer in play'}`;
      return { summary: `Table ${String(d.tableId)} session ${String(d.sessionId)}: entry ${String(d.entryId)}, ${what}`, amountCents: null };
    }
    case 'TournamentCoupScored':
      return { summary: coupSettledByTournamentRecord(d)?.summary ?? e.type, amountCents: null };
    case 'WagerOutOfSequence':
      // Required by the order of wagering, not the player's option; the table returns it unless no more bets came first.
      return {
        summary: `Table ${String(d.tableId)} coup ${String(d.coupId)}: box ${String(d.box)}'s wager of ${String(d.amount)} chips${d.wagerId ? ` (${String(d.wagerId)})` : ''} placed out of the order of wagering, box ${String(d.expectedBox)} to wager; the rule requires it removed (the table returns it; one not returned before no more bets stood and was settled)`,
        amountCents: null,
      };
    case 'UndisclosedWagerVoided':
      // Received after the table closed betting (Star 15.8.2.5-15.8.2.6): void, never revealed or scored; decided by the times.
      if (d.chipsPlacedAt) {
        // A form after the box's own chips made in turn alters that wager (Star 15.9.5): void, the chips stand.
        return { summary: `Table ${String(d.tableId)} coup ${String(d.coupId)}: entry ${String(d.entryId)} (box ${String(d.box)})'s undisclosed form received ${String(d.recordedAt)}, after the box's own chips were placed in turn at ${String(d.chipsPlacedAt)}: it would alter a wager made in turn, so it is void, not revealed or scored, the undisclosed wager given back; the chips stand (${String(d.clause)})`, amountCents: null };
      }
      return { summary: `Table ${String(d.tableId)} coup ${String(d.coupId)}: entry ${String(d.entryId)} (box ${String(d.box)})'s undisclosed form received ${String(d.recordedAt)}, after the table closed betting at ${String(d.bettingClosedAt)}: void, not revealed or scored, the undisclosed wager given back`, amountCents: null };
    case 'TournamentTablePlayIgnored':
      // A cancelled tournament decides nothing more (Star 15.3.4): the table's report is noted, not applied.
      return { summary: `Table ${String(d.tableId)}${d.coupId ? ` coup ${String(d.coupId)}` : ''}: ${String(d.tableEvent)} reported after the cancellation, not applied (no scoring, disqualification or elimination)`, amountCents: null };
    case 'TournamentResultsDeclared':
      return { summary: `Results: ${(d.placings as { place: number; entryId: string }[]).map((p) => `${p.place}. ${p.entryId}`).join(', ')}`, amountCents: null };
    case 'TournamentPrizesDistributed': {
      // Unfilled prize places are reported unpaid (Crown Melbourne 14.4.7(b)), or their shares distributed to the winners where the rulebook gives them the whole pool (Star 15.3.2).
      const r = d.redistributed as TournamentPrizesDistributed['redistributed'];
      const redistributed = r ? `; ${r.cents} cents of unfilled places (${r.places.map((u) => u.place).join(', ')}) distributed to the winners in proportion to their shares (${r.clause})` : '';
      return {
        summary: `Prizes: ${(d.payments as Payment[]).map((p) => `${prizeLineOf(p)} ${p.amountCents}`).join(', ')} of a pool of ${String(d.prizePoolCents)} cents${Number(d.unfilledCents ?? 0) > 0 ? `; ${String(d.unfilledCents)} cents of unfilled places not paid` : ''}${redistributed}`,
        amountCents: d.totalCents as number,
      };
    }
    default:
      return { summary: e.type, amountCents: null };
  }
};

/**
 * Who a record says acted: the envelope's actor, except for a disqualification the rule decided when a coup was scored
 * (Star 15.6.4, 15.5.6.2): the Tournament Manager's power (15.5.7) applied by the platform, so the rule is the decider
 * (`rule`, role `system`), and the dealer whose act was scored is only its cause (in the record's details).
 */
export const recordActorOf = (e: IntegrationEvent): { readonly id: string; readonly role: string } => {
  const decidedBy = e.type === 'TournamentPlayerDisqualified' ? (e.data as { decidedBy?: { kind: string; clause: string } }).decidedBy : undefined;
  return decidedBy?.kind === 'rule' ? { id: `rule (${decidedBy.clause})`, role: 'system' } : e.actor;
};

export const tournamentsReadModelProjection = (o: { schema?: string; calendars?: JurisdictionCalendars; name?: string } = {}): ReportingProjection => {
  const schema = o.schema ?? 'reporting';
  const calendars = o.calendars ?? DEFAULT_CALENDARS;
  const handled = new Set<string>(TOURNAMENTS_READ_MODEL_EVENT_TYPES);

  const applyBatch = async (events: readonly IntegrationEvent[], tx: PoolClient) => {
    const batch = new ReportingBatch(tx, schema);
    const ready: { tournamentId: string; tableId: string }[] = [];
    for (const e of events) {
      if (!handled.has(e.type) || !e.rulebookVersion) continue;
      if (e.type === 'TournamentTableReady') {
        ready.push({ tournamentId: String(e.data.tournamentId), tableId: String(e.data.tableId) });
        continue;
      }
      const jurisdiction = rulebookById(e.rulebookVersion).jurisdiction;
      const at = instantOf(e);
      const { tournamentId, clause, ...all } = e.data as Record<string, unknown>;
      // A scored coup is a record only where the tournament settled a wager the table did not, or a Rapid table deducted the
  // compulsory minimum (Rapid 12.2.1(c)); then only those.
      const settledByTournament = e.type === 'TournamentCoupScored' ? coupSettledByTournamentRecord(e.data as Record<string, unknown>) : null;
      if (e.type === 'TournamentCoupScored' && !settledByTournament) continue;
      const details = settledByTournament?.details ?? all;
      const { summary, amountCents } = summaryOf(e);
      batch.insert(TOURNAMENT_RECORDS, {
        ...sourceRef(e),
        tournament_id: String(tournamentId),
        jurisdiction,
        rulebook_id: e.rulebookVersion,
        gaming_day: gamingTimeOf(at, calendarFor(calendars, jurisdiction)).gamingDay,
        at,
        type: e.type,
        summary,
        amount_cents: amountCents,
        actor_id: recordActorOf(e).id,
        actor_role: recordActorOf(e).role,
        clause: (clause as string | undefined) ?? null,
        details,
      });
    }
    await batch.flush();
    // The notice of an opening before designation, resolved by the designation (Star 15.5.1; Crown Melbourne 14.2.4).
    for (const r of ready) {
      await tx.query(
        `DELETE FROM ${schema}.tournament_records WHERE tournament_id = $1 AND type = 'TournamentTableMisused' AND details->>'tableId' = $2 AND details->>'problem' = 'table-not-designated'`,
        [r.tournamentId, r.tableId],
      );
    }
  };

  return {
    name: o.name ?? 'reporting-tournaments',
    handles: (t) => handled.has(t),
    apply: (e, tx) => applyBatch([e], tx),
    applyBatch,
    async setup(tx) {
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema};\n${createTableDdl(schema, TOURNAMENT_RECORDS)}
        CREATE INDEX IF NOT EXISTS tournament_records_by_day ON ${schema}.tournament_records (jurisdiction, gaming_day);`);
    },
    async reset(tx) {
      await tx.query(`TRUNCATE ${schema}.tournament_records`);
    },
  };
};

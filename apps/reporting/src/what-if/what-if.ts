/**
 * The what-if answer: the recorded play of some tables over a period settled again under changed options, per table
 * and per bet, beside what the tables actually held, with the exact house edge of each option (`analyze`) and
 * whether it favours the player (the rules owner's ruling, docs/rules/README.md). Pure: the plays are read elsewhere.
 */
import { analyze, applyWhatIfChanges, betDefinition, holdFigures, isRulebookId, resettle, rulebookById, type BetId, type HoldFigures, type ReplayConfiguration, type SetApart, type WhatIfChange, type WhatIfViolation } from '@app/baccarat';
import type { RecordedPlay } from './recorded-play';

export interface OptionEdge {
  readonly option: string;
  readonly side?: string;
  /** Exact house edge in percent, four decimals (negative: the player's edge). */
  readonly houseEdgePercent: number;
  readonly playerFavourable: boolean;
  readonly note?: string;
}

/**
 * One side of a bet's row: its figures, each option's exact edge and the bet's clause in the rulebook(s) it was settled
 * under (null where no rulebook of that side offers it).
 */
export type WhatIfSide = HoldFigures & { readonly options: readonly OptionEdge[]; readonly clause: string | null };

export interface WhatIfBetRow {
  readonly bet: string;
  readonly actual: WhatIfSide;
  readonly whatIf: WhatIfSide;
  /** Wagers the changed configuration would have refused: counted apart, not guessed. */
  readonly refused: SetApart;
  /** Wagers the published play cannot settle again (see NOT_REPLAYED): counted apart, in `actual` only. */
  readonly notReplayed: SetApart;
}

/** Every bet together: the table's (or all the tables') hold as it was and as it would have been. */
export interface WhatIfTotal {
  readonly actual: HoldFigures;
  readonly whatIf: HoldFigures;
}

/** A configuration the table had in the period (its game, options and rulebook), from when, with its change's clause. */
export interface WhatIfConfiguration {
  readonly from: string;
  readonly clause: string | null;
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
}

export interface WhatIfTable {
  readonly tableId: string;
  readonly coups: number;
  /** The configuration history of the period: each coup's actual is settled under the one in force when it was dealt. */
  readonly configurations: readonly WhatIfConfiguration[];
  readonly bets: readonly WhatIfBetRow[];
  readonly total: WhatIfTotal;
}

export interface WhatIfAnswer {
  readonly from: string;
  readonly to: string;
  readonly changes: readonly WhatIfChange[];
  readonly tables: readonly WhatIfTable[];
  /** The tables together. */
  readonly total: WhatIfTotal;
}

const sum = (rows: readonly HoldFigures[]): HoldFigures =>
  holdFigures(rows.reduce((a, r) => ({ wagers: a.wagers + r.wagers, turnoverCents: a.turnoverCents + r.turnoverCents, paidCents: a.paidCents + r.paidCents, commissionCents: a.commissionCents + r.commissionCents, houseWinCents: a.houseWinCents + r.houseWinCents }), { wagers: 0, turnoverCents: 0, paidCents: 0, commissionCents: 0, houseWinCents: 0 }));
const totalOf = (rows: readonly { readonly actual: HoldFigures; readonly whatIf: HoldFigures }[]): WhatIfTotal => ({ actual: sum(rows.map((r) => r.actual)), whatIf: sum(rows.map((r) => r.whatIf)) });
const figures = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent }: HoldFigures): HoldFigures => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent });

/** A change no table could lawfully have been configured with: each violation names `changes[i].<field>` and the clause. */
export class WhatIfRefused extends Error {
  constructor(readonly violations: readonly (WhatIfViolation & { readonly tableId: string })[]) {
    super(violations.map((v) => `${v.field}: ${v.message} (${v.clause})`).join('; '));
    this.name = 'WhatIfRefused';
  }
}

const analyses = new Map<number, ReturnType<typeof analyze>>();
const analysisAt = (decks: number) => {
  let a = analyses.get(decks);
  if (!a) analyses.set(decks, (a = analyze(decks)));
  return a;
};

/** The exact house edges of `bet` under each option, at the table's decks (one row per hand for a nominated hand). */
export const optionEdges = (decks: number, bet: string, options: readonly string[]): OptionEdge[] =>
  analysisAt(decks)
    .bets.filter((b) => b.bet === bet && options.includes(b.option) && b.length === undefined)
    .map((b) => ({ option: b.option, ...(b.side ? { side: b.side } : {}), houseEdgePercent: Math.round(b.houseEdge * 1e6) / 1e4, playerFavourable: b.playerFavourable, ...(b.note ? { note: b.note } : {}) }));

/**
 * The bet's clause in each of `rulebookIds`, as the rulebook data cites it (Crown Melbourne 5.5.4 for Insurance/No 6,
 * 5.5.17 and 5.9 for Shield, 11.2.1 for Lucky Chase): asked of the rulebook, never written here.
 */
export const betClause = (rulebookIds: readonly string[], bet: string): string | null => {
  const clauses = new Set<string>();
  for (const id of rulebookIds) {
    const clause = isRulebookId(id) ? betDefinition(rulebookById(id), bet as BetId)?.clause : undefined;
    if (clause) clauses.add(clause);
  }
  return clauses.size === 0 ? null : [...clauses].join('; ');
};

/**
 * Answers a what-if over `plays`. Every configuration met (each table's, and each it had in the period) takes the
 * changes; one that cannot refuses the whole question (WhatIfRefused), changing nothing.
 */
export const whatIf = (plays: readonly RecordedPlay[], changes: readonly WhatIfChange[], from: string, to: string): WhatIfAnswer => {
  const changed = new Map<ReplayConfiguration, ReplayConfiguration>();
  const violations: (WhatIfViolation & { tableId: string })[] = [];
  // The first and last instants each configuration was played at: a changed rulebook must be in force at both.
  const played = new Map<ReplayConfiguration, string[]>();
  for (const p of plays) {
    for (const c of p.coups) {
      if (!c.playedAt) continue;
      const span = played.get(c.configuration);
      if (!span) played.set(c.configuration, [c.playedAt, c.playedAt]);
      else if (c.playedAt < span[0]) span[0] = c.playedAt;
      else if (c.playedAt > span[1]) span[1] = c.playedAt;
    }
  }
  const configure = (tableId: string, c: ReplayConfiguration): ReplayConfiguration => {
    let next = changed.get(c);
    if (!next) {
      const r = changes.length === 0 ? { configuration: c, violations: [] } : applyWhatIfChanges(c, changes, played.get(c) ?? []);
      for (const v of r.violations) if (!violations.some((x) => x.field === v.field && x.rule === v.rule)) violations.push({ ...v, tableId });
      changed.set(c, (next = r.configuration));
    }
    return next;
  };
  for (const p of plays) {
    if (p.configuration) configure(p.tableId, p.configuration);
    for (const c of p.coups) configure(p.tableId, c.configuration);
  }
  if (violations.length > 0) throw new WhatIfRefused(violations);
  // A configuration only earlier in the day than the period takes the changes where it lawfully can; where it cannot,
  // it is no question of this what-if: it stays as recorded, and only the table's own advice there holds.
  const earlier = new Map<ReplayConfiguration, ReplayConfiguration>();
  const earlierPlayed = new Map<ReplayConfiguration, string[]>();
  for (const p of plays) for (const c of p.earlier ?? []) if (c.playedAt) earlierPlayed.set(c.configuration, [...(earlierPlayed.get(c.configuration) ?? []), c.playedAt]);
  const configureEarlier = (c: ReplayConfiguration): ReplayConfiguration => {
    let next = changed.get(c) ?? earlier.get(c);
    if (!next) {
      const r = applyWhatIfChanges(c, changes, earlierPlayed.get(c) ?? []);
      earlier.set(c, (next = r.violations.length === 0 ? r.configuration : c));
    }
    return next;
  };
  const tables = plays.map((p): WhatIfTable => {
    // The advice given earlier in the day holds in the period (Crown Melbourne 6.3.1), whatever the period's start.
    const replay = resettle(p.coups, (c) => changed.get(c) ?? c, p.earlier ?? [], changes.length === 0 ? (c) => c : configureEarlier);
    const decks = p.configuration?.decks ?? 8;
    return {
      tableId: p.tableId,
      coups: replay.coups,
      configurations: p.configurations.map(({ from, clause, configuration: c }) => ({ from, clause, rulebookId: c.rulebookId, variant: c.variant, offeredBets: c.offeredBets })),
      total: totalOf(replay.bets.map((b) => ({ actual: figures(b.actual), whatIf: figures(b.whatIf) }))),
      bets: replay.bets.map((b) => ({
        bet: b.bet,
        actual: { ...b.actual, options: optionEdges(decks, b.bet, b.actualOptions), clause: betClause(b.actualRulebooks, b.bet) },
        whatIf: { ...b.whatIf, options: optionEdges(decks, b.bet, b.whatIfOptions), clause: betClause(b.whatIfRulebooks, b.bet) },
        refused: b.refused,
        notReplayed: b.notReplayed,
      })),
    };
  });
  return { from, to, changes, tables, total: totalOf(tables.map((t) => t.total)) };
};

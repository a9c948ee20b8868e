import { luckyTieClause, type LuckyTieRulebook } from '@app/baccarat';
import type { JackpotAttentionFlagged, JackpotAttentionKind } from '@app/contracts';
import type { JackpotState } from './jackpot.events';

/**
 * The table-jackpot link, checked in both directions from each side's published events, never by calling the
 * other service (Crown Melbourne 13.3.1(b): a jackpot operates over one table or a group; 13.4.1: each coup
 * completed at a participating table contributes). A table names its jackpots when it opens (TableOpened) and on
 * every coup (CoupCompleted); a jackpot names its tables when created or changed. Whatever one side names that
 * the other does not know raises a JackpotAttentionFlagged for the TG Area Manager, once per table and link
 * problem until the jackpot's configuration changes, instead of coups silently contributing nothing.
 */

/** What the jackpot service knows of a table from the tables service's TableOpened / TableClosed. */
export interface KnownTable {
  /** The jackpots the table said it plays for when it opened. */
  readonly jackpotIds: readonly string[];
  readonly open: boolean;
}

/** The key a link flag is remembered by, so each problem is flagged once until the configuration changes. */
export const linkFlagKey = (kind: JackpotAttentionKind, tableId: string): string => `${kind}:${tableId}`;

const flagged = (state: JackpotState, kind: JackpotAttentionKind, tableId: string): boolean => state.linkFlags?.[linkFlagKey(kind, tableId)] === true;

const REASONS: Record<string, (jackpotId: string, tableId: string) => string> = {
  'unknown-jackpot': (j, t) => `table ${t} plays for jackpot "${j}", which does not exist: its coups contribute nothing. Create the jackpot with the table, or correct the table's jackpotIds.`,
  'table-not-in-jackpot': (j, t) => `table ${t} plays for jackpot ${j}, which does not list it: its coups contribute nothing. Add the table to the jackpot (PUT /jackpots/${j}/parameters with tableIds) or reopen the table without it.`,
  'unknown-table': (j, t) => `jackpot ${j} lists table ${t}, which the tables service has not opened: it contributes once it opens naming ${j}. If the id is wrong, correct the jackpot's tableIds.`,
  'table-does-not-name-jackpot': (j, t) => `jackpot ${j} lists table ${t}, which opened without it: its coups contribute nothing. Reopen the table with jackpotIds including ${j}, or take it off the jackpot.`,
};

export const linkFlag = (rb: LuckyTieRulebook, jackpotId: string, kind: JackpotAttentionKind, tableId: string, now: string, coup: { readonly shoeId: string; readonly coupId: string } = { shoeId: '', coupId: '' }): JackpotAttentionFlagged => ({
  type: 'JackpotAttentionFlagged',
  jackpotId,
  kind,
  tableId,
  shoeId: coup.shoeId,
  coupId: coup.coupId,
  hitId: null,
  amountCents: 0,
  reason: REASONS[kind](jackpotId, tableId),
  notify: 'area-manager',
  flaggedAt: now,
  clause: luckyTieClause(rb, 'links'),
});

/** A flag for this problem unless it was raised already. */
export const linkFlagOnce = (rb: LuckyTieRulebook, state: JackpotState, jackpotId: string, kind: JackpotAttentionKind, tableId: string, now: string, coup?: { readonly shoeId: string; readonly coupId: string }): JackpotAttentionFlagged[] =>
  flagged(state, kind, tableId) ? [] : [linkFlag(rb, jackpotId, kind, tableId, now, coup)];

/**
 * When a jackpot is created or its tables change: each listed table the tables service has not opened, or
 * opened without this jackpot, and each table dropped from the list that still plays for it. `knownTables`
 * undefined: nothing is known of the tables (no check).
 */
export const linkFlagsOnConfiguration = (
  rb: LuckyTieRulebook,
  jackpotId: string,
  tableIds: readonly string[],
  previousTableIds: readonly string[],
  knownTables: Readonly<Record<string, KnownTable>> | undefined,
  now: string,
): JackpotAttentionFlagged[] => {
  if (!knownTables) return [];
  const flags: JackpotAttentionFlagged[] = [];
  for (const tableId of tableIds) {
    const table = knownTables[tableId];
    if (!table) flags.push(linkFlag(rb, jackpotId, 'unknown-table', tableId, now));
    else if (table.open && !table.jackpotIds.includes(jackpotId)) flags.push(linkFlag(rb, jackpotId, 'table-does-not-name-jackpot', tableId, now));
  }
  for (const tableId of previousTableIds.filter((t) => !tableIds.includes(t))) {
    const table = knownTables[tableId];
    if (table?.open && table.jackpotIds.includes(jackpotId)) flags.push(linkFlag(rb, jackpotId, 'table-not-in-jackpot', tableId, now));
  }
  return flags;
};

/** A table opened (TableOpened), offered to every jackpot it names and every jackpot that lists it. */
export type CheckTableOpening = {
  readonly type: 'CheckTableOpening';
  /** The jackpot of this stream (the state of a jackpot never created knows no id). */
  readonly jackpotId: string;
  readonly tableId: string;
  /** Whether the table named this jackpot among its jackpotIds. */
  readonly namesJackpot: boolean;
  readonly sourceEventId: string;
  readonly now: string;
};

export const decideTableOpened = (rb: LuckyTieRulebook, command: CheckTableOpening, state: JackpotState): JackpotAttentionFlagged[] => {
  const { jackpotId, tableId, namesJackpot, now } = command;
  if (!state.exists) return namesJackpot ? linkFlagOnce(rb, state, jackpotId, 'unknown-jackpot', tableId, now) : [];
  const listed = state.tableIds.includes(tableId);
  if (namesJackpot && !listed) return linkFlagOnce(rb, state, jackpotId, 'table-not-in-jackpot', tableId, now);
  if (!namesJackpot && listed) return linkFlagOnce(rb, state, jackpotId, 'table-does-not-name-jackpot', tableId, now);
  return [];
};

/** Where each table of the link stands now, for the console (computed when read, so it is always current). */
export type LinkStatus = 'linked' | 'table-not-opened' | 'table-closed' | 'table-does-not-name-jackpot' | 'table-not-in-jackpot';

export const linkStatuses = (jackpotId: string, tableIds: readonly string[], knownTables: Readonly<Record<string, KnownTable>>): { tableId: string; status: LinkStatus }[] => {
  const listed = tableIds.map((tableId) => {
    const t = knownTables[tableId];
    const status: LinkStatus = !t ? 'table-not-opened' : !t.open ? 'table-closed' : t.jackpotIds.includes(jackpotId) ? 'linked' : 'table-does-not-name-jackpot';
    return { tableId, status };
  });
  const strangers = Object.entries(knownTables)
    .filter(([tableId, t]) => t.open && t.jackpotIds.includes(jackpotId) && !tableIds.includes(tableId))
    .map(([tableId]) => ({ tableId, status: 'table-not-in-jackpot' as const }));
  return [...listed, ...strangers];
};

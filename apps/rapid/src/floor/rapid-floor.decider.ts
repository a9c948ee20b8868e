/**
 * The Rapid Baccarat tables of the casino: which tables are open, the pay-table option each bet uses there and the
 * ATS of each. Rapid 10.1 (footnote): every table offering a side wager must offer the same payout odds, and the
 * rulebook has no floors, so a table is checked against every Rapid table of the casino (the stream is the
 * casino's: the rulebook's operator); libs/baccarat's `validateRapidUniformity` says which bets the rule covers
 * and which betting areas share one option (the Dragon Bonus as a whole). Rapid 2.2(a), 4.3, 6.1: an ATS is part
 * of one gaming table, so an ATS already at another table is refused. Pure.
 */
import { atsPoliciesFor, rulebookById, validateRapidUniformity, type BetId, type TableConfiguration } from '@app/baccarat';
import { ruleViolation, type RapidFloorEvent } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { tableAlreadyOpen } from '../table/rapid-table.decider';

export interface RegisterTable {
  readonly type: 'RegisterTable';
  /** The casino's registry id (the rulebook's operator). */
  readonly floorId: string;
  readonly tableId: string;
  readonly rulebookId: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  readonly atsIds: readonly string[];
  /**
   * Tables opened before the casino kept one registry (each on a floor of its own): registered first, as they are,
   * when the registry is still empty, so the new table is held to them too (their own disagreements stay theirs).
   */
  readonly earlierTables?: readonly { readonly tableId: string; readonly offeredBets: readonly { readonly bet: string; readonly option: string }[]; readonly atsIds: readonly string[] }[];
  readonly now: string;
}

export type RapidFloorCommand = RegisterTable;

export interface RapidFloorState {
  /** Each table's offered bets, in the order the tables were registered. */
  readonly tables: Readonly<Record<string, readonly { readonly bet: string; readonly option: string }[]>>;
  /** ATS id → the table it belongs to (2.2(a)). */
  readonly tableOfAts: Readonly<Record<string, string>>;
}

const asConfiguration = (offeredBets: readonly { bet: string; option: string }[]): TableConfiguration => ({
  variant: 'traditional',
  offeredBets: offeredBets.map((b) => ({ bet: b.bet as BetId, option: b.option })),
  decks: 8,
  limits: { perBet: {} },
  minimumChip: 1,
  tournament: false,
});

export const decideRapidFloor = (c: RapidFloorCommand, given: RapidFloorState): readonly RapidFloorEvent[] => {
  const rulebook = rulebookById(c.rulebookId);
  const { table } = atsPoliciesFor(rulebook);
  const adopted: RapidFloorEvent[] =
    Object.keys(given.tables).length > 0
      ? []
      : (c.earlierTables ?? [])
          .filter((t) => t.tableId !== c.tableId)
          .map((t) => ({ type: 'RapidTableRegistered', floorId: c.floorId, tableId: t.tableId, offeredBets: t.offeredBets, atsIds: t.atsIds, registeredAt: c.now, clause: `${table.uniformPayTablesClause}; ${table.oneTablePerAtsClause}` }));
  const s = adopted.reduce(evolveRapidFloor, given);
  return [...adopted, ...registerTable(c, s)];
};

const registerTable = (c: RegisterTable, s: RapidFloorState): RapidFloorEvent[] => {
  const rulebook = rulebookById(c.rulebookId);
  const { table } = atsPoliciesFor(rulebook);
  if (s.tables[c.tableId]) throw tableAlreadyOpen(c.tableId, table.stationsClause);
  const others = Object.entries(s.tables);
  const violations = validateRapidUniformity(rulebook, [...others.map(([, bets]) => asConfiguration(bets)), asConfiguration(c.offeredBets)]);
  const mine = violations.find((v) => v.field.startsWith(`tables[${others.length}]`));
  if (mine) {
    const index = Number(/offeredBets\[(\d+)\]/.exec(mine.field)?.[1] ?? 0);
    const message = mine.message.replace(/tables\[(\d+)\]/, (_, i: string) => `table ${others[Number(i)]?.[0] ?? c.tableId}`);
    throw ruleViolation(mine.rule, `${message} Open table ${c.tableId} with that option.`, mine.clause, `offeredBets[${index}].option`);
  }
  const taken = c.atsIds.findIndex((atsId) => s.tableOfAts[atsId] !== undefined && s.tableOfAts[atsId] !== c.tableId);
  if (taken >= 0) {
    const atsId = c.atsIds[taken];
    throw ruleViolation(
      'ATS_AT_ANOTHER_TABLE',
      `ATS ${atsId} is part of table ${s.tableOfAts[atsId]}: an ATS belongs to one table (${table.oneTablePerAtsClause}); list an ATS of its own for table ${c.tableId}.`,
      table.oneTablePerAtsClause,
      `stations[${taken}].atsId`,
    );
  }
  return [{ type: 'RapidTableRegistered', floorId: c.floorId, tableId: c.tableId, offeredBets: c.offeredBets, atsIds: c.atsIds, registeredAt: c.now, clause: `${table.uniformPayTablesClause}; ${table.oneTablePerAtsClause}` }];
};

export const evolveRapidFloor = (s: RapidFloorState, e: RapidFloorEvent): RapidFloorState => {
  switch (e.type) {
    case 'RapidTableRegistered': {
      const tableOfAts = { ...s.tableOfAts };
      for (const atsId of e.atsIds ?? []) tableOfAts[atsId] = e.tableId;
      return { tables: { ...s.tables, [e.tableId]: e.offeredBets }, tableOfAts };
    }
    default: {
      const never: never = e.type;
      return never;
    }
  }
};

export const rapidFloorDecider: Decider<RapidFloorCommand, RapidFloorEvent, RapidFloorState> = {
  decide: decideRapidFloor,
  evolve: evolveRapidFloor,
  initialState: () => ({ tables: {}, tableOfAts: {} }),
};

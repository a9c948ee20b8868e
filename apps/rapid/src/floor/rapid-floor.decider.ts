/**
 * The Rapid Baccarat floor: which tables are open and the pay-table option each bet uses there. Rapid 10.1
 * (footnote): every table offering a side wager must offer the same payout odds, so a table whose option
 * differs from another table's for the same bet is refused. libs/baccarat's `validateRapidUniformity` says which
 * bets the rule covers. Pure.
 */
import { atsPoliciesFor, rulebookById, validateRapidUniformity, type BetId, type TableConfiguration } from '@app/baccarat';
import { conflict, ruleViolation, type RapidFloorEvent } from '@app/contracts';
import type { Decider } from '@app/event-store';

export interface RegisterTable {
  readonly type: 'RegisterTable';
  readonly floorId: string;
  readonly tableId: string;
  readonly rulebookId: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  readonly now: string;
}

export type RapidFloorCommand = RegisterTable;

export interface RapidFloorState {
  readonly tables: Readonly<Record<string, readonly { readonly bet: string; readonly option: string }[]>>;
}

const asConfiguration = (offeredBets: readonly { bet: string; option: string }[]): TableConfiguration => ({
  variant: 'traditional',
  offeredBets: offeredBets.map((b) => ({ bet: b.bet as BetId, option: b.option })),
  decks: 8,
  limits: { perBet: {} },
  minimumChip: 1,
  tournament: false,
});

export const decideRapidFloor = (c: RapidFloorCommand, s: RapidFloorState): readonly RapidFloorEvent[] => {
  if (s.tables[c.tableId]) throw conflict('RAPID_TABLE_EXISTS', `Table ${c.tableId} is already on floor ${c.floorId}.`);
  const others = Object.values(s.tables);
  const rulebook = rulebookById(c.rulebookId);
  const violations = validateRapidUniformity(rulebook, [...others.map(asConfiguration), asConfiguration(c.offeredBets)]);
  const mine = violations.find((v) => v.field.startsWith(`tables[${others.length}]`));
  if (mine) {
    const index = Number(/offeredBets\[(\d+)\]/.exec(mine.field)?.[1] ?? 0);
    throw ruleViolation(mine.rule, `${mine.message.replace(/tables\[\d+\]/, 'another table on this floor')}`, mine.clause, `offeredBets[${index}].option`);
  }
  return [{ type: 'RapidTableRegistered', floorId: c.floorId, tableId: c.tableId, offeredBets: c.offeredBets, registeredAt: c.now, clause: atsPoliciesFor(rulebook).table.uniformPayTablesClause }];
};

export const evolveRapidFloor = (s: RapidFloorState, e: RapidFloorEvent): RapidFloorState => {
  switch (e.type) {
    case 'RapidTableRegistered':
      return { tables: { ...s.tables, [e.tableId]: e.offeredBets } };
    default: {
      const never: never = e.type;
      return never;
    }
  }
};

export const rapidFloorDecider: Decider<RapidFloorCommand, RapidFloorEvent, RapidFloorState> = {
  decide: decideRapidFloor,
  evolve: evolveRapidFloor,
  initialState: () => ({ tables: {} }),
};

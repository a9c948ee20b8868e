import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import type { DomainError } from '@app/contracts';
import { atsAccountDecider, type AtsAccountCommand, type RoundContext } from './account/ats-account.decider';
import type { AtsAccountEvent, AtsAccountState } from './account/ats-account.events';
import { requireOwnStation, requireStationOfTable } from './rapid-authority.decider';
import { rapidTableDecider } from './table/rapid-table.decider';
import { at, ats, DEALER, openTable, T0, TERMS } from './test-support/rapid-fixtures';

const P = CROWN_MELBOURNE_RAPID_ATS;
const refused = (act: () => unknown): DomainError => {
  try {
    act();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
};
const ROUND: RoundContext = { roundId: 'R1', status: 'wagering', periodEndsAt: at(30), voidedForStation: false };
const account = (commands: AtsAccountCommand[]): AtsAccountState => {
  let state = atsAccountDecider.initialState();
  for (const c of commands) state = atsAccountDecider.decide(c, state).reduce((s: AtsAccountState, e: AtsAccountEvent) => atsAccountDecider.evolve(s, e), state);
  return state;
};
const opened: AtsAccountCommand = { type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: { atsId: 'T1-ATS01', remote: false, printer: false }, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 100_000, actor: DEALER, now: T0 };
const show = (over: Partial<{ round: RoundContext; now: string; atsId: string }> = {}): AtsAccountCommand => ({ type: 'ShowWagers', round: over.round ?? ROUND, terms: TERMS, wagers: [{ bet: 'banker', amountCents: 10_000 }], actor: ats(over.atsId ?? 'T1-ATS01'), now: over.now ?? at(5) });
const cashOut: AtsAccountCommand = { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(6) };
const tableState = rapidTableDecider.decide(openTable('T1'), rapidTableDecider.initialState()).reduce(rapidTableDecider.evolve, rapidTableDecider.initialState());

describe('Rapid refusals name the field they concern and the clause they rest on', () => {
  const cases: Array<{ code: string; clause: string; field: string; refusal: () => DomainError }> = [
    { code: 'FOREIGN_ACCOUNT', clause: P.layout.ownStationClause, field: 'accountId', refusal: () => refused(() => atsAccountDecider.decide(show({ atsId: 'T1-ATS02' }), account([opened]))) },
    { code: 'FOREIGN_ACCOUNT', clause: P.layout.ownStationClause, field: 'atsId', refusal: () => refused(() => requireOwnStation(ats('T1-ATS02'), 'T1-ATS01', P.layout.ownStationClause)) },
    { code: 'ATS_OF_ANOTHER_TABLE', clause: P.table.oneTablePerAtsClause, field: 'tableId', refusal: () => refused(() => requireStationOfTable(ats('T2-ATS01'), 'T1', ['T1-ATS01'], P.table.oneTablePerAtsClause)) },
    { code: 'WAGERING_PERIOD_ENDED', clause: P.lockedAfterPeriod.clause, field: 'wagers', refusal: () => refused(() => atsAccountDecider.decide(show({ now: at(30) }), account([opened]))) },
    {
      code: 'ACCOUNT_FROZEN',
      clause: P.wrongOutcome.clause,
      field: 'accountId',
      refusal: () => refused(() => atsAccountDecider.decide(show({ round: { ...ROUND, roundId: 'R2' } }), account([opened, show(), { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(50) }]))),
    },
    { code: 'WAGERS_IN_PLAY', clause: `${P.settleAsShownAtExpiry.clause}; ${P.cashOut.clause}`, field: 'accountId', refusal: () => refused(() => atsAccountDecider.decide(cashOut, account([opened, show()]))) },
    { code: 'RAPID_TABLE_EXISTS', clause: P.table.stationsClause, field: 'tableId', refusal: () => refused(() => rapidTableDecider.decide(openTable('T1'), tableState)) },
  ];

  it.each(cases)('$clause: $code names $field and the clause', ({ code, clause, field, refusal }) => {
    expect(refusal()).toMatchObject({ code, clause, field });
  });
});

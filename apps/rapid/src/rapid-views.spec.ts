import { initialRapidTableState, type RapidTableState } from './table/rapid-table.events';
import { tableView } from './rapid-views';
import { T0 } from './test-support/rapid-fixtures';

const station = (atsId: string, accountId: string) => ({ station: { atsId, remote: false, printer: false }, accountId });

const table: RapidTableState = {
  ...initialRapidTableState(),
  exists: true,
  tableId: 'T1',
  stations: { A1: station('A1', 'acc-1'), A5: station('A5', 'acc-5') },
  claims: {
    c1: { claimId: 'c1', atsId: 'A1', roundId: 'R1', kind: 'malfunction', status: 'upheld' },
    c5: { claimId: 'c5', atsId: 'A5', roundId: 'R1', kind: 'incorrect-outcome', status: 'open' },
  },
};

describe('Rapid 4.3: an ATS sees only its own claims', () => {
  it("an ATS's view of the table lists the claims made at it, never another ATS's", () => {
    expect(tableView(table, 1, T0, 'A5').claims.map((c) => c.claimId)).toEqual(['c5']);
    expect(tableView(table, 1, T0, 'A1').claims.map((c) => c.claimId)).toEqual(['c1']);
  });

  it('staff see every claim at the table', () => {
    expect(tableView(table, 1, T0).claims.map((c) => c.claimId)).toEqual(['c1', 'c5']);
  });
});

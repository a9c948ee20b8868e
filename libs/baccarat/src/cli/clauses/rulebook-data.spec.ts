import { rulebookDataStrings } from './rulebook-data';

describe('the clause strings of a rulebook’s data', () => {
  it('lists every string with a path that names list elements by their id, and the source of a policy', () => {
    const rulebook = {
      id: 'acme-east',
      bets: [{ bet: 'banker', clause: 'Acme East 9.1', payTables: [{ option: 'traditional', clause: 'Acme East Table 3' }] }],
      procedures: { lateWager: (indicator: number) => (indicator === 1 ? { allowed: true, clause: 'Acme East 5.8.7' } : null) },
    };
    const strings = rulebookDataStrings(rulebook);
    expect(strings.filter((s) => s.path !== 'procedures.lateWager')).toEqual([
      { path: 'id', text: 'acme-east' },
      { path: 'bets[banker].bet', text: 'banker' },
      { path: 'bets[banker].clause', text: 'Acme East 9.1' },
      { path: 'bets[banker].payTables[traditional].option', text: 'traditional' },
      { path: 'bets[banker].payTables[traditional].clause', text: 'Acme East Table 3' },
    ]);
    expect(strings.find((s) => s.path === 'procedures.lateWager')?.text).toContain("'Acme East 5.8.7'");
  });
});

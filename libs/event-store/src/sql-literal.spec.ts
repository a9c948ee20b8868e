import { Client } from 'pg';
import { sqlLiteral } from './sql-literal';

describe('sqlLiteral', () => {
  const pg = new Client();
  it.each([
    ['plain', 'BT1-ATS01'],
    ['empty', ''],
    ['quotes', "O'Brien's ''table''"],
    ['backslashes', 'C:\\tables\\"MB-1"'],
    ['JSON with escapes', JSON.stringify([{ note: 'line\nbreak "quoted" \\ \u0001', name: "d'Artagnan" }])],
    ['unicode', 'Crown Melbourne — Rapid 4.8.2(a) 🂡'],
  ])('writes %s text exactly as pg escapeLiteral does', (_, text) => {
    expect(sqlLiteral(text)).toBe(pg.escapeLiteral(text));
  });
});

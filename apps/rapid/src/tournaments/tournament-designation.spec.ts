import { DomainError } from '@app/contracts';
import { tournamentCredit } from './tournament-credit';
import { requireDesignated, tournamentAccountId } from './tournament-sessions.reactor';

const RAPID = 'crown-melbourne-rapid';
const refusal = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('A tournament session at a Rapid table (Rapid 12.3.1, 12.2.1(b))', () => {
  it('Rapid 12.3.1: seats players only at a table the tournament designated', () => {
    expect(() => requireDesignated('TN1', 'RT1', RAPID, { rulebook_id: RAPID, table_ids: ['RT1', 'RT2'] })).not.toThrow();
    const e = refusal(() => requireDesignated('TN1', 'RT3', RAPID, { rulebook_id: RAPID, table_ids: ['RT1', 'RT2'] }));
    expect(e).toMatchObject({ code: 'TABLE_NOT_DESIGNATED', clause: 'Rapid 12.3.1', field: 'tableId' });
    expect(e.message).toContain('RT3');
  });

  it('Rapid 12: refuses a tournament under other rules, or one whose terms this service never saw', () => {
    expect(refusal(() => requireDesignated('TN1', 'RT1', RAPID, { rulebook_id: 'crown-melbourne-v29', table_ids: ['RT1'] }))).toMatchObject({ code: 'TOURNAMENT_NOT_UNDER_TABLE_RULES', clause: 'Rapid 12', field: 'tournamentId' });
    expect(refusal(() => requireDesignated('TN9', 'RT1', RAPID, null)).message).toContain('never published');
  });

  it('Rapid 12.2.1(b): credits a tournament account one unit per whole tournament chip, and refuses a seat whose chips are not whole (a misread unit)', () => {
    expect(tournamentCredit({ entryId: 'E1', chips: 1_000 }, 'Rapid 12.2.1(b)')).toBe(1_000);
    expect(refusal(() => tournamentCredit({ entryId: 'E1', chips: 10.5 }, 'Rapid 12.2.1(b)'))).toMatchObject({ code: 'TOURNAMENT_CHIPS_NOT_WHOLE', clause: 'Rapid 12.2.1(b)', field: 'chips' });
    expect(refusal(() => tournamentCredit({ entryId: 'E1', chips: -1 }, 'Rapid 12.2.1(b)')).code).toBe('TOURNAMENT_CHIPS_NOT_WHOLE');
  });
});

describe('tournament accounts (Rapid 12.2.1(b))', () => {
  it('Rapid 12.2.1(b): a second tournament that names its heat and entries like the first gets accounts of its own', () => {
    const first = tournamentAccountId('spring-cup', 'heat', 'e1');
    const second = tournamentAccountId('autumn-cup', 'heat', 'e1');
    expect(first).not.toBe(second);
    expect([first, second].every((id) => id.startsWith('T.'))).toBe(true);
    expect(tournamentAccountId('spring-cup', 'heat', 'e1')).toBe(first);
  });

  it('Rapid 12.2.1(b): tournaments, sessions and entries whose ids run into one another still get accounts of their own', () => {
    expect(tournamentAccountId('cx', 's.1', 'e1')).not.toBe(tournamentAccountId('cx.s', '1', 'e1'));
    expect(tournamentAccountId('cup', 'h', '1.e1')).not.toBe(tournamentAccountId('cup', 'h.1', 'e1'));
    const long = 'x'.repeat(64);
    expect(tournamentAccountId(long, long, `${long}a`)).not.toBe(tournamentAccountId(long, long, `${long}b`));
  });
});

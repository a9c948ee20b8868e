import { DomainError } from '@app/contracts';
import { RULEBOOKS, playDateAt, rulebookById, rulebookInForce } from './index';

const thrown = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
};

describe('rulebookInForce: the version in force when the play happened', () => {
  it('applies Star 2021 (ILGA, effective 8 July 2021) to a play on 15 May 2024', () => {
    expect(rulebookInForce('star-sydney', '2024-05-15').id).toBe('star-sydney-2021');
  });

  it('applies Star 2024 (NICC) from its effective date, 16 May 2024', () => {
    expect(rulebookInForce('star-sydney', '2024-05-16').id).toBe('star-sydney-2024');
    expect(rulebookInForce('The Star Pty Limited', '2025-01-01T10:00:00+11:00').id).toBe('star-sydney-2024');
  });

  it('has no Star rulebook before 8 July 2021 (not-found)', () => {
    const e = thrown(() => rulebookInForce('the-star-sydney', '2021-07-07'));
    expect(e.kind).toBe('not-found');
    expect(e.code).toBe('RULEBOOK_NOT_IN_FORCE');
  });

  it('finds Crown Melbourne v29 by jurisdiction VIC from 5 August 2025 (Version Control Table 16)', () => {
    expect(rulebookInForce('VIC', '2025-08-05').id).toBe('crown-melbourne-v29');
    expect(thrown(() => rulebookInForce('crown-melbourne', '2025-08-04')).code).toBe('RULEBOOK_NOT_IN_FORCE');
  });

  it('picks Rapid Baccarat for Crown Melbourne when the game is rapid-baccarat (undated text, always in force)', () => {
    expect(rulebookInForce('crown-melbourne', '2019-03-01', 'rapid-baccarat').id).toBe('crown-melbourne-rapid');
    expect(rulebookInForce('crown-melbourne-rapid', '2019-03-01').id).toBe('crown-melbourne-rapid');
  });

  it('refuses NSW alone: it matches both The Star and Crown Sydney', () => {
    const e = thrown(() => rulebookInForce('NSW', '2024-06-01'));
    expect(e.kind).toBe('rule');
    expect(e.code).toBe('RULEBOOK_AMBIGUOUS');
  });

  it('refuses an unknown operator and a malformed date', () => {
    expect(thrown(() => rulebookInForce('Atlantis Casino', '2024-06-01')).kind).toBe('not-found');
    expect(thrown(() => rulebookInForce('star-sydney', '16/05/2024')).code).toBe('INVALID_PLAY_DATE');
  });
});

describe('rulebookById and the catalogue', () => {
  it('holds the five documents under stable ids with jurisdiction, operator and regulator', () => {
    expect(RULEBOOKS.map((r) => [r.id, r.jurisdiction, r.regulator])).toEqual([
      ['crown-melbourne-v29', 'VIC', 'VGCCC'],
      ['crown-melbourne-rapid', 'VIC', 'VCGR'],
      ['star-sydney-2021', 'NSW', 'ILGA'],
      ['star-sydney-2024', 'NSW', 'NICC'],
      ['crown-sydney-guide', 'NSW', 'ILGA'],
    ]);
    expect(rulebookById('star-sydney-2024').operator).toBe('The Star Pty Limited');
  });

  it('throws not-found for an unknown id', () => {
    expect(thrown(() => rulebookById('star-sydney-2019')).kind).toBe('not-found');
  });

  it('cites every pay-table entry and every bet against its own document', () => {
    for (const r of RULEBOOKS) {
      for (const b of r.bets) {
        expect(b.clause.startsWith(r.citation)).toBe(true);
        for (const t of b.payTables) for (const e of t.entries) expect(e.clause.startsWith(r.citation)).toBe(true);
      }
    }
  });
});

describe('playDateAt: the venue\'s calendar date decides the version in force', () => {
  it('reads 00:30 on 16 May 2024 in Sydney from a UTC instant of the 15th (Star 2024, effective 16 May 2024)', () => {
    expect(playDateAt('2024-05-15T14:30:00.000Z', 'Australia/Sydney')).toBe('2024-05-16');
    expect(playDateAt('2024-05-15T13:59:59Z', 'Australia/Sydney')).toBe('2024-05-15');
  });

  it('follows daylight saving in Melbourne and reads offsets and dates without a time', () => {
    expect(playDateAt('2025-01-15T13:30:00Z', 'Australia/Melbourne')).toBe('2025-01-16');
    expect(playDateAt('2025-01-15T12:59:00Z', 'Australia/Melbourne')).toBe('2025-01-15');
    expect(playDateAt('2025-08-04T23:00:00+10:00', 'Australia/Melbourne')).toBe('2025-08-04');
    expect(playDateAt('2024-02-29', 'Australia/Sydney')).toBe('2024-02-29');
  });
});

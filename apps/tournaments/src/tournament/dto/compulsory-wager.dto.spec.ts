import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { violationsFrom } from '@app/platform-kit';
import { PublishTermsDto } from './tournament.dto';

const violations = (compulsoryWager: unknown) => {
  const publish = plainToInstance(PublishTermsDto, { tournamentId: 'rapid-cup', name: 'Rapid Cup', operator: 'crown-melbourne', game: 'rapid-baccarat', terms: { compulsoryWager } });
  return violationsFrom(validateSync(publish)).filter((v) => v.field.startsWith('terms.compulsoryWager'));
};

describe('Rapid 12.2.1(c): the compulsory wager is stated with its consequence', () => {
  it('Rapid 12.2.1(c): takes false, true, or { consequence: minimum-deducted }', () => {
    for (const v of [false, true, { consequence: 'minimum-deducted' }]) expect(violations(v)).toEqual([]);
  });

  it('Rapid 12.2.1(c): refuses a consequence outside the vocabulary or free text, naming the field and the clause', () => {
    for (const v of ['minimum deducted', { consequence: 'fined' }, { consequence: 'minimum-deducted', note: 'x' }, [], 1]) {
      const found = violations(v);
      expect(found.map((x) => x.field)).toEqual(['terms.compulsoryWager']);
      expect(found[0].message).toContain("'minimum-deducted'");
      expect(found[0].message).toContain('Rapid 12.2.1(c)');
    }
  });
});

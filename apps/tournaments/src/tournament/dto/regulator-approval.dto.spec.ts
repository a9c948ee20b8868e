import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { violationsFrom } from '@app/platform-kit';
import { AmendTermsDto, PublishTermsDto } from './tournament.dto';

const violations = (approvedAt: unknown) => {
  const publish = plainToInstance(PublishTermsDto, { tournamentId: 'rapid-cup', name: 'Rapid Cup', operator: 'crown-melbourne', game: 'rapid-baccarat', terms: {}, regulatorApproval: { reference: 'VCGR-2026-17', approvedAt } });
  const amend = plainToInstance(AmendTermsDto, { terms: {}, reason: 'new date', regulatorApproval: { reference: 'VCGR-2026-18', approvedAt } });
  return [...violationsFrom(validateSync(publish)), ...violationsFrom(validateSync(amend))].filter((v) => v.field.startsWith('regulatorApproval'));
};

describe("the regulator's written approval is dated unambiguously (Rapid 12.1.3)", () => {
  it('Rapid 12.1.3: refuses approvedAt written as a time of day without its offset from UTC, naming the field and the clause', () => {
    for (const approvedAt of ['2026-02-10T09:00:00', '2026-02-10T23:30', '2026-02-10T00:00:00.000']) {
      const found = violations(approvedAt);
      expect(found.map((v) => v.field)).toEqual(['regulatorApproval.approvedAt', 'regulatorApproval.approvedAt']);
      for (const v of found) {
        expect(v.message).toContain('regulatorApproval.approvedAt');
        expect(v.message).toContain('Rapid 12.1.3');
        expect(v.message).toMatch(/offset from UTC/);
      }
    }
  });

  it("Rapid 12.1.3: takes a date alone (the venue's date) or a date-time with its offset", () => {
    for (const approvedAt of ['2026-02-10', '2026-02-10T09:00:00+11:00', '2026-02-09T22:00:00Z']) expect(violations(approvedAt)).toEqual([]);
  });

  it('Rapid 12.1.3: refuses a date the calendar lacks, or what is no date at all', () => {
    for (const approvedAt of ['2026-02-30', '2026-02-30T09:00:00+11:00', 'last Tuesday', 20260210]) expect(violations(approvedAt).map((v) => v.field)).toContain('regulatorApproval.approvedAt');
  });
});

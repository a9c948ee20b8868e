import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { violationsFrom } from '@app/platform-kit';
import { TermsDto } from './terms.dto';

/** A time in the terms read as UTC when it says no offset would move a session, a withdrawal deadline or an approval by the venue's offset (10 or 11 hours). */
const fieldsRefused = (terms: object): string[] => violationsFrom(validateSync(plainToInstance(TermsDto, terms))).map((v) => v.field);

describe('times in tournament terms say their offset from UTC', () => {
  it('Crown Melbourne 14.4.1(a)(i), Star 2024 15.4.2(e): the schedule written without an offset from UTC is refused, naming the field', () => {
    expect(fieldsRefused({ schedule: { startsAt: '2026-03-01T09:00:00', endsAt: '2026-03-01T18:00:00+11:00' } })).toEqual(['schedule.startsAt']);
    expect(fieldsRefused({ schedule: { startsAt: '2026-03-01T09:00:00+11:00', endsAt: '2026-03-01' } })).toEqual(['schedule.endsAt']);
    expect(fieldsRefused({ schedule: { startsAt: '2026-03-01T09:00:00+11:00', endsAt: '2026-02-28T23:00:00Z' } })).toEqual([]);
  });

  it('Crown Melbourne 14.4.2(d), Star 2024 15.4.2(i): the withdrawal period ends at a time with its offset from UTC', () => {
    expect(fieldsRefused({ withdrawalPeriod: { endsAt: '2026-02-25T00:00:00' } })).toEqual(['withdrawalPeriod.endsAt']);
    expect(fieldsRefused({ withdrawalPeriod: { endsAt: '2026-02-25T00:00:00+11:00' } })).toEqual([]);
  });

  it("Crown Melbourne 14.4.2(a)(v): the COO's or CEO's approval of employee participation is dated with its offset from UTC", () => {
    const employees = (approvedAt: string) => ({ employeeParticipation: { eventKind: 'charity', approvedBy: 'chief-operating-officer', reference: 'COO-2026-04', approvedAt } });
    expect(fieldsRefused(employees('2026-02-10T09:00:00'))).toEqual(['employeeParticipation.approvedAt']);
    expect(fieldsRefused(employees('2026-02-10T09:00:00+11:00'))).toEqual([]);
  });
});

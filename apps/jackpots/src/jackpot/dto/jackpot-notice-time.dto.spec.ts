import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { violationsFrom } from '@app/platform-kit';
import { ChangeParametersDto, CreateJackpotDto } from './jackpot.dto';

const refused = (cls: new () => object, body: object): string[] =>
  violationsFrom(validateSync(plainToInstance(cls, body))).filter((v) => v.field === 'notifiedToRegulatorAt').map((v) => v.message);

describe('when the VGCCC was notified is an instant (Crown Melbourne 13.4.1(a))', () => {
  it('Crown Melbourne 13.4.1(a): a notification time without its offset from UTC, or a date alone, is refused naming the field, on creation and on a change', () => {
    for (const notifiedToRegulatorAt of ['2026-11-01T09:00:00', '2026-11-01']) {
      expect(refused(CreateJackpotDto, { notifiedToRegulatorAt })).toEqual([expect.stringContaining('notifiedToRegulatorAt must be an ISO 8601 date-time with its offset from UTC')]);
      expect(refused(ChangeParametersDto, { notifiedToRegulatorAt })).toEqual([expect.stringContaining('notifiedToRegulatorAt must be an ISO 8601 date-time with its offset from UTC')]);
    }
  });

  it('Crown Melbourne 13.4.1(a): a notification time with its offset is taken', () => {
    expect(refused(CreateJackpotDto, { notifiedToRegulatorAt: '2026-11-01T09:00:00+11:00' })).toEqual([]);
    expect(refused(ChangeParametersDto, { notifiedToRegulatorAt: '2026-10-31T22:00:00Z' })).toEqual([]);
  });
});

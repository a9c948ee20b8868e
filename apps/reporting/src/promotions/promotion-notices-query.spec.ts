import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { violationsFrom } from '@app/platform-kit';
import { PromotionNoticesQuery } from './promotion-notices.controller';

const refusedFields = (query: object): string[] => violationsFrom(validateSync(plainToInstance(PromotionNoticesQuery, query))).map((v) => v.field);

describe("the promotions notices' period and the time they are judged overdue at are instants", () => {
  it('Star 2024 16.8, 16.11, 16.12: from, to and asOf without an offset from UTC are refused naming the field, for a Sydney day read as UTC would move them by 10 or 11 hours', () => {
    expect(refusedFields({ from: '2026-03-01T00:00:00', to: '2026-03-31', asOf: '2026-04-01T00:00' })).toEqual(['from', 'to', 'asOf']);
    expect(refusedFields({ from: '2026-03-01T00:00:00+11:00', to: '2026-03-31T13:00:00Z', asOf: '2026-04-01T00:00:00+11:00' })).toEqual([]);
    expect(refusedFields({})).toEqual([]);
  });
});

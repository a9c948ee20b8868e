import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { FIELD_REQUIRED, violationsFrom } from '@app/platform-kit';
import { BuyChipsDto, DisqualifyDto, EnterDto, PublishTermsDto } from './tournament.dto';
import { TermsDto } from './terms.dto';

const violations = (dto: new () => object, body: object) => violationsFrom(validateSync(plainToInstance(dto, body)));

describe('a required field left out is refused FIELD_REQUIRED naming the field and the clause that requires it', () => {
  it('Star 2024 15.4.2(a); Crown Melbourne 14.4.1(a)(ii): an entry without feePaidCents is told the fee is required, not that it must be a whole number of at least 0', () => {
    const found = violations(EnterDto, { entryId: 'e1', patronId: 'P1', entitledToGamble: true });
    expect(found).toEqual([expect.objectContaining({ field: 'feePaidCents', rule: FIELD_REQUIRED, clause: expect.stringContaining('Star 15.4.2(a)') })]);
    expect(found[0].message).toMatch(/^feePaidCents is required \(.*\): send the entry fee paid, in cents/);
  });

  it('Star 2024 15.4.2(h)(i): an entry without entitledToGamble is refused FIELD_REQUIRED with the eligibility clause', () => {
    expect(violations(EnterDto, { entryId: 'e1', patronId: 'P1', feePaidCents: 10_000 })).toEqual([expect.objectContaining({ field: 'entitledToGamble', rule: FIELD_REQUIRED, clause: expect.stringContaining('Star 15.4.2(h)(i)') })]);
  });

  it('Star 2024 15.4.1: publishing terms without a tournament id, name or operator names each field required', () => {
    expect(violations(PublishTermsDto, { terms: {} }).map((v) => [v.field, v.rule])).toEqual([
      ['tournamentId', FIELD_REQUIRED],
      ['name', FIELD_REQUIRED],
      ['operator', FIELD_REQUIRED],
    ]);
  });

  it('Star 2024 15.3.2-15.3.4: terms refunds without cancellationPercent name the field required and the clause', () => {
    const found = violations(TermsDto, { refunds: { lateWithdrawalPercent: 0, retirementPercent: 0, disqualificationPercent: 0 } });
    expect(found).toEqual([expect.objectContaining({ field: 'refunds.cancellationPercent', rule: FIELD_REQUIRED, clause: expect.stringContaining('Star 15.3.2-15.3.4') })]);
  });

  it('Star 2024 15.5.7: a disqualification without its reason, and a re-buy without its price (Star 2024 15.4.2(g)), are refused FIELD_REQUIRED', () => {
    expect(violations(DisqualifyDto, { description: 'Exchanged chips' })).toEqual([expect.objectContaining({ field: 'reason', rule: FIELD_REQUIRED, clause: expect.stringContaining('Star 15.5.6.2, 15.5.7') })]);
    expect(violations(BuyChipsDto, { kind: 're-buy' })).toEqual([expect.objectContaining({ field: 'feePaidCents', rule: FIELD_REQUIRED, clause: expect.stringContaining('Star 15.4.2(g)') })]);
  });
});

import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { createValidationPipe } from './platform-validation-pipe';

/**
 * Unknown fields are refused, not dropped, so a misspelling is not silently ignored. class-transformer skipped
 * names that are special in JavaScript (`prototype`, `constructor`, `__proto__`, and any name an object inherits
 * such as `toString`) before class-validator looked for unknown ones, so those passed. Every name is refused alike.
 */
class Parameters {
  @IsInt() contributionBasisPoints!: number;
  @IsOptional() @IsObject() labels?: Record<string, string>;
}
class Adjust {
  @IsInt() amountCents!: number;
  @IsString() @MaxLength(500) reason!: string;
  @IsOptional() @ValidateNested() @Type(() => Parameters) parameters?: Parameters;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Parameters) history?: Parameters[];
}

const SPECIAL = ['prototype', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const transform = (json: string, type: 'body' | 'query' = 'body') => createValidationPipe().transform(JSON.parse(json), { type, metatype: Adjust });
const refusal = async (json: string, type: 'body' | 'query' = 'body') => {
  try {
    await transform(json, type);
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse() as { violations: { field: string; rule: string }[] };
    throw error;
  }
  throw new Error(`${json} was accepted`);
};
const unknownField = (field: string) => [expect.objectContaining({ field, rule: 'UNKNOWN_FIELD' })];

describe('a field of any name the DTO does not declare is refused naming it, whatever its name', () => {
  it.each(SPECIAL)('%s beside the known fields', async (name) => {
    expect((await refusal(`{"amountCents":1,"reason":"x","${name}":{"polluted":true}}`)).violations).toEqual(unknownField(name));
    expect((await refusal(`{"amountCents":1,"reason":"x","${name}":1}`, 'query')).violations).toEqual(unknownField(name));
  });

  it.each(SPECIAL)('%s inside a nested object, a list item and a free-form map', async (name) => {
    expect((await refusal(`{"amountCents":1,"reason":"x","parameters":{"contributionBasisPoints":5,"${name}":{}}}`)).violations).toEqual(unknownField(`parameters.${name}`));
    expect((await refusal(`{"amountCents":1,"reason":"x","history":[{"contributionBasisPoints":5,"${name}":"x"}]}`)).violations).toEqual(unknownField(`history.0.${name}`));
    expect((await refusal(`{"amountCents":1,"reason":"x","parameters":{"contributionBasisPoints":5,"labels":{"${name}":"x"}}}`)).violations).toEqual(unknownField(`parameters.labels.${name}`));
  });

  it('the declared fields pass, and nothing reaches a prototype', async () => {
    const dto = (await transform('{"amountCents":1,"reason":"x","parameters":{"contributionBasisPoints":5,"labels":{"en":"Lucky Tie"}}}')) as Adjust;
    expect(dto).toMatchObject({ amountCents: 1, reason: 'x', parameters: { contributionBasisPoints: 5, labels: { en: 'Lucky Tie' } } });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('a special name is named even when the body has other problems', () => {
  it('prototype beside a missing field', async () => {
    const body = await refusal('{"reason":"x","prototype":{}}');
    expect(body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'prototype', rule: 'UNKNOWN_FIELD' }), expect.objectContaining({ field: 'amountCents' })]));
  });
});

import { Type } from 'class-transformer';
import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { createValidationPipe } from './platform-validation-pipe';
import { BadRequestException } from '@nestjs/common';
import { clauseContext, FIELD_REQUIRED, RequiredField } from './required-field';
import { violationsBody } from './validation-violations';

class Limits {
  @IsInt() @Min(1) minimum!: number;
  @IsInt() @Min(1) maximum!: number;
}

class Seat {
  @IsInt() @Min(1) number!: number;
}

class OpenTable {
  @IsString() tableId!: string;
  @ValidateNested() @Type(() => Limits) limits!: Limits;
  @ValidateNested({ each: true }) @Type(() => Seat) seats!: Seat[];
}

const rejectionOf = async (body: unknown) => {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: OpenTable });
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse() as Record<string, unknown>;
    throw error;
  }
  throw new Error('expected the body to be rejected');
};

const valid = { tableId: 'T1', limits: { minimum: 10, maximum: 500 }, seats: [{ number: 1 }] };

describe('validation errors', () => {
  it('name the nested field path and the class-validator rule', async () => {
    const body = await rejectionOf({ ...valid, limits: { minimum: 10, maximum: 0 } });
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request is invalid: limits.maximum must not be less than 1.',
      violations: [{ field: 'limits.maximum', rule: 'min', message: 'limits.maximum must not be less than 1' }],
      code: 'min',
      field: 'limits.maximum',
    });
  });

  it('name array items by index', async () => {
    const body = await rejectionOf({ ...valid, seats: [{ number: 1 }, { number: 'two' }] });
    expect(body.violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'seats.1.number', rule: 'isInt' })]),
    );
  });

  it('refuse a list where one object is expected (an empty list has no element to fail), naming the field', async () => {
    for (const limits of [[], [[[]]], [{ minimum: 10, maximum: 500 }]]) {
      const body = await rejectionOf({ ...valid, limits });
      expect(body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'limits', rule: 'isObject' })]));
    }
  });

  it('accept a list where the property is one (seats)', async () => {
    await expect(createValidationPipe().transform(valid, { type: 'body', metatype: OpenTable })).resolves.toBeInstanceOf(OpenTable);
  });

  it('refuse unknown fields instead of dropping them, so a misspelling is not silently ignored: UNKNOWN_FIELD at the top of the body too, naming the field and saying what to do', async () => {
    const body = await rejectionOf({ ...valid, limits: { minimum: 10, maximun: 500, maximum: 500 } });
    expect(body.violations).toEqual([
      { field: 'limits.maximun', rule: 'UNKNOWN_FIELD', message: 'limits.maximun is not a field of this operation (the operation does not take it): remove it, or check its spelling against the API document' },
    ]);
    expect(body).toMatchObject({ code: 'UNKNOWN_FIELD', field: 'limits.maximun' });
    expect(body).not.toHaveProperty('clause');
  });

  it('name the rule and field of the first violation at the top of the body where no violation names a clause, as every refusal has a code', async () => {
    const body = await rejectionOf({ ...valid, limits: { minimum: 0, maximum: 500 } });
    expect(body).toMatchObject({ code: 'min', field: 'limits.minimum' });
  });

  it('name a value of the wrong type for its type alone, not for bounds a text cannot meet', async () => {
    const body = await rejectionOf({ ...valid, limits: { minimum: '10', maximum: 500 } });
    expect(body.violations).toEqual([{ field: 'limits.minimum', rule: 'isInt', message: expect.stringContaining('integer') }]);
    expect(body).toMatchObject({ code: 'isInt', field: 'limits.minimum' });
  });

  it('count the problems when there are several', async () => {
    const body = await rejectionOf({ limits: { minimum: 0, maximum: 0 }, seats: [] });
    expect(body.message).toMatch(/^The request has 3 problems: tableId must be a string; limits.minimum must not be less than 1; limits.maximum/);
  });

  it('let a valid body through as a DTO instance', async () => {
    const dto = await createValidationPipe().transform(valid, { type: 'body', metatype: OpenTable });
    expect(dto).toBeInstanceOf(OpenTable);
    expect(dto.limits).toBeInstanceOf(Limits);
  });
});

describe('a required field with its clause (RequiredField)', () => {
  class Report {
    @RequiredField('Rapid 11.14', 'when it occurred') @IsString(clauseContext('Rapid 11.14')) occurredAt!: string;
    @IsString() note!: string;
  }
  const refusal = async (body: unknown) => {
    try {
      await createValidationPipe().transform(body, { type: 'body', metatype: Report });
    } catch (error) {
      if (error instanceof BadRequestException) return error.getResponse() as Record<string, unknown>;
      throw error;
    }
    throw new Error('expected the body to be rejected');
  };

  it('missing, is FIELD_REQUIRED alone, naming the field, the rule and the clause at the top of the body and saying what to send', async () => {
    const body = await refusal({ note: 'x' });
    expect(body).toMatchObject({ statusCode: 400, code: FIELD_REQUIRED, clause: 'Rapid 11.14', field: 'occurredAt', message: 'The request is invalid: occurredAt is required (Rapid 11.14): send when it occurred.' });
    expect(body.violations).toEqual([{ field: 'occurredAt', rule: FIELD_REQUIRED, clause: 'Rapid 11.14', message: 'occurredAt is required (Rapid 11.14): send when it occurred' }]);
  });

  it('sent but wrong, names the rule broken with the clause; a field without a clause adds none', async () => {
    const body = await refusal({ occurredAt: 5 });
    expect(body).toMatchObject({ code: 'isString', clause: 'Rapid 11.14', field: 'occurredAt' });
    expect(body.violations).toEqual([expect.objectContaining({ field: 'occurredAt', rule: 'isString', clause: 'Rapid 11.14' }), { field: 'note', rule: 'isString', message: 'note must be a string' }]);
  });

  it('a message ending in a full stop is not given a second one', () => {
    expect(violationsBody([{ field: 'atsId', rule: 'ATS_ID_REQUIRED', message: 'give atsId (Rapid 11.14).' }]).message).toBe('The request is invalid: give atsId (Rapid 11.14).');
  });
});

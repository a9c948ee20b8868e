import { Type } from 'class-transformer';
import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { createValidationPipe } from './platform-validation-pipe';
import { BadRequestException } from '@nestjs/common';

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

  it('refuse unknown fields instead of dropping them, so a misspelling is not silently ignored', async () => {
    const body = await rejectionOf({ ...valid, limits: { minimum: 10, maximun: 500, maximum: 500 } });
    expect(body.violations).toEqual([
      { field: 'limits.maximun', rule: 'whitelistValidation', message: 'property maximun should not exist' },
    ]);
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

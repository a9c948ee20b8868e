import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, Matches, ValidateNested } from 'class-validator';
import { createValidationPipe } from './platform-validation-pipe';

/**
 * A list of objects whose items are themselves lists (`"cards": [[]]`): class-validator walks into the inner
 * list looking for objects, finds none, and lets it through, so the handler read a field of an array and
 * answered 500 (POST /tables/{tableId}/coups/{coupId}/cards/batch). Every such item is refused, naming it.
 */
class Card {
  @Matches(/^(10|[2-9TJQKA])[SHDC]$/) card!: string;
  @IsOptional() @IsIn(['player', 'banker']) hand?: string;
}
class Cards {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(6) @ValidateNested({ each: true }) @Type(() => Card) cards!: Card[];
}
class Shoe {
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Cards) deals?: Cards[];
}

const refusal = async (metatype: unknown, json: string) => {
  try {
    await createValidationPipe().transform(JSON.parse(json), { type: 'body', metatype: metatype as never });
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse() as { violations: { field: string; rule: string }[] };
    throw error;
  }
  throw new Error(`${json} was accepted`);
};

describe('a list of objects holding lists is refused naming the item, never handed to a handler', () => {
  it.each(['{"cards":[[]]}', '{"cards":[[[]]]}', '{"cards":[[{"card":"KH"}]]}', '{"cards":[{"card":"KH"},[]]}'])('%s', async (json) => {
    const body = await refusal(Cards, json);
    expect(body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^cards\.\d$/), rule: 'isObject' })]));
  });

  it('deeper down too, with the full path', async () => {
    const body = await refusal(Shoe, '{"deals":[{"cards":[{"card":"KH"}]},{"cards":[[]]}]}');
    expect(body.violations).toEqual([expect.objectContaining({ field: 'deals.1.cards.0', rule: 'isObject' })]);
  });

  it('a list of cards is still a list of cards', async () => {
    await expect(createValidationPipe().transform({ cards: [{ card: 'KH' }, { card: '10S', hand: 'banker' }] }, { type: 'body', metatype: Cards })).resolves.toBeInstanceOf(Cards);
  });
});

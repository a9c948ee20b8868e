import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { createValidationPipe } from './platform-validation-pipe';

/**
 * Free text a regulator reads (a reason for a limit change, an irregularity, a payment correction, a jackpot
 * adjustment) must read as it was recorded. A control character (a terminal escape among them) or a
 * bidirectional override or isolate could make it display differently from what was stored, so every string of
 * every request is refused when it holds one, naming the field; anything else is stored exactly as typed. A
 * reason is one line: tab, line feed and carriage return are control characters too.
 */
class Note {
  @IsString() @MaxLength(500) text!: string;
}
class Correction {
  @IsString() @MaxLength(500) reason!: string;
  @IsOptional() @ValidateNested() @Type(() => Note) note?: Note;
  @IsOptional() @IsArray() @IsString({ each: true }) contents?: string[];
  @IsOptional() @IsObject() terms?: Record<string, string>;
}

const transform = (body: unknown, type: 'body' | 'query' = 'body') => createValidationPipe().transform(body, { type, metatype: Correction });
const refusal = async (body: unknown, type: 'body' | 'query' = 'body') => {
  try {
    await transform(body, type);
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse() as { violations: { field: string; rule: string; message: string }[] };
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} was accepted`);
};

const DECEIVING: [string, string][] = [
  ['right-to-left override U+202E', 'refund \u202e001$ of'],
  ['left-to-right override U+202D', 'a\u202db'],
  ['left-to-right embedding U+202A', 'a\u202ab'],
  ['right-to-left embedding U+202B', 'a\u202bb'],
  ['pop directional formatting U+202C', 'a\u202cb'],
  ['left-to-right isolate U+2066', 'a\u2066b'],
  ['right-to-left isolate U+2067', 'a\u2067b'],
  ['first strong isolate U+2068', 'a\u2068b'],
  ['pop directional isolate U+2069', 'a\u2069b'],
  ['left-to-right mark U+200E', 'a\u200eb'],
  ['right-to-left mark U+200F', 'a\u200fb'],
  ['a terminal escape (ESC [)', 'ok\u001b[2K\u001b[1Gapproved'],
  ['a C1 control sequence introducer U+009B', 'ok\u009b2K'],
  ['a bell', 'a\u0007'],
  ['a backspace', 'voided\u0008\u0008\u0008'],
  ['a delete U+007F', 'a\u007f'],
  ['a tab', 'a\tb'],
  ['a line feed', 'first line\nsecond line'],
  ['a carriage return', 'approved\rrefused'],
  ['a line separator U+2028', 'a\u2028b'],
  ['a paragraph separator U+2029', 'a\u2029b'],
];

describe('free text holding control characters or bidirectional overrides is refused naming the field', () => {
  it.each(DECEIVING)('%s in a reason', async (_, reason) => {
    const body = await refusal({ reason });
    expect(body.violations).toEqual([expect.objectContaining({ field: 'reason', rule: 'plainText' })]);
    expect(body.violations[0].message).toMatch(/reason must be one line of plain text/);
  });

  it('in a nested object, a list and a map, with the full path', async () => {
    expect((await refusal({ reason: 'ok', note: { text: 'a\u202eb' } })).violations).toEqual([expect.objectContaining({ field: 'note.text', rule: 'plainText' })]);
    expect((await refusal({ reason: 'ok', contents: ['ok', 'a\u001b[31m'] })).violations).toEqual([expect.objectContaining({ field: 'contents.1', rule: 'plainText' })]);
    expect((await refusal({ reason: 'ok', terms: { eligibility: 'a\u2067b' } })).violations).toEqual([expect.objectContaining({ field: 'terms.eligibility', rule: 'plainText' })]);
    expect((await refusal({ reason: 'ok', terms: { 'a\u202eb': 'x' } })).violations).toEqual([expect.objectContaining({ field: 'terms.<key>', rule: 'plainText' })]);
  });

  it('in a query', async () => {
    expect((await refusal({ reason: 'a\u202eb' }, 'query')).violations).toEqual([expect.objectContaining({ field: 'reason', rule: 'plainText' })]);
  });

  it('any other text is stored exactly as typed: accents, other scripts, emoji, quotes, symbols', async () => {
    for (const reason of ['Pit boss approved — “rail” chips ＄5,000', 'Zoë’s réclamation', '顾客要求降低限额', 'مرحبا بالعالم', 'שלום', '🎲 lucky tie 8:1', "O'Brien <ok> & =SUM(A1)", ' padded  spaces ']) {
      const dto = (await transform({ reason })) as Correction;
      expect(dto.reason).toBe(reason);
    }
  });
});

describe('deceiving free text is named even when the body has other problems', () => {
  it('a bidirectional override beside a missing field', async () => {
    const body = await refusal({ note: { text: 'a\u202eb' } });
    expect(body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'note.text', rule: 'plainText' }), expect.objectContaining({ field: 'reason', rule: 'isString' })]));
  });
});

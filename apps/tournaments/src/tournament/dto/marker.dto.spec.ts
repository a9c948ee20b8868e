import 'reflect-metadata';
import { MarkerDto } from './tournament.dto';

/** What the API document says of a property (@nestjs/swagger keeps it as metadata on the prototype). */
const described = (property: string): string => (Reflect.getMetadata('swagger/apiModelProperties', MarkerDto.prototype, property) as { description: string }).description;

describe('Crown Melbourne 14.4.4(e) with 14.4.4(b): the API says what an All-In marker plays, the whole stack up to the terms maximum wager', () => {
  it('describes the bet of an All-In marker as the whole stack up to the terms maximum wager for each coup, citing both clauses', () => {
    const text = described('bet');
    expect(text).toMatch(/whole stack up to the terms' maximum wager/);
    expect(text).toContain('14.4.4(b)');
    expect(text).toContain('14.4.4(e)');
  });
});

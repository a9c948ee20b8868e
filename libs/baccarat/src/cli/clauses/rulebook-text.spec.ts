import { canFollow, parseRulebookText } from './rulebook-text';

const clausesOf = (text: string) => parseRulebookText(text).map((c) => c.clause);

describe('parsing the numbered clauses of a rulebook text', () => {
  // The shapes the texts in docs/rules use: a contents list, "- 1.1.", "**2.1.**", "1.1 " without a full stop,
  // markdown headings, a wrapped cross-reference and pay-table rows that start with numbers.
  const text = [
    '1. DEFINITIONS.....\t1',
    '2. WAGERS\t6',
    '3. SETTLEMENT\t9',
    '',
    '### 1. Definitions',
    '**1.1.** In these rules:',
    '- 1.2. Unless a contrary intention appears, a supervisor may act.',
    '## 2. Wagers',
    '- **2.1.** Wagers are placed before the first card,',
    '4.9 and 4.10 the cards may be reshuffled.',
    '  - 2.1.1. tournament play shall not be offered; and',
    '  - 2.1.2. of the same number, namely Ace to 10.',
    '2.2 A wager over the maximum is reduced.',
    '3 Settlement',
    '3.1. Commission of 5% is deducted from a winning Banker wager.',
    '3.1.1. The marker button shows the commission owed.',
    '3.2. Ties stand off.',
    'Table 1: Traditional Baccarat',
    '6 or 7\tStands',
    '17. DIAGRAM A',
  ].join('\n');

  it('finds every clause once, in order, and skips the contents list, wrapped references, table rows and figures', () => {
    expect(clausesOf(text)).toEqual(['1', '1.1', '1.2', '2', '2.1', '2.1.1', '2.1.2', '2.2', '3', '3.1', '3.1.1', '3.2', 'Table 1']);
  });

  it('records where each clause is and how it starts, from the body rather than the contents list', () => {
    const [definitions, , supervisor] = parseRulebookText(text);
    expect(definitions).toMatchObject({ clause: '1', line: 5, heading: '### 1. Definitions'.slice(7) });
    expect(supervisor).toMatchObject({ clause: '1.2', line: 7, heading: 'Unless a contrary intention appears, a supervisor may act.', section: '1' });
  });

  it('files clauses under topics by their section title, and commission where a clause names it, with its sub-clauses', () => {
    const topics = Object.fromEntries(parseRulebookText(text).map((c) => [c.clause, c.topic]));
    expect(topics).toMatchObject({ '1.1': null, '2.1': 'wagers', '2.2': 'wagers', '3': 'payouts', '3.1': 'commission', '3.1.1': 'commission', '3.2': 'payouts', 'Table 1': 'payouts' });
  });

  it('reads an unnumbered guide by its Title Case headings', () => {
    const guide = ['How to Play', 'THE VALUE OF THE CARDS', 'An Ace has a value of one.', 'Pay Out Odds', 'Player Wins\t1 to 1', 'Crown PlaySafe Centre 1800 801 098', 'Super 6'].join('\n');
    expect(clausesOf(guide)).toEqual(['How to Play', 'Pay Out Odds', 'Super 6']);
  });

  it('lets a clause follow only a parent, a sibling or the start of a later section, with small gaps', () => {
    expect(canFollow([3, 8], [3, 8, 1])).toBe(true);
    expect(canFollow([3, 8, 1], [3, 9])).toBe(true);
    expect(canFollow([3, 8], [5])).toBe(true);
    expect(canFollow([3, 8], [4, 1])).toBe(true);
    expect(canFollow([3, 8], [4, 9])).toBe(false); // "4.9 and 4.10 the cards": a wrapped cross-reference
    expect(canFollow([3, 8], [3, 8])).toBe(false);
    expect(canFollow([3, 8, 1], [3, 8])).toBe(false);
    expect(canFollow([3, 8], [3, 20])).toBe(false);
  });
});

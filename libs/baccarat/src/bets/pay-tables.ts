import { ruleViolation } from '@app/contracts';
import type { BetId, PayTableOptionId } from './bet-id';
import { formatOdds, LOSE, PUSH, VOID, win, type Payout } from './odds';

export interface PayLine {
  readonly payout: Payout;
  readonly label: string;
  readonly clause: string;
  /** Its key in its pay table (what bets/pay-line-keys.ts reports), by which the rulebook in force is asked its clause. */
  readonly key?: string;
  /** The line's own explanation, built once so settlement does not format strings per wager. */
  readonly explanation: { readonly clause: string; readonly text: string; readonly odds?: string };
}

/**
 * One pay-table option of one bet. `lines` are keyed by what the bet's classifier reports for a coup
 * (bets/pay-line-keys.ts); an outcome with no line loses ("loses on all other outcomes").
 */
export interface PayTable {
  readonly bet: BetId;
  readonly option: PayTableOptionId;
  readonly source: string;
  readonly lines: Readonly<Record<string, PayLine>>;
}

export const line = (payout: Payout, label: string, clause: string): PayLine => ({
  payout,
  label,
  clause,
  explanation: payout.kind === 'win' ? { clause, text: label, odds: formatOdds(payout.odds) } : { clause, text: label },
});
const table = (bet: BetId, option: PayTableOptionId, source: string, lines: Record<string, PayLine>): PayTable => ({
  bet,
  option,
  source,
  lines: Object.fromEntries(Object.entries(lines).map(([key, l]) => [key, { ...l, key }])),
});
const OPTIONS_1_TO_5 = ['1', '2', '3', '4', '5'] as const;
const TIE_PERCENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const mainBets = (): PayTable[] => {
  const t3 = 'Crown Melbourne 9.1 Table 3';
  const tables: PayTable[] = [
    table('player', 'standard', t3, {
      win: line(win(1), 'Player wins', `${t3}; Star Sydney 11.1.2`),
      tie: line(PUSH, 'Tie: Player wagers stand off', t3),
    }),
    table('player', 'two-to-one', 'Crown Melbourne 9.1 Table 10', {
      'win-three-card-8-9': line(win(2), 'Player wins with three cards totalling 8 or 9', 'Crown Melbourne Table 10'),
      win: line(win(1), 'Player wins', 'Crown Melbourne Table 10'),
      tie: line(LOSE, 'Tie: Player wagers lose in 2 to 1 Baccarat', 'Crown Melbourne 1.1, Table 10'),
    }),
    table('banker', 'traditional', t3, {
      win: line(win(1, 1, 5), 'Banker wins: 1 to 1 less 5% commission (19 to 20)', `${t3}; Star Sydney 11.1.3`),
      tie: line(PUSH, 'Tie: Banker wagers stand off', t3),
    }),
    table('banker', 'crown', 'Crown Melbourne 9.1 Table 4', {
      'win-on-6': line(win(1, 2), 'Banker wins with 6: 1 to 2 (1 to 1 less 50%)', 'Crown Melbourne Table 4; Star Sydney 11.2.2'),
      win: line(win(1), 'Banker wins', 'Crown Melbourne Table 4; Star Sydney 11.2.2'),
      tie: line(PUSH, 'Tie: Banker wagers stand off', 'Crown Melbourne Table 4'),
    }),
    table('banker', 'zero-commission', 'Crown Melbourne 9.1 Table 14', {
      win: line(win(1), 'Banker wins, no commission', 'Crown Melbourne Table 14'),
      tie: line(PUSH, 'Tie: Banker wagers stand off', 'Crown Melbourne Table 14'),
    }),
    table('banker', 'two-to-one', 'Crown Melbourne 9.1 Table 10', {
      'win-three-card-8-9': line(win(2), 'Banker wins with three cards totalling 8 or 9', 'Crown Melbourne Table 10'),
      win: line(win(1), 'Banker wins', 'Crown Melbourne Table 10'),
      tie: line(LOSE, 'Tie: Banker wagers lose in 2 to 1 Baccarat', 'Crown Melbourne 1.1, Table 10'),
    }),
    table('tie', 'standard', t3, { tie: line(win(8), 'Tie', `${t3}; Star Sydney 11.1.5`) }),
  ];
  // Tie Baccarat: a tie stands the wager off and pays 1%-10% of it, as the table limit sign states (Table 11).
  for (const pct of TIE_PERCENTS) {
    const tie = line(win(pct, 100), `Tie: stand-off plus ${pct}% of the wager`, 'Crown Melbourne 1.1, Table 11');
    tables.push(
      table('player', `tie-baccarat-${pct}`, 'Crown Melbourne 9.1 Table 11', { win: line(win(1), 'Player wins', t3), tie }),
      table('banker', `tie-baccarat-${pct}`, 'Crown Melbourne 9.1 Table 11', { win: line(win(1, 1, 5), 'Banker wins: 1 to 1 less 5% commission', t3), tie }),
    );
  }
  return tables;
};

const sideBets = (): PayTable[] => {
  const tables: PayTable[] = [];
  tables.push(
    table('insurance', 'standard', 'Crown Melbourne 9.1 Table 4', {
      'no-banker-6-win': line(win(2), 'Insurance/No 6: Banker did not win with 6', 'Crown Melbourne 1.1, Table 4'),
    }),
    table('shield', 'standard', 'Crown Melbourne 9.1 Table 12', {
      'opposite-wins-over-6': line(win(5, 2), 'Shield on a 6 against 0-5: opposite hand won', 'Crown Melbourne 5.9.1, Table 12'),
      'opposite-wins-over-7': line(win(9, 2), 'Shield on a 7 against 0-5: opposite hand won', 'Crown Melbourne 5.9.1, Table 12'),
      tie: line(PUSH, 'Tie: Shield wagers stand off', 'Crown Melbourne 5.9.1(a)(iii), Table 12'),
    }),
  );
  const runOdds: Record<number, number> = { 2: 3, 3: 8, 4: 20, 5: 45, 6: 100 };
  for (const bet of ['runs-player', 'runs-banker', 'runs-player-banker'] as const) {
    tables.push(table(bet, 'standard', 'Crown Melbourne 9.1 Table 5', Object.fromEntries(
      Object.entries(runOdds).map(([n, o]) => [`run-${n}`, line(win(o), `${n} in a row`, 'Crown Melbourne Table 5')]),
    )));
  }
  tables.push(table('runs-tie', 'standard', 'Crown Melbourne 9.1 Table 5', {
    'run-3': line(win(1000), 'Tie 3 in a row', 'Crown Melbourne Table 5'),
    'run-4': line(win(10000), 'Tie 4 in a row', 'Crown Melbourne Table 5'),
  }));
  // Dragon Bonus options 1-3: Rapid Baccarat 10.1 (option 1 is Crown Melbourne Table 6).
  const dragon: Record<string, number[]> = { '1': [1, 1, 2, 4, 6, 10, 30], '2': [1, 1, 3, 4, 7, 8, 20], '3': [1, 2, 2, 4, 4, 10, 30] };
  for (const bet of ['dragon-bonus-player', 'dragon-bonus-banker'] as const) {
    const who = bet === 'dragon-bonus-player' ? 'Player' : 'Banker';
    for (const [option, [nat, ...byMargin]] of Object.entries(dragon)) {
      const lines: Record<string, PayLine> = {
        'natural-win': line(win(nat), `${who} wins with a Natural`, 'Crown Melbourne Table 6; Rapid Baccarat 10.1'),
        'natural-tie': line(PUSH, 'Natural Tie: stand-off', 'Crown Melbourne Table 6'),
        tie: line(LOSE, 'Tie (not natural): all Dragon Bonus wagers lose', 'Crown Melbourne Table 6'),
      };
      byMargin.forEach((o, i) => (lines[`win-by-${i + 4}`] = line(win(o), `${who} wins by ${i + 4} points (not a Natural)`, 'Crown Melbourne Table 6; Rapid Baccarat 10.1')));
      tables.push(table(bet, option, `Rapid Baccarat 10.1 Dragon Bonus option ${option}`, lines));
    }
  }
  const tail: Record<number, number> = { 2: 1, 3: 3, 4: 7, 5: 11, 6: 30 };
  for (const bet of ['dragon-tail-early', 'dragon-tail-late'] as const) {
    tables.push(table(bet, 'standard', 'Crown Melbourne 9.1 Table 7', Object.fromEntries(
      Object.entries(tail).map(([n, o]) => [`tail-${n}`, line(win(o), `${n} consecutive results`, 'Crown Melbourne Table 7')]),
    )));
  }
  const pairsTable = (bet: BetId, option: string, source: string, m: number, c: number, s: number, suitedLabel: string) =>
    table(bet, option, source, {
      suited: line(win(s), suitedLabel, source),
      coloured: line(win(c), 'Coloured Pair (same rank and colour)', source),
      mixed: line(win(m), 'Mixed Pair (same rank)', source),
    });
  tables.push(
    pairsTable('crown-pairs', 'standard', 'Crown Melbourne 9.1 Table 8', 6, 12, 25, 'Crown Pair (same rank and suit)'),
    pairsTable('perfect-pairs', '1', 'Rapid Baccarat 10.1 Perfect Pairs option 1; Crown Sydney guide', 6, 12, 25, 'Perfect Pair (same rank and suit)'),
    pairsTable('perfect-pairs', '2', 'Rapid Baccarat 10.1 Perfect Pairs option 2', 5, 10, 30, 'Perfect Pair (same rank and suit)'),
    table('pairs', 'standard', 'Crown Melbourne 9.1 Table 9', { pair: line(win(11), 'Pair on the nominated hand', 'Crown Melbourne Table 9; Star Sydney 10.7') }),
  );
  const super6: Record<string, string> = { '12': 'Rapid Baccarat 10.1', '15': 'Star Sydney 11.1.6; Crown Melbourne Table 15 option 1', '16': 'Crown Melbourne Table 15 option 2; Crown Sydney guide' };
  for (const [o, source] of Object.entries(super6)) {
    tables.push(table('super-6', o, source, { 'banker-wins-on-6': line(win(Number(o)), 'Banker wins with 6', source) }));
  }
  return tables;
};

/** Crown Melbourne Table 16 (Tiger Baccarat, options 1-5; option 1 = Star Sydney 11.1.7-11.1.11) and Table 17 (Dragon Tiger). */
const tigerFamily = (): PayTable[] => {
  const tables: PayTable[] = [];
  const t16 = 'Crown Melbourne 9.1 Table 16';
  const t17 = 'Crown Melbourne 9.1 Table 17';
  const twin = [100, 150, 150, 120, 120];
  const tigerThree = [22, 23, 25, 23, 25];
  const smallTiger16 = [22, 23, 23, 23, 23];
  const dt = { mixed: [40, 40, 40, 40, 35], bigDragon: [30, 30, 29, 29, 29], smallDragon: [15, 15, 14, 14, 14], bigTiger: [50, 50, 50, 48, 48], smallTiger: [22, 22, 22, 21, 21], tigerTie: [40, 35, 35, 35, 35] };
  OPTIONS_1_TO_5.forEach((o, i) => {
    const src = `${t16} option ${o}`;
    const dsrc = `${t17} option ${o}`;
    tables.push(
      table('tiger-tie', o, src, { 'tie-on-6': line(win(45), 'Tie on 6', `${t16}; Star Sydney 11.1.7`) }),
      table('tiger-pair', o, src, {
        twin: line(win(twin[i]), 'Twin Tiger Pair: both hands pair the same rank', `${t16}; Star Sydney 11.1.8.3`),
        double: line(win(25), 'Double Tiger Pair: both hands pair, different ranks', `${t16}; Star Sydney 11.1.8.2`),
        single: line(win(4), 'Single Tiger Pair: one hand pairs', `${t16}; Star Sydney 11.1.8.1`),
      }),
      table('tiger', o, src, {
        'two-card': line(win(12), 'Two Card Tiger: Banker wins with two cards totalling 6', `${t16}; Star Sydney 11.1.9.1`),
        'three-card': line(win(tigerThree[i]), 'Three Card Tiger: Banker wins with three cards totalling 6', `${t16}; Star Sydney 11.1.9.2`),
      }),
      table('big-tiger', o, src, { win: line(win(55), 'Banker wins with three cards totalling 6', `${t16}; Star Sydney 11.1.10`) }),
      table('small-tiger', o, src, { win: line(win(smallTiger16[i]), 'Banker wins with two cards totalling 6', `${t16}; Star Sydney 11.1.11`) }),
      table('dragon-tiger', o, dsrc, {
        'three-and-three': line(win(100), 'Player wins with three cards totalling 7 against Banker three cards totalling 6', t17),
        'two-and-three': line(win(dt.mixed[i]), 'Player 7 beats Banker 6, one hand with three cards and the other two', t17),
        'two-and-two': line(win(30), 'Player wins with two cards totalling 7 against Banker two cards totalling 6', t17),
      }),
      table('big-dragon', o, dsrc, { win: line(win(dt.bigDragon[i]), 'Player wins with three cards totalling 7', t17) }),
      table('small-dragon', o, dsrc, { win: line(win(dt.smallDragon[i]), 'Player wins with two cards totalling 7', t17) }),
      // The Dragon Tiger layout pays its own Big/Small Tiger and Tiger Tie (Table 17), hence options 'dragon-tiger-N'.
      table('big-tiger', `dragon-tiger-${o}`, dsrc, { win: line(win(dt.bigTiger[i]), 'Banker wins with three cards totalling 6', t17) }),
      table('small-tiger', `dragon-tiger-${o}`, dsrc, { win: line(win(dt.smallTiger[i]), 'Banker wins with two cards totalling 6', t17) }),
      table('tiger-tie', `dragon-tiger-${o}`, dsrc, { 'tie-on-6': line(win(dt.tigerTie[i]), 'Tie on 6', t17) }),
    );
  });
  return tables;
};

const otherGames = (): PayTable[] => [
  table('lucky-chase-player', 'standard', 'Crown Melbourne 9.1 Table 13', {
    win: line(win(1), 'Player (Dragon Head) wins, no commission', 'Crown Melbourne 11.4.1, Table 13'),
    tie: line(VOID, 'Tie: the nomination is void', 'Crown Melbourne 11.3.2'),
  }),
  table('lucky-chase-banker', 'standard', 'Crown Melbourne 9.1 Table 13', {
    win: line(win(1), 'Banker (Dragon Tail) wins, no commission', 'Crown Melbourne 11.4.1, Table 13'),
    tie: line(VOID, 'Tie: the nomination is void', 'Crown Melbourne 11.3.2'),
  }),
  table('three-card-baccarat', 'standard', 'Crown Melbourne 12.7.1 Table 19', {
    'win-on-6': line(win(1, 2), 'Player hand of 6 outranks the Dealer', 'Crown Melbourne Table 19'),
    win: line(win(1), "Player's hand outranks the Dealer's", 'Crown Melbourne 12.5.2(a), Table 19'),
    tie: line(VOID, 'Equal ranking: Three Card Baccarat wagers are void', 'Crown Melbourne 12.5.2(c), Table 19 note **'),
  }),
  table('three-card-tie', 'standard', 'Crown Melbourne 12.7.1 Table 19', {
    tie: line(win(8), "Player's hand ranks equal to the Dealer's", 'Crown Melbourne 12.5.3, Table 19'),
  }),
  table('three-pictures', 'standard', 'Crown Melbourne 12.7.1 Table 19', {
    'three-pictures': line(win(20), 'Three Pictures', 'Crown Melbourne 12.5.4, Table 19'),
    'two-pictures': line(win(5), 'Two Pictures (only the higher payout applies)', 'Crown Melbourne 12.5.4, Table 19'),
  }),
];

/** Every pay table in the rulebooks, one per bet and option. */
export const PAY_TABLES: readonly PayTable[] = [...mainBets(), ...sideBets(), ...tigerFamily(), ...otherGames()];

const byBet = new Map<string, Map<string, PayTable>>();
for (const t of PAY_TABLES) {
  if (!byBet.has(t.bet)) byBet.set(t.bet, new Map());
  byBet.get(t.bet)!.set(t.option, t);
}

/**
 * The 1-1-2 combined wager is not a pay table of its own: it is settled through its components (Crown
 * Melbourne 9.2). Its options name the two definitions (README known defects).
 */
export const ONE_ONE_TWO_OPTIONS = ['crown-melbourne-1.1', 'crown-sydney-guide'] as const;

/** Options of each bet, in the order the rulebooks list them. */
export const payTableOptions = (bet: BetId): readonly PayTableOptionId[] =>
  bet === 'one-one-two' ? ONE_ONE_TWO_OPTIONS : PAY_TABLES.filter((t) => t.bet === bet).map((t) => t.option);

/** The pay table of a bet option; throws PAY_TABLE_OPTION_UNKNOWN. */
export const payTable = (bet: BetId, option: PayTableOptionId): PayTable => {
  const t = byBet.get(bet)?.get(option);
  if (!t) {
    throw ruleViolation('PAY_TABLE_OPTION_UNKNOWN', `Bet "${bet}" has no pay-table option "${option}"; known: ${payTableOptions(bet).join(', ') || 'none'}.`, undefined, 'option');
  }
  return t;
};

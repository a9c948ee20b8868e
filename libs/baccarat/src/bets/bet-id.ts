/**
 * Every bet the rulebooks define, by a stable kebab-case id. Other libraries (rulebooks as data, services,
 * reports) key pay tables and wagers by these ids: add new ids freely, never rename one.
 *
 * Bets that a player nominates for one hand (pairs, perfect/crown pairs, dragon tail, shield) carry the hand
 * in the wager (`side`), not in the id, because both sides share one pay table and one house edge.
 */
export const BET_IDS = [
  /** Player hand wins. Crown Melbourne 9.1 Table 3; Star Sydney 11.1.2. */
  'player',
  /** Banker hand wins (19 to 20 / 5% commission, Crown Baccarat 1 to 2 on 6, ...). Crown Melbourne 9.1 Tables 3, 4; Star Sydney 11.1.3, 11.2.2. */
  'banker',
  /** Tie, 8 to 1. Crown Melbourne 9.1 Table 3; Star Sydney 11.1.5. */
  'tie',
  /** Insurance/No 6: offered when Banker's first two total 6 and Player must draw; 2 to 1. Crown Melbourne 1.1, Table 4. */
  'insurance',
  /** Shield: offered after four cards when the wagered hand has 6/7 against 0-5; 5 to 2 or 9 to 2. Crown Melbourne 5.9, Table 12. */
  'shield',
  /** Player Run, 2-6 coups in a row. Crown Melbourne 5.5.5, Table 5. */
  'runs-player',
  /** Banker Run, 2-6 coups in a row. Crown Melbourne 5.5.6, Table 5. */
  'runs-banker',
  /** Player/Banker Run in a nominated combination, 2-6 coups. Crown Melbourne 5.5.7, Table 5. */
  'runs-player-banker',
  /** Tie Run, 3-4 coups in a row. Crown Melbourne 5.5.8, Table 5. */
  'runs-tie',
  /** Player Dragon Bonus: Player wins by 4+ or with a Natural. Crown Melbourne 1.1, Table 6; Rapid Baccarat 10.1 options 1-3. */
  'dragon-bonus-player',
  /** Banker Dragon Bonus: Banker wins by 4+ or with a Natural. Crown Melbourne 1.1, Table 6; Rapid Baccarat 10.1 options 1-3. */
  'dragon-bonus-banker',
  /** Early Dragon Tail (placed before the run is established). Crown Melbourne 1.1, Table 7. */
  'dragon-tail-early',
  /** Late Dragon Tail (placed once a run is established; pays the indicator minus one). Crown Melbourne 1.1, Table 7. */
  'dragon-tail-late',
  /** Baccarat Crown Pairs: mixed 6, coloured 12, crown (suited) 25 to 1, 8 decks. Crown Melbourne 1.1, Table 8. */
  'crown-pairs',
  /** Baccarat Perfect Pairs, options 1-2. Rapid Baccarat 10.1; Crown Sydney guide. */
  'perfect-pairs',
  /** Baccarat Pairs, 11 to 1, by rank (10-10 and K-K pair, K-Q does not). Crown Melbourne Table 9; Star Sydney 10.6-10.7. */
  'pairs',
  /** Super 6: Banker wins with 6; 12 (Rapid), 15 (Star 11.1.6, Crown opt 1) or 16 (Crown opt 2, Crown Sydney) to 1. */
  'super-6',
  /** Tiger Tie: tie on 6. Crown Melbourne Tables 16-17; Star Sydney 10.18, 11.1.7. */
  'tiger-tie',
  /** Tiger Pair: single / double / twin. Crown Melbourne 1.1, Table 16; Star Sydney 10.23, 11.1.8. */
  'tiger-pair',
  /** Tiger: Banker wins with 6 on two (12 to 1) or three cards. Crown Melbourne Table 16; Star Sydney 10.29, 11.1.9. */
  'tiger',
  /** Big Tiger: Banker wins with three cards totalling 6. Crown Melbourne Tables 16-17; Star Sydney 10.34. */
  'big-tiger',
  /** Small Tiger: Banker wins with two cards totalling 6. Crown Melbourne Tables 16-17; Star Sydney 10.39. */
  'small-tiger',
  /** Dragon Tiger: Player wins with 7 against Banker 6, paid by card counts. Crown Melbourne 1.1(c), Table 17. */
  'dragon-tiger',
  /** Big Dragon: Player wins with three cards totalling 7. Crown Melbourne 1.1(a), Table 17. */
  'big-dragon',
  /** Small Dragon: Player wins with two cards totalling 7. Crown Melbourne 1.1(d), Table 17. */
  'small-dragon',
  /** 1-1-2 combined wager (Crown Melbourne 1.1: 25/25/50; Crown Sydney guide: 2 units Tie, 1 on each Pairs). Crown Melbourne 9.2. */
  'one-one-two',
  /** Lucky Chase on Player (Dragon Head); ties void the nomination. Crown Melbourne 11.2-11.4, Table 13. */
  'lucky-chase-player',
  /** Lucky Chase on Banker (Dragon Tail); ties void the nomination. Crown Melbourne 11.2-11.4, Table 13. */
  'lucky-chase-banker',
  /** Three Card Baccarat: player's hand against the Dealer's by Table 18 ranking; 6 pays 1 to 2. Crown Melbourne 12.5.2, Table 19. */
  'three-card-baccarat',
  /** Three Card Baccarat Tie, 8 to 1. Crown Melbourne 12.5.3, Table 19. */
  'three-card-tie',
  /** Three Pictures: two pictures 5 to 1, three pictures 20 to 1. Crown Melbourne 12.5.4, Table 19. */
  'three-pictures',
] as const;

export type BetId = (typeof BET_IDS)[number];

/**
 * A pay-table option of a bet, e.g. '1'..'5' (Crown Melbourne option numbers), '15' for Super 6 at 15 to 1,
 * 'traditional' / 'crown' / 'zero-commission' for Banker, 'standard' where a bet has one table.
 */
export type PayTableOptionId = string;

/** Hands a side-nominated bet (pairs, perfect/crown pairs, dragon tail, shield) can be placed on. */
export type Side = 'player' | 'banker';

export const isBetId = (value: string): value is BetId => (BET_IDS as readonly string[]).includes(value);

/**
 * @app/baccarat: the pure baccarat engine (no clock, no randomness of its own, no I/O).
 *
 * Game API for services:
 * - Cards: `parseCard("KH" | "10S" | "TS")`, `formatCard`, `DECK`, `card(rank, suit)`.
 * - Shoe: `createShoe({ decks, seed })` shuffles (sfc32 + Fisher-Yates from the supplied seed), cuts, places the
 *   cutting card and records `commitment` (SHA-256) before play; `burn(shoe, 'standard' | 'face-value')`;
 *   `dealCoup(shoe)` deals by the Table of Play and applies the cutting card / last coup rule.
 * - Coup: `playCoup(cards)` → hands, totals, result, naturals, pairs and each card's reason;
 *   `nextRequiredCard(dealtSoFar)` → which hand takes the next card, or complete (dealer console).
 * - Settlement: `settleWager(wager, coup, betTerms)` → one wager in integer minor units with its explanation;
 *   `settleCoup(wagers, coup, tableTerms)` → a coup's wagers with limits, table differential and chip rounding;
 *   `settleRun` / `settleDragonTail` over coup histories; `settleThreeCardWager` for Three Card Baccarat.
 * - Bets: `BET_IDS`, `BetId`, `PAY_TABLES`, `payTable(bet, option)`, `payTableOptions(bet)`.
 * - Mathematics: `analyze(decks)` exact house edges; `simulate(...)` dealt shoes.
 */
export * from './cards/card';
export * from './game/hand';
export * from './game/table-of-play';
export * from './game/coup';
export * from './game/three-card';
export * from './bets/bet-id';
export * from './bets/odds';
export * from './bets/pay-tables';
export * from './bets/pay-line-keys';
export * from './bets/offer-conditions';
export * from './settlement/wager';
export * from './settlement/money';
export * from './settlement/settle-wager';
export * from './settlement/settle-coup';
export * from './settlement/multi-coup';
export * from './settlement/complete-increments';
export * from './settlement/settle-three-card';
export * from './shoe/prng';
export * from './shoe/sha256';
export * from './shoe/shuffle';
export * from './shoe/shoe';
export * from './shoe/card-audit';
export * from './analysis/coup-classes';
export * from './analysis/pair-probabilities';
export * from './analysis/three-card-analysis';
export * from './analysis/unit-return';
export * from './analysis/analyze';
export * from './analysis/simulate';
export * from './rulebooks';
export * from './promotions';
export * from './replay';
// Names both the engine and the rulebooks define: the engine's keep the plain name, the rulebooks' get a prefix.
export type { PayTable } from './bets/pay-tables';
export type { BetLimits } from './settlement/settle-coup';
export type { BurnMethod } from './shoe/shoe';
export type { PayTable as RulebookPayTable, BetLimits as TableBetLimits } from './rulebooks';

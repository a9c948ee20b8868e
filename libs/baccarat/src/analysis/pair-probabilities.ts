/**
 * Exact probabilities of the rank bets on the first two cards of a hand, from a full shoe of `decks` decks
 * (M = 52·decks cards, 4·decks of each rank, decks of each exact card). Either hand's first two cards are
 * two cards drawn without replacement, so the same figures hold for Player and Banker.
 */
export const pairProbabilities = (decks: number) => {
  const m = 52 * decks;
  const perRank = 4 * decks;
  const pair = (perRank - 1) / (m - 1);
  const suited = (decks - 1) / (m - 1);
  const coloured = decks / (m - 1);
  const mixed = (2 * decks) / (m - 1);
  // Tiger Pair looks at both hands' first two cards: four cards from the shoe.
  const four = m * (m - 1) * (m - 2) * (m - 3);
  const twin = (13 * perRank * (perRank - 1) * (perRank - 2) * (perRank - 3)) / four;
  const double = (13 * 12 * perRank * (perRank - 1) * perRank * (perRank - 1)) / four;
  const single = 2 * pair - 2 * (twin + double);
  return { pair, suited, coloured, mixed, twin, double, single };
};

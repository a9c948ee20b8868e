import type { Analysis } from '../analysis/analyze';

const pct = (x: number) => `${(x * 100).toFixed(4)}%`;

/**
 * `baccarat -- analyze` as text: one row per bet and option with its exact house edge, and beside it the word
 * PLAYER-FAVOURABLE where the edge is the player's. The rules owner ruled that such options (Insurance/No 6 at
 * 2 to 1, the Banker Dragon Tail at Crown Melbourne Table 7's odds, ...) are shown wherever the platform shows
 * house edges, so the casino can take them to the regulator (docs/rules/README.md).
 */
export const analyzeText = (a: Analysis): string => {
  const lines = [`Exact analysis, ${a.decks} deck(s): Player ${pct(a.probabilities.player)}, Banker ${pct(a.probabilities.banker)}, Tie ${pct(a.probabilities.tie)}`];
  for (const b of a.bets) {
    const what = b.option + (b.side ? ` (${b.side})` : '') + (b.length ? ` x${b.length}` : '');
    lines.push(`${b.bet.padEnd(22)} ${what.padEnd(40)} ${pct(b.houseEdge).padStart(10)}${b.playerFavourable ? '  PLAYER-FAVOURABLE' : ''}`);
  }
  const favourable = a.bets.filter((b) => b.playerFavourable);
  if (favourable.length > 0) lines.push('', `${favourable.length} option(s) favour the player (negative house edge): report them to the regulator.`);
  return lines.join('\n');
};

import type { ShoeEdges } from '../analysis/multi-coup-in-shoes';

const pct = (x: number) => `${(x * 100).toFixed(3)}%`;

/**
 * `baccarat -- shoes` as text: per Run nomination and Dragon Tail, the house edge with independent coups, with the
 * end of the shoe breaking a Dragon Tail, and in simulated real shoes with its standard error; PLAYER-FAVOURABLE where
 * the edge is the player's (the rules owner's ruling, docs/rules/README.md).
 */
export const shoesText = (s: ShoeEdges): string => {
  const lines = [
    `Runs and Dragon Tail in real shoes: ${s.note}; ${s.coups} coups, ${s.coupsPerShoe.mean.toFixed(2)} ± ${s.coupsPerShoe.standardError.toFixed(2)} per shoe`,
    `${'bet'.padEnd(20)} ${'wager'.padEnd(10)} ${'independent'.padStart(11)} ${'shoe break'.padStart(11)} ${'in shoes ± standard error'.padStart(26)}`,
  ];
  for (const b of s.bets) {
    const what = b.side ?? b.nomination ?? `x${b.length}`;
    const shoe = `${pct(b.inShoes.houseEdge)} ± ${pct(b.inShoes.standardError)}`;
    lines.push(`${b.bet.padEnd(20)} ${what.padEnd(10)} ${pct(b.independent).padStart(11)} ${pct(b.withShoeBreak).padStart(11)} ${shoe.padStart(26)}${b.playerFavourable ? '  PLAYER-FAVOURABLE' : ''}`);
  }
  return lines.join('\n');
};

import { analyze } from '../analysis/analyze';
import { analyzeText } from './analyze-text';

/**
 * The rules owner's ruling (docs/rules/README.md): options that give the player the edge are reported wherever the
 * platform shows house edges. Insurance/No 6 at 2 to 1 (Crown Melbourne 1.1), the Banker Dragon Tail at Crown
 * Melbourne Table 7's odds, Lucky Chase Banker and Zero Commission Banker (tournaments only, Crown Melbourne 1.1).
 */
describe.each([8, 6, 4])('analyze flags every option with a player edge at %i decks (Crown Melbourne 1.1, Table 7)', (decks) => {
  const a = analyze(decks);
  const flagged = (bet: string, option: string, side?: string) => a.bets.find((b) => b.bet === bet && b.option === option && b.side === side)!;

  it('marks each row playerFavourable exactly when its house edge is negative', () => {
    for (const b of a.bets) expect(`${b.bet}/${b.option}/${b.side ?? ''}/${b.length ?? ''}:${b.playerFavourable}`).toBe(`${b.bet}/${b.option}/${b.side ?? ''}/${b.length ?? ''}:${b.houseEdge < 0}`);
  });

  it('flags Insurance/No 6 at 2 to 1, the Banker Dragon Tails, Lucky Chase Banker and Zero Commission Banker, and no Player Dragon Tail', () => {
    expect(flagged('insurance', 'standard').playerFavourable).toBe(true);
    expect(flagged('dragon-tail-early', 'standard', 'banker').playerFavourable).toBe(true);
    expect(flagged('dragon-tail-late', 'standard', 'banker').playerFavourable).toBe(true);
    expect(flagged('lucky-chase-banker', 'standard').playerFavourable).toBe(true);
    expect(flagged('banker', 'zero-commission').playerFavourable).toBe(true);
    expect(flagged('dragon-tail-early', 'standard', 'player').playerFavourable).toBe(false);
    expect(flagged('banker', 'traditional').playerFavourable).toBe(false);
  });

  it('says so in the text output beside the figure, and counts them at the foot', () => {
    const text = analyzeText(a).split('\n');
    const insurance = text.find((l) => l.startsWith('insurance'))!;
    expect(insurance).toMatch(/-4\.\d{4}% {2}PLAYER-FAVOURABLE$/);
    expect(text.find((l) => l.startsWith('player ') && l.includes('standard'))).not.toContain('PLAYER-FAVOURABLE');
    const count = a.bets.filter((b) => b.houseEdge < 0).length;
    expect(text.filter((l) => l.endsWith('PLAYER-FAVOURABLE'))).toHaveLength(count);
    expect(text[text.length - 1]).toBe(`${count} option(s) favour the player (negative house edge): report them to the regulator.`);
  });
});

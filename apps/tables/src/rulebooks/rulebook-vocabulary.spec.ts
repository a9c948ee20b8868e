import { CROWN_MELBOURNE_V29, rulebookById, STAR_SYDNEY_2024 } from '@app/baccarat';
import { rulebookVocabulary } from './rulebook-vocabulary';

type Option = { option: string; playerFavourable: boolean; houseEdges: { decks: number; side?: string; houseEdgePercent: number; playerFavourable: boolean }[] };
const optionOf = (vocabulary: ReturnType<typeof rulebookVocabulary>, bet: string, option: string): Option =>
  vocabulary.bets.find((b) => b.bet === bet)!.options.find((o) => o.option === option)! as Option;

/**
 * The rules owner's ruling (docs/rules/README.md): options giving the player the edge are shown wherever the platform
 * shows house edges. GET /rulebooks carries each option's exact house edge with the flag.
 */
describe('GET /rulebooks carries each option\'s exact house edge and whether it favours the player (Crown Melbourne 1.1, Table 7)', () => {
  const crown = rulebookVocabulary(CROWN_MELBOURNE_V29);

  it('Insurance/No 6 at 2 to 1 favours the player at every deck count Crown Melbourne allows (4.36% at 8 decks), and says so (Crown Melbourne 3.1)', () => {
    const insurance = optionOf(crown, 'insurance', 'standard');
    expect(insurance.playerFavourable).toBe(true);
    expect(insurance.houseEdges.map((e) => e.decks)).toEqual(CROWN_MELBOURNE_V29.decks.allowed);
    expect(insurance.houseEdges.every((e) => e.playerFavourable)).toBe(true);
    expect(insurance.houseEdges).toContainEqual(expect.objectContaining({ decks: 8, houseEdgePercent: -4.3611 }));
  });

  it('the Banker Dragon Tail favours the player and the Player Dragon Tail does not: one figure per nominated hand', () => {
    const tail = optionOf(crown, 'dragon-tail-early', 'standard');
    expect(tail.playerFavourable).toBe(true);
    expect(tail.houseEdges.find((e) => e.side === 'banker')!.playerFavourable).toBe(true);
    expect(tail.houseEdges.find((e) => e.side === 'player')!.playerFavourable).toBe(false);
  });

  it('Banker at 1 to 1 less 5% is the house\'s 1.06%, and Zero Commission Banker (tournaments only) is flagged', () => {
    const banker = optionOf(crown, 'banker', 'traditional');
    expect(banker.playerFavourable).toBe(false);
    expect(banker.houseEdges).toContainEqual(expect.objectContaining({ decks: 8, houseEdgePercent: 1.0579 }));
    expect(optionOf(crown, 'banker', 'zero-commission').playerFavourable).toBe(true);
  });

  it('a rulebook allowing several deck counts shows the edge at each (Star 2024: Super 6 at 15 to 1)', () => {
    const star = rulebookVocabulary(STAR_SYDNEY_2024);
    const super6 = optionOf(star, 'super-6', '15');
    expect(super6.houseEdges.map((e) => e.decks)).toEqual(STAR_SYDNEY_2024.decks.allowed);
    expect(super6.playerFavourable).toBe(false);
  });
});

describe('the Rapid rules\' automated transaction stations in the rulebook data a reader sees', () => {
  it('Rapid 4.2, 5.3.2; 11.11, 11.12, 13.9: GET /rulebooks shows the ATS chips table limits are checked against and the rounds the SGC holds for the Dealer, each with its clause and why; a rulebook without ATS shows none', () => {
    const rapid = rulebookVocabulary(rulebookById('crown-melbourne-rapid'));
    expect(rapid.ats).toEqual({
      chips: { denominationsCents: [500, 1_000, 2_500, 10_000], source: expect.any(String), clause: expect.stringMatching(/^Rapid /) },
      sgcRoundsHeld: { count: 5, clause: expect.stringMatching(/^Rapid 11\.11/), why: expect.any(String) },
    });
    expect(rulebookVocabulary(rulebookById('crown-melbourne-v29'))).not.toHaveProperty('ats');
  });
});

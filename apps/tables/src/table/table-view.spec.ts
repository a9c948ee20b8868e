import { rulebookVocabulary } from '../rulebooks/rulebook-vocabulary';
import { rulebookById } from '../engine-adapter/rulebooks';
import { tableView } from './table.controller';
import { CROWN_BETS, CROWN_LIMITS, openCrown, play, stateOf } from './table-fixtures';

const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
const viewOf = (...args: Parameters<typeof openCrown>) => tableView(stateOf(play([openCrown(...args)])), 1);
/** What GET /rulebooks says of a bet's option, at a deck count. */
const rulebooksSay = (rulebookId: string, bet: string, option: string, decks: number) => {
  const o = rulebookVocabulary(rulebookById(rulebookId)).bets.find((b) => b.bet === bet)!.options.find((x) => x.option === option)!;
  return o.houseEdges.filter((e) => e.decks === decks);
};

describe("the table view shows each offered option's house edge and whether it favours the player, as GET /rulebooks does (the rules owner's ruling: wherever the platform shows house edges)", () => {
  it('gives every offered option its exact house edges at the table\'s decks and playerFavourable, from the one source GET /rulebooks reads', () => {
    const view = viewOf({ decks: 6 });
    for (const o of view.offeredBets) {
      expect({ bet: o.bet, houseEdges: o.houseEdges }).toEqual({ bet: o.bet, houseEdges: rulebooksSay('crown-melbourne-v29', o.bet, o.option, 6) });
      expect(o.playerFavourable).toBe(o.houseEdges.some((e) => e.playerFavourable));
    }
    expect(view.offeredBets.find((o) => o.bet === 'banker')).toMatchObject({ option: 'traditional', playerFavourable: false, houseEdges: [{ decks: 6, houseEdgePercent: 1.0558 }] });
  });

  it("flags Insurance/No 6 at 2 to 1 as player-favourable (Crown Melbourne 1.1 'Insurance/No 6'; the rules owner's ruling)", () => {
    const view = viewOf({
      variant: 'crown-baccarat',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'tie', option: 'standard' }, { bet: 'insurance', option: 'standard' }],
      limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), insurance: lim(500, 500000) } },
    });
    expect(view.offeredBets.find((o) => o.bet === 'insurance')).toMatchObject({ playerFavourable: true });
  });

  it('labels the edges of a bet with one edge per side by side (Crown Melbourne 5.9 Shield)', () => {
    const view = viewOf({ offeredBets: [...CROWN_BETS, { bet: 'shield', option: 'standard' }], limits: { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, shield: lim(500, 50000) } } });
    const shield = view.offeredBets.find((o) => o.bet === 'shield')!;
    const [player, banker] = ['player', 'banker'].map((side) => rulebooksSay('crown-melbourne-v29', 'shield', 'standard', 8).find((e) => e.side === side)!);
    expect(shield.houseEdgesBySide).toEqual({
      player: { houseEdgePercent: player.houseEdgePercent, playerFavourable: false, note: player.note },
      banker: { houseEdgePercent: banker.houseEdgePercent, playerFavourable: false, note: banker.note },
    });
    expect(view.offeredBets.find((o) => o.bet === 'banker')).not.toHaveProperty('houseEdgesBySide');
  });
});

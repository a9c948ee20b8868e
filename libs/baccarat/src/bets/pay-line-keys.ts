import { ruleViolation } from '@app/contracts';
import type { CoupOutcome, HandOutcome } from '../game/coup';
import { pairKind } from '../game/hand';
import type { BetId, Side } from './bet-id';
import { insuranceOffered, shieldOffered } from './offer-conditions';

/** What a single-coup bet needs besides the coup: the nominated hand for side-nominated bets. */
export interface BetPlacement {
  readonly bet: BetId;
  readonly side?: Side;
}

/** 'not-offered' means the coup never offered the bet (Insurance/No 6, Shield): such a wager is void. */
export type PayLineKeys = readonly string[] | 'not-offered';

const twoCardTotal = (h: HandOutcome) => (h.cards[0].points + h.cards[1].points) % 10;
const NONE: readonly string[] = [];
const TIE = ['tie'];
const WIN = ['win'];
const WIN_6 = ['win-on-6', 'win'];
const WIN_89 = ['win-three-card-8-9', 'win'];
const NATURAL_WIN = ['natural-win'];
const NATURAL_TIE = ['natural-tie'];
const BY_MARGIN = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((m) => [`win-by-${m}`]);
const SHIELD = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => [`opposite-wins-over-${t}`]);
const k = (key: string): readonly string[] => [key];
const PAIR = k('pair');
const PAIR_KIND = { suited: k('suited'), coloured: k('coloured'), mixed: k('mixed') };
const TIGER_PAIR = { twin: k('twin'), double: k('double'), single: k('single') };
const TIGER = { two: k('two-card'), three: k('three-card') };
const DRAGON_TIGER = { 6: k('three-and-three'), 4: k('two-and-two'), 5: k('two-and-three') } as Record<number, readonly string[]>;
const INSURANCE = k('no-banker-6-win');
const SUPER_6 = k('banker-wins-on-6');
const TIE_ON_6 = k('tie-on-6');
const other = (s: Side): Side => (s === 'player' ? 'banker' : 'player');

const requireSide = (p: BetPlacement): Side => {
  if (p.side !== 'player' && p.side !== 'banker') {
    throw ruleViolation('SIDE_REQUIRED', `A ${p.bet} wager names the hand it is on: "player" or "banker".`, 'Crown Melbourne 1.1', 'side');
  }
  return p.side;
};

const mainBetKeys = (coup: CoupOutcome, side: Side): readonly string[] => {
  if (coup.result === 'tie') return TIE;
  if (coup.result !== side) return NONE;
  const h = coup[side];
  if (side === 'banker' && h.total === 6) return WIN_6;
  return h.cards.length === 3 && h.total >= 8 ? WIN_89 : WIN;
};

const dragonBonusKeys = (coup: CoupOutcome, side: Side): readonly string[] => {
  if (coup.result === 'tie') return coup.player.natural && coup.banker.natural ? NATURAL_TIE : TIE;
  if (coup.result !== side) return NONE;
  if (coup[side].natural) return NATURAL_WIN;
  return coup.margin >= 4 ? BY_MARGIN[coup.margin] : NONE;
};

const bankerWinsOn6 = (coup: CoupOutcome) => coup.result === 'banker' && coup.banker.total === 6;
const playerWinsOn7 = (coup: CoupOutcome) => coup.result === 'player' && coup.player.total === 7;

/**
 * The pay-line keys a coup earns a single-coup bet, most specific first; the settlement takes the first key
 * the configured pay table has, and an empty list loses. Multi-coup bets (Runs, Dragon Tail), the 1-1-2
 * combination and Three Card Baccarat are settled elsewhere.
 */
export const payLineKeys = (placement: BetPlacement, coup: CoupOutcome): PayLineKeys => {
  const { bet } = placement;
  switch (bet) {
    case 'player':
    case 'lucky-chase-player':
      return mainBetKeys(coup, 'player');
    case 'banker':
    case 'lucky-chase-banker':
      return mainBetKeys(coup, 'banker');
    case 'tie':
      return coup.result === 'tie' ? TIE : NONE;
    case 'insurance':
      if (!insuranceOffered(twoCardTotal(coup.player), twoCardTotal(coup.banker))) return 'not-offered';
      return bankerWinsOn6(coup) ? NONE : INSURANCE;
    case 'shield': {
      const side = requireSide(placement);
      const own = twoCardTotal(coup[side]);
      if (!shieldOffered(side, twoCardTotal(coup.player), twoCardTotal(coup.banker))) return 'not-offered';
      if (coup.result === 'tie') return TIE;
      return coup.result === other(side) ? SHIELD[own] : NONE;
    }
    case 'dragon-bonus-player':
      return dragonBonusKeys(coup, 'player');
    case 'dragon-bonus-banker':
      return dragonBonusKeys(coup, 'banker');
    case 'pairs':
      return coup[requireSide(placement)].pair ? PAIR : NONE;
    case 'crown-pairs':
    case 'perfect-pairs': {
      const kind = pairKind(coup[requireSide(placement)].cards);
      return kind ? PAIR_KIND[kind] : NONE;
    }
    case 'super-6':
      return bankerWinsOn6(coup) ? SUPER_6 : NONE;
    case 'tiger-tie':
      return coup.result === 'tie' && coup.player.total === 6 ? TIE_ON_6 : NONE;
    case 'tiger-pair': {
      const p = coup.player.pair;
      const b = coup.banker.pair;
      if (p && b) return coup.player.cards[0].rank === coup.banker.cards[0].rank ? TIGER_PAIR.twin : TIGER_PAIR.double;
      return p || b ? TIGER_PAIR.single : NONE;
    }
    case 'tiger':
      return bankerWinsOn6(coup) ? (coup.banker.cards.length === 2 ? TIGER.two : TIGER.three) : NONE;
    case 'big-tiger':
      return bankerWinsOn6(coup) && coup.banker.cards.length === 3 ? WIN : NONE;
    case 'small-tiger':
      return bankerWinsOn6(coup) && coup.banker.cards.length === 2 ? WIN : NONE;
    case 'dragon-tiger': {
      if (!playerWinsOn7(coup) || coup.banker.total !== 6) return NONE;
      return DRAGON_TIGER[coup.player.cards.length + coup.banker.cards.length];
    }
    case 'big-dragon':
      return playerWinsOn7(coup) && coup.player.cards.length === 3 ? WIN : NONE;
    case 'small-dragon':
      return playerWinsOn7(coup) && coup.player.cards.length === 2 ? WIN : NONE;
    case 'runs-player':
    case 'runs-banker':
    case 'runs-player-banker':
    case 'runs-tie':
    case 'dragon-tail-early':
    case 'dragon-tail-late':
    case 'one-one-two':
    case 'three-card-baccarat':
    case 'three-card-tie':
    case 'three-pictures':
      throw ruleViolation('BET_NOT_SINGLE_COUP', `"${bet}" is not settled on one baccarat coup: use its own settlement function.`, undefined, 'bet');
    default: {
      const never: never = bet;
      return never;
    }
  }
};

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
const other = (s: Side): Side => (s === 'player' ? 'banker' : 'player');

const requireSide = (p: BetPlacement): Side => {
  if (p.side !== 'player' && p.side !== 'banker') {
    throw ruleViolation('SIDE_REQUIRED', `A ${p.bet} wager names the hand it is on: "player" or "banker".`, 'Crown Melbourne 1.1', 'side');
  }
  return p.side;
};

const mainBetKeys = (coup: CoupOutcome, side: Side): readonly string[] => {
  if (coup.result === 'tie') return ['tie'];
  if (coup.result !== side) return NONE;
  const h = coup[side];
  const keys: string[] = [];
  if (side === 'banker' && h.total === 6) keys.push('win-on-6');
  if (h.cards.length === 3 && h.total >= 8) keys.push('win-three-card-8-9');
  keys.push('win');
  return keys;
};

const dragonBonusKeys = (coup: CoupOutcome, side: Side): readonly string[] => {
  if (coup.result === 'tie') return coup.player.natural && coup.banker.natural ? ['natural-tie'] : ['tie'];
  if (coup.result !== side) return NONE;
  if (coup[side].natural) return ['natural-win'];
  return coup.margin >= 4 ? [`win-by-${coup.margin}`] : NONE;
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
      return coup.result === 'tie' ? ['tie'] : NONE;
    case 'insurance':
      if (!insuranceOffered(twoCardTotal(coup.player), twoCardTotal(coup.banker))) return 'not-offered';
      return bankerWinsOn6(coup) ? NONE : ['no-banker-6-win'];
    case 'shield': {
      const side = requireSide(placement);
      const own = twoCardTotal(coup[side]);
      if (!shieldOffered(side, twoCardTotal(coup.player), twoCardTotal(coup.banker))) return 'not-offered';
      if (coup.result === 'tie') return ['tie'];
      return coup.result === other(side) ? [`opposite-wins-over-${own}`] : NONE;
    }
    case 'dragon-bonus-player':
      return dragonBonusKeys(coup, 'player');
    case 'dragon-bonus-banker':
      return dragonBonusKeys(coup, 'banker');
    case 'pairs':
      return coup[requireSide(placement)].pair ? ['pair'] : NONE;
    case 'crown-pairs':
    case 'perfect-pairs': {
      const kind = pairKind(coup[requireSide(placement)].cards.slice(0, 2));
      return kind ? [kind] : NONE;
    }
    case 'super-6':
      return bankerWinsOn6(coup) ? ['banker-wins-on-6'] : NONE;
    case 'tiger-tie':
      return coup.result === 'tie' && coup.player.total === 6 ? ['tie-on-6'] : NONE;
    case 'tiger-pair': {
      const p = coup.player.pair;
      const b = coup.banker.pair;
      if (p && b) return coup.player.cards[0].rank === coup.banker.cards[0].rank ? ['twin'] : ['double'];
      return p || b ? ['single'] : NONE;
    }
    case 'tiger':
      return bankerWinsOn6(coup) ? [coup.banker.cards.length === 2 ? 'two-card' : 'three-card'] : NONE;
    case 'big-tiger':
      return bankerWinsOn6(coup) && coup.banker.cards.length === 3 ? ['win'] : NONE;
    case 'small-tiger':
      return bankerWinsOn6(coup) && coup.banker.cards.length === 2 ? ['win'] : NONE;
    case 'dragon-tiger': {
      if (!playerWinsOn7(coup) || coup.banker.total !== 6) return NONE;
      const n = coup.player.cards.length + coup.banker.cards.length;
      return [n === 6 ? 'three-and-three' : n === 4 ? 'two-and-two' : 'two-and-three'];
    }
    case 'big-dragon':
      return playerWinsOn7(coup) && coup.player.cards.length === 3 ? ['win'] : NONE;
    case 'small-dragon':
      return playerWinsOn7(coup) && coup.player.cards.length === 2 ? ['win'] : NONE;
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

/**
 * The outcome the dealer enters on the SGC (Rapid 1.1 'SGC'): the cards of each hand, checked against the
 * Table of Play (Rapid 9) by libs/baccarat, so a mistyped hand is refused instead of settled.
 */
import { bankerDraws, formatCard, isNatural, parseCard, playCoup, playerDraws, pointCount, type AtsPolicies, type CoupOutcome } from '@app/baccarat';
import { DomainError, ruleViolation, type RapidOutcome } from '@app/contracts';

/** Cards in dealing order: Player, Banker, Player, Banker, then Player's third, then Banker's third (8.3.3, 9). */
const dealingOrder = (player: readonly string[], banker: readonly string[]): string[] => {
  const order = [player[0], banker[0], player[1], banker[1]];
  if (player[2] !== undefined) order.push(player[2]);
  if (banker[2] !== undefined) order.push(banker[2]);
  return order;
};

/** Checks the hands against the Table of Play and returns the outcome; throws 'rule' OUTCOME_CONTRARY_TO_TABLE_OF_PLAY. */
export const outcomeFromCards = (policies: AtsPolicies, playerCards: readonly string[], bankerCards: readonly string[]): RapidOutcome => {
  const { handSizeClause, tableOfPlayClause, tableOfPlay } = policies.sgc;
  for (const [field, hand] of [['playerCards', playerCards], ['bankerCards', bankerCards]] as const) {
    if (hand.length < 2 || hand.length > 3) {
      throw ruleViolation('HAND_SIZE', `${field} holds ${hand.length} cards; a hand has two cards and at most one more (${handSizeClause}).`, handSizeClause, field);
    }
  }
  const cards = dealingOrder(playerCards, bankerCards).map(parseCard);
  const coup = playHands(cards, playerCards, bankerCards, tableOfPlay);
  const same = (dealt: CoupOutcome['player'], entered: readonly string[]) =>
    dealt.cards.length === entered.length && dealt.cards.every((c, i) => formatCard(c) === formatCard(parseCard(entered[i])));
  if (coup.cardsUsed !== cards.length || !same(coup.player, playerCards) || !same(coup.banker, bankerCards)) {
    const broken = breach(policies, playerCards, bankerCards);
    if (broken) {
      throw ruleViolation(
        'OUTCOME_CONTRARY_TO_TABLE_OF_PLAY',
        `Player ${playerCards.join(' ')} / Banker ${bankerCards.join(' ')} cannot be dealt under the Table of Play: ${broken.why} (${broken.clause}). Check the ${broken.field} and enter both hands again as dealt.`,
        broken.clause,
        broken.field,
      );
    }
    throw ruleViolation(
      'OUTCOME_CONTRARY_TO_TABLE_OF_PLAY',
      `Player ${playerCards.join(' ')} / Banker ${bankerCards.join(' ')} cannot be dealt under the Table of Play (the third cards do not follow Tables 1 and 2): check the cards and enter them again.`,
      tableOfPlayClause,
      'playerCards',
    );
  }
  return { playerCards: coup.player.cards.map(formatCard), bankerCards: coup.banker.cards.map(formatCard), result: coup.result, playerTotal: coup.player.total, bankerTotal: coup.banker.total };
};

/**
 * Which hand breaks the Table of Play, and the precise clause: a third card after a natural (9.1), the Player's third
 * card against Table 1 (9.2.1 draw, 9.2.2 stand), else the Banker's against Table 2 (9.3.1 draw, 9.3.2 stand).
 */
const breach = (policies: AtsPolicies, playerCards: readonly string[], bankerCards: readonly string[]): { field: 'playerCards' | 'bankerCards'; clause: string; why: string } | null => {
  const t = policies.sgc.tableOfPlay;
  const [p, b] = [playerCards.map(parseCard), bankerCards.map(parseCard)];
  const [pTotal, bTotal] = [pointCount(p.slice(0, 2)), pointCount(b.slice(0, 2))];
  if (isNatural(p.slice(0, 2)) || isNatural(b.slice(0, 2))) {
    const natural = isNatural(p.slice(0, 2)) ? `Player ${pTotal}` : `Banker ${bTotal}`;
    if (p.length > 2) return { field: 'playerCards', clause: t.naturalClause, why: `the Player hand drew a third card after a natural (${natural})` };
    if (b.length > 2) return { field: 'bankerCards', clause: t.naturalClause, why: `the Banker hand drew a third card after a natural (${natural})` };
    return null;
  }
  const playerMust = playerDraws(pTotal);
  if (playerMust !== p.length > 2) {
    return playerMust
      ? { field: 'playerCards', clause: t.playerDrawsClause, why: `the Player hand of ${pTotal} must draw a third card` }
      : { field: 'playerCards', clause: t.playerStandsClause, why: `the Player hand of ${pTotal} must stand` };
  }
  const third = p[2] !== undefined ? pointCount([p[2]]) : null;
  const bankerMust = bankerDraws(bTotal, third);
  if (bankerMust === b.length > 2) return null;
  const against = third === null ? 'when the Player hand stood' : `on a Player third card of ${third}`;
  return bankerMust
    ? { field: 'bankerCards', clause: t.bankerDrawsClause, why: `the Banker hand of ${bTotal} must draw a third card ${against}` }
    : { field: 'bankerCards', clause: t.bankerStandsClause, why: `the Banker hand of ${bTotal} must stand ${against}` };
};

/**
 * The coup the hands entered make. Hands that stop before a card the Table of Play requires are no coup the shoe
 * could have dealt: the entry is refused (nothing is recorded, nothing voided) and the dealer enters the hands as
 * dealt, citing the clause that makes the short hand draw (9.2.1 or 9.3.1, from the rulebook data).
 */
const playHands = (cards: ReturnType<typeof parseCard>[], playerCards: readonly string[], bankerCards: readonly string[], table: AtsPolicies['sgc']['tableOfPlay']): CoupOutcome => {
  try {
    return playCoup(cards);
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'INSUFFICIENT_CARDS') throw err;
    const [p, b] = [cards.slice(0, 4).filter((_, i) => i % 2 === 0), cards.slice(0, 4).filter((_, i) => i % 2 === 1)];
    // Short by the Player's third card when the Player had to draw (9.2), else by the Banker's (9.3).
    const playerShort = playerCards.length === 2 && !isNatural(p) && !isNatural(b) && pointCount(p) <= 5;
    const [field, hand] = playerShort ? ['playerCards', 'Player'] : ['bankerCards', 'Banker'];
    // The precise clause that makes that hand draw: 9.2.1 (Table 1) for the Player, 9.3.1 (Table 2) for the Banker.
    const clause = playerShort ? table.playerDrawsClause : table.bankerDrawsClause;
    throw ruleViolation(
      'HAND_INCOMPLETE',
      `Player ${playerCards.join(' ')} / Banker ${bankerCards.join(' ')} stops short: the Table of Play (${clause}) requires the ${hand} hand to draw a third card, which ${field} does not hold. The outcome is refused and nothing is recorded: enter both hands as dealt, with every card drawn.`,
      clause,
      field,
    );
  }
};

// A settlement asks for the coup of one outcome once per account (50 at a full table): played once per outcome
// object. Outcomes are never mutated (events are immutable), so the memo cannot go stale.
const coups = new WeakMap<RapidOutcome, CoupOutcome>();

/** The engine's coup for an entered outcome (already checked). */
export const coupOf = (outcome: RapidOutcome): CoupOutcome => {
  let coup = coups.get(outcome);
  if (!coup) {
    coup = playCoup(dealingOrder(outcome.playerCards, outcome.bankerCards).map(parseCard));
    coups.set(outcome, coup);
  }
  return coup;
};

export const sameOutcome = (a: RapidOutcome, b: RapidOutcome): boolean =>
  a.playerCards.join(' ') === b.playerCards.join(' ') && a.bankerCards.join(' ') === b.bankerCards.join(' ');

/**
 * Promotional prizes and promotional tokens as rulebook data (The Star Sydney 1.1 'Casino Promotional Token' and
 * 16). The promotions service asks the policy of the rulebook in force on the promotion's date; it never asks
 * which edition it is. Star 2021 (ILGA) and Star 2024 (NICC) differ in:
 * - 16.3 cash alternatives: 2021 excludes prizes of slots dollars and/or casino dollars, 2024 casino dollars only;
 * - 16.4 payment: 2021 lets the winner of a cash prize over $10,000 choose cash, crossed cheque, EFT or a mix;
 *   2024 awards no prize in cash: monetary prizes and cash alternatives go by crossed cheque or EFT only;
 * - 16.11 a compromised promotion or draw: 2021 notifies the inspectorate immediately, 2024 the Inspector within
 *   48 hours;
 * - 16.12 (2024 only): full terms to the NICC at least 24 hours before the promotion commences, amendments after
 *   commencement resubmitted as soon as possible (16.12.1).
 * What both share (16.2 scrutineer over $10,000, 16.5 forbidden prizes, 16.7 terms, 16.8 notice within 2 days,
 * 16.9.1 denied claims over $100) is built once, cited against each edition.
 */
import { localDate, ruleViolation } from '@app/contracts';
import type { RegulatorId, Rulebook, RulebookId } from '../rulebooks/rulebook.types';
import { rulebookById, RULEBOOKS } from '../rulebooks/rulebooks';
import { rulebookInForce } from '../rulebooks/rulebook-in-force';

/** Prize kinds whose details 16.7.11.1-16.7.11.4 spell out, and the kinds 16.3 names. */
export const PRIZE_KINDS = ['cash', 'machinery', 'electric-appliance', 'motor-vehicle', 'travel', 'real-estate', 'casino-dollars', 'slots-dollars', 'goods', 'service'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** What a prize may not consist of or include (16.5.1-16.5.5). */
export const FORBIDDEN_PRIZE_CONTENTS = ['tobacco', 'firearm', 'ammunition', 'imitation-firearm', 'prohibited-weapon', 'prescribed-item'] as const;
export type ForbiddenPrizeContent = (typeof FORBIDDEN_PRIZE_CONTENTS)[number];

export type PaymentMethod = 'cash' | 'crossed-cheque' | 'eft';

/** An item the terms and conditions must hold (16.7.1-16.7.11), by the key the promotions service stores it under. */
export interface TermsItem {
  readonly key: string;
  readonly description: string;
  readonly clause: string;
}

export interface PromotionPolicy {
  readonly rulebookId: RulebookId;
  /** "Star 2021" / "Star 2024". */
  readonly citation: string;
  readonly regulator: RegulatorId;
  readonly promotionalToken: { readonly description: string; readonly clause: string };
  /** 16.7: every item the conditions of a promotional prize must include. */
  readonly termsItems: readonly TermsItem[];
  /** 16.7.11.1-16.7.11.4: the details a prize of this kind must also state. */
  readonly prizeDetails: Readonly<Partial<Record<PrizeKind, readonly TermsItem[]>>>;
  /**
   * 16.5: what no prize may consist of or include, and the liquor limit. `words`: how a prize's contents (free
   * text) name it, matched as whole words, singular or plural ("cigar", "Cigarettes", "pipe tobacco").
   */
  readonly forbiddenContents: readonly { readonly content: ForbiddenPrizeContent; readonly words: readonly string[]; readonly clause: string }[];
  /**
   * 16.5.4: liquor over the limit is refused, whether given as liquorLitres/liquorMillilitres or written in a text
   * describing the prize ("A 50 L keg of beer", "Case of 24 x 1 L vodka"): `words` name liquor, `containers` a
   * container of it (a count of them multiplies the volume each holds: "36 bottles of wine (750 ml each)"), and
   * `notLiquorAfter` the words that, following a liquor word, name something that is not liquor ("wine glasses",
   * "beer fridge"), `impliedBy` the containers that name liquor by themselves ("keg", "cask", "six-pack"). A prize
   * whose texts name liquor states its total in a structured field (liquorMillilitres; whole litres as
   * liquorLitres): free text never lets liquor through, it is read only as a cross-check that can refuse.
   */
  readonly liquorLimit: {
    readonly litres: number;
    readonly millilitres: number;
    readonly clause: string;
    readonly words: readonly string[];
    readonly impliedBy: readonly string[];
    readonly containers: readonly string[];
    readonly notLiquorAfter: readonly string[];
    /** Drinks named like liquor that are not liquor ("ginger beer", "root beer"): the whole phrase is no liquor. */
    readonly notLiquor: readonly string[];
    /** Words that, within the two words before a liquor word, make it no liquor: "non-alcoholic beer", "alcohol-free sparkling wine", "0.0% lager". */
    readonly notLiquorBefore: readonly string[];
    /**
     * The size of a container whose volume a text does not state ("a case of wine", "3 cartons of beer", "40
     * bottles of wine"), read only when the text states no volume at all and what follows the container (up to the
     * next item) names liquor; `of`: only when one of these words follows (a bottle of wine 750 ml, of spirits 700 ml). Each is the smallest usual size, so the cross-check never reads
     * more than a lawful prize holds.
     */
    readonly standardSizes: readonly { readonly container: string; readonly millilitres: number; readonly of?: readonly string[] }[];
  };
  /** The items of the terms that describe the prize (16.7.5 its nature, 16.7.11 its details), screened like the prize's own texts (16.5). */
  readonly prizeDescribingTermsItems: readonly string[];
  /** 16.2: a draw with an individual prize worth more than this needs the scrutineer nominated by the operator. */
  readonly scrutineerAboveCents: { readonly cents: number; readonly clause: string };
  /** 16.3: a non-monetary prize may be taken as a cash alternative, except prizes of these kinds. */
  readonly cashAlternative: { readonly excludedKinds: readonly PrizeKind[]; readonly clause: string };
  /**
   * 16.4: how monetary prizes (and cash alternatives) may be paid. `winnerChoosesAboveCents`: above it the winner
   * chooses among `methods` (2021); null where the methods are the only ones allowed whatever the amount (2024).
   */
  readonly payment: {
    readonly methods: readonly PaymentMethod[];
    readonly winnerChoosesAboveCents: number | null;
    readonly description: string;
    readonly clause: string;
  };
  /** 16.8: a winner not required to be present is notified within this many days of the draw. */
  readonly notifyWinner: { readonly withinDays: number; readonly methods: readonly ('face-to-face' | 'mail' | 'telephone' | 'e-mail')[]; readonly clause: string };
  /** 16.9.1: denied claims for a prize worth more than this are retained with names, addresses and reasons. */
  readonly retainDeniedClaimsAboveCents: { readonly cents: number; readonly clause: string };
  /** 16.11: the inspector is notified of a postponed or cancelled promotion/draw within this many hours (0 = immediately). */
  readonly compromisedNotice: { readonly withinHours: number; readonly notify: string; readonly description: string; readonly clause: string };
  /** 16.12: full terms to the regulator at least this many hours before commencement; null where not required. */
  readonly termsToRegulator: { readonly hoursBefore: number; readonly clause: string } | null;
  /** 16.12.1: terms amended after commencement are resubmitted to the regulator; null where not required. */
  readonly amendmentsResubmitted: { readonly clause: string } | null;
  /** 16.10: disputes; the person is told of the right to complain to an inspector. */
  readonly disputes: { readonly description: string; readonly clause: string };
  /** The clauses the promotions deciders record and refuse under, so no decider writes one. */
  readonly clauses: PromotionClauses;
}

/**
 * Which edition governs each act of a promotion. The terms, their lodging (16.12), entries and the draw follow the
 * edition in force on the promotion's commencement (the terms were made under it). Paying a prize or its cash
 * alternative (16.3, 16.4) is an act of its own day: a payment made on or after 16 May 2024 is made under Star 2024
 * 16.4 (no prize awarded in cash) even for a promotion that commenced under Star 2021; the later edition replaced
 * the earlier one from its commencement and says nothing to keep 2021's payment rules for promotions already running.
 */
export const PROMOTION_ACT_EDITION = {
  terms: 'commencement',
  lodging: 'commencement',
  entries: 'commencement',
  draw: 'commencement',
  payment: 'in force when paid',
  /** 16.11: the notice owed for a postponement or cancellation follows the edition in force when it was decided. */
  compromiseNotice: 'in force when decided',
  /** 16.12.1: whether amended terms are resubmitted follows the edition in force when they were amended. */
  amendmentResubmission: 'in force when amended',
} as const;

/**
 * The policy governing an act of its own day (PROMOTION_ACT_EDITION: a payment 16.3, 16.4; a compromise decision
 * 16.11; an amendment 16.12.1) done at `at` for a promotion under `rulebookId`: the edition of the same series in
 * force on the act's local date at the casino.
 */
export const promotionPolicyForAct = (rulebookId: string, at: string): PromotionPolicy => {
  const commenced = rulebookById(rulebookId);
  // The edition in force on the act's own date, even an earlier one than the promotion's: a Star 2024 promotion's
  // compromise decided on 15 May 2024 (Sydney) owes Star 2021 16.11's immediate notice (the rules owner's ruling).
  // Only a date before any edition of the series took effect falls back to the promotion's own.
  const date = localDate(at, commenced.timeZone);
  const anyInForce = RULEBOOKS.some((r) => r.series === commenced.series && r.effectiveFrom <= date);
  return promotionPolicyFor(anyInForce ? rulebookInForce(commenced.series, date) : commenced);
};

/** The policy governing a payment (16.3, 16.4) made at `paidAt` (PROMOTION_ACT_EDITION.payment). */
export const promotionPolicyForPayment = (rulebookId: string, paidAt: string): PromotionPolicy => promotionPolicyForAct(rulebookId, paidAt);

/** Clauses shared by both editions, each spelt as "<citation> <clause>". */
export interface PromotionClauses {
  /** 16.6, 16.7: a promotion is conducted under terms and conditions holding every item of 16.7. */
  readonly terms: string;
  /** 16.6: the promotion's terms (what a lodgement rests on where 16.12 does not apply). */
  readonly promotion: string;
  /** 16.7: every item the conditions must include. */
  readonly termsItems: string;
  /** 16.7.1: the manner in which the prize is awarded (the draw). */
  readonly mannerOfAward: string;
  /** 16.7.3: the criteria for a player to be eligible (entries granted). */
  readonly eligibility: string;
  /** 16.7.3, 16.7.4: eligibility and the minimum wager (entries earned from play). */
  readonly earnedEntries: string;
  /** 16.7.6: the closing date and time for receipt of entry. */
  readonly entriesClose: string;
  /** 16.7.7: the place, date and time of the promotion (the draw). */
  readonly drawPlaceDateTime: string;
  /** 16.7.10: how the results will be published (the public draw record anyone re-runs). */
  readonly resultsPublication: string;
  /** 16.7.11: details of the prizes and their value. */
  readonly prizeDetails: string;
  /** 16.9: a denied claim's reasons are given to the claimant. */
  readonly claimDenied: string;
}

const TERMS_ITEMS: readonly (readonly [string, string, string])[] = [
  ['mannerOfAward', 'the manner in which the prize is to be awarded', '16.7.1'],
  ['whenAndWhereAwarded', 'when and where the prize may be awarded', '16.7.2'],
  ['eligibility', 'the characteristics, criteria and/or requirements for a player to be eligible', '16.7.3'],
  ['minimumWager', 'the minimum or compulsory wager to be eligible, if there is one (state "none" otherwise)', '16.7.4'],
  ['natureOfPrize', 'the nature of the prize and any qualification, reservation or guarantee given', '16.7.5'],
  ['entriesCloseAt', 'the closing date and time for receipt of entry', '16.7.6'],
  ['placeDateTime', 'the place, date and time of the promotion', '16.7.7'],
  ['claimMethod', 'the method for claiming a prize, including any requirement for entrants to be physically present', '16.7.8'],
  ['winnerNotification', 'how the winner will be notified', '16.7.9'],
  ['resultsPublication', 'how the results will be published', '16.7.10'],
  ['prizeDetails', 'details of the prizes and their value, with any conditions on receiving, using or accepting them', '16.7.11'],
];

const PRIZE_DETAILS: Readonly<Partial<Record<PrizeKind, readonly (readonly [string, string, string])[]>>> = {
  machinery: [
    ['make', 'make', '16.7.11.1.1'],
    ['model', 'model', '16.7.11.1.2'],
    ['accessories', 'accessories', '16.7.11.1.3'],
  ],
  'electric-appliance': [
    ['make', 'make', '16.7.11.1.1'],
    ['model', 'model', '16.7.11.1.2'],
    ['accessories', 'accessories', '16.7.11.1.3'],
  ],
  'motor-vehicle': [
    ['make', 'the make', '16.7.11.2.1'],
    ['model', 'model', '16.7.11.2.2'],
    ['accessories', 'accessories', '16.7.11.2.3'],
    ['onRoadCostsIncluded', 'whether registration and other on-road costs are included', '16.7.11.2.4'],
  ],
  travel: [
    ['persons', 'number of persons entitled to take advantage of the travel prize', '16.7.11.3.1'],
    ['inclusions', 'what is included (airfares, transfers, other transport, duration, accommodation standard, meals)', '16.7.11.3.2'],
    ['travelRestrictions', 'restrictions on when the travel must be taken', '16.7.11.3.3'],
    ['spendingMoney', 'if spending money is included', '16.7.11.3.4'],
  ],
  'real-estate': [
    ['dwellingType', 'the type of dwelling', '16.7.11.4.1'],
    ['plans', 'plans', '16.7.11.4.2'],
    ['contractDetails', 'contract details', '16.7.11.4.3'],
    ['easementDetails', 'easement details', '16.7.11.4.4'],
    ['address', 'address or other location', '16.7.11.4.5'],
    ['inclusions', 'what is included: conveyancing, legal costs, fixtures, furniture', '16.7.11.4.6'],
  ],
};

/**
 * How free-text contents name what 16.5 forbids (whole words; a trailing "s"/"es" is the plural). 16.5.1 "tobacco
 * or tobacco products", 16.5.2 "firearms, ammunition or imitation firearms", 16.5.3 "prohibited weapons" (Weapons
 * Prohibition Act 1998, Schedule 1: the common ones named here), 16.5.5 items prescribed for section 66.
 */
const FORBIDDEN_WORDS: Readonly<Record<ForbiddenPrizeContent, readonly string[]>> = {
  tobacco: ['tobacco', 'tobacco product', 'cigar', 'cigarette', 'cigarillo', 'cheroot', 'snuff', 'snus', 'chewing tobacco', 'pipe tobacco', 'shisha', 'hookah tobacco', 'e-cigarette', 'vape', 'nicotine', 'rolling papers'],
  firearm: ['firearm', 'gun', 'rifle', 'shotgun', 'pistol', 'revolver', 'handgun', 'air rifle', 'air gun'],
  ammunition: ['ammunition', 'ammo', 'cartridge', 'bullet', 'shotgun shell'],
  'imitation-firearm': ['imitation-firearm', 'imitation firearm', 'replica firearm', 'replica gun', 'replica pistol', 'replica rifle'],
  'prohibited-weapon': ['prohibited-weapon', 'prohibited weapon', 'knuckle duster', 'knuckle-duster', 'flick knife', 'switchblade', 'butterfly knife', 'ballistic knife', 'throwing star', 'nunchaku', 'taser', 'stun gun', 'pepper spray', 'capsicum spray', 'crossbow', 'blowgun', 'slingshot', 'sword stick',
    // Weapons Prohibition Act 1998 Schedule 1 (16.5.3 "a prohibited weapon within the meaning of" that Act): body
    // armour, batons, laser pointers (above 1 mW: a pointer's power is rarely stated, so any laser pointer is refused),
    // handcuffs and leg irons, push/trench/star knives, silencers, spear guns.
    'body armour', 'body armor', 'armour vest', 'armor vest', 'bulletproof vest', 'bullet proof vest', 'ballistic vest', 'stab proof vest', 'stab resistant vest',
    'baton', 'extendable baton', 'telescopic baton', 'expandable baton', 'laser pointer', 'handcuff', 'thumbcuff', 'leg iron', 'push knife', 'trench knife', 'star knife', 'knuckle knife', 'silencer', 'spear gun', 'speargun', 'knuckleduster'],
  'prescribed-item': ['prescribed-item', 'prescribed item'],
};

/** 16.5.4: words naming liquor, and containers of it whose volume a text must state to be checked. */
const LIQUOR_WORDS: readonly string[] = ['liquor', 'alcohol', 'beer', 'lager', 'ale', 'cider', 'wine', 'champagne', 'prosecco', 'sparkling wine', 'spirit', 'whisky', 'whiskey', 'scotch', 'bourbon', 'vodka', 'gin', 'rum', 'brandy', 'cognac', 'tequila', 'mezcal', 'liqueur', 'sake', 'sherry', 'vermouth', 'shiraz', 'chardonnay', 'merlot', 'pinot', 'riesling', 'sauvignon'];
/** Containers that hold liquor by themselves, with no liquor word beside them ("1 x 21 L keg", "a cask", "two six-packs"). */
const LIQUOR_IMPLIED_BY: readonly string[] = ['keg', 'cask', 'six-pack', 'six pack', 'stubbie', 'stubby', 'tinnie', 'growler', 'jeroboam', 'nebuchadnezzar'];
const LIQUOR_CONTAINERS: readonly string[] = ['bottle', 'case', 'carton', 'slab', 'crate', 'keg', 'cask', 'barrel', 'magnum', 'jeroboam', 'nebuchadnezzar', 'dozen', 'can', 'stubbie', 'stubby', 'tinnie', 'pack', 'box', 'flask', 'jug', 'growler', 'pint', 'nip'];
/** Drinks whose names hold a liquor word but that are not liquor. */
const NOT_LIQUOR: readonly string[] = ['ginger beer', 'root beer', 'ginger ale', 'birch beer', 'butterbeer'];
/** Qualifiers making the liquor word after them a drink that is not liquor (non-alcoholic, alcohol-free, 0.0%). */
const NOT_LIQUOR_BEFORE: readonly string[] = ['non-alcoholic', 'nonalcoholic', 'alcohol-free', 'alcohol free', 'alcohol-removed', 'zero alcohol', 'zero-alcohol', 'dealcoholised', 'dealcoholized', 'de-alcoholised', 'de-alcoholized', '0.0%', '0%'];
const WINES: readonly string[] = ['wine', 'champagne', 'prosecco', 'sparkling', 'shiraz', 'chardonnay', 'merlot', 'pinot', 'riesling', 'sauvignon', 'red', 'white', 'rose', 'rosé'];
const SPIRITS: readonly string[] = ['spirit', 'whisky', 'whiskey', 'scotch', 'bourbon', 'vodka', 'gin', 'rum', 'brandy', 'cognac', 'tequila', 'mezcal', 'liqueur'];
/**
 * Standard sizes where a text gives none: a case of wine 12 x 750 ml and a carton or slab of beer 24 x 375 ml (both
 * 9 L), a magnum 1.5 L, a jeroboam 3 L, a Nebuchadnezzar 15 L, a cask 4 L, a can or stubby 375 ml, a bottle of wine
 * 750 ml, a bottle of spirits 700 ml (the usual Australian size: the smaller reading never refuses a lawful prize).
 */
const STANDARD_SIZES: PromotionPolicy['liquorLimit']['standardSizes'] = [
  { container: 'case', millilitres: 9_000 },
  { container: 'carton', millilitres: 9_000 },
  { container: 'slab', millilitres: 9_000 },
  { container: 'magnum', millilitres: 1_500, of: WINES },
  { container: 'jeroboam', millilitres: 3_000, of: WINES },
  { container: 'nebuchadnezzar', millilitres: 15_000 },
  { container: 'cask', millilitres: 4_000 },
  { container: 'can', millilitres: 375 },
  { container: 'stubby', millilitres: 375 },
  { container: 'stubbie', millilitres: 375 },
  { container: 'tinnie', millilitres: 375 },
  { container: 'bottle', millilitres: 750, of: WINES },
  { container: 'bottle', millilitres: 700, of: SPIRITS },
];
/** Words that, right after a liquor word, make the phrase something other than liquor: "wine glasses", "beer fridge", "whisky tumbler". */
const NOT_LIQUOR_AFTER: readonly string[] = ['glass', 'glassware', 'goblet', 'tumbler', 'flute', 'stein', 'rack', 'fridge', 'cooler', 'chiller', 'bucket', 'opener', 'decanter', 'aerator', 'stopper', 'pourer', 'cellar', 'cabinet', 'tour', 'class', 'masterclass', 'course', 'book', 'accessory', 'accessories', 'gum', 'vinegar', 'infused', 'flavoured', 'flavored', 'chocolate', 'free', 'case', 'holder'];

interface EditionDifferences {
  readonly cashAlternativeExcludes: readonly PrizeKind[];
  readonly payment: PromotionPolicy['payment'];
  readonly compromisedNotice: Omit<PromotionPolicy['compromisedNotice'], 'clause'>;
  readonly termsToRegulatorHoursBefore: number | null;
  readonly section66: string;
}

/** The differences between the editions, by rulebook id (16.3, 16.4, 16.11, 16.12 as the header says). */
const EDITIONS: Partial<Record<RulebookId, (c: (clause: string) => string) => EditionDifferences>> = {
  'star-sydney-2021': (c) => ({
    cashAlternativeExcludes: ['slots-dollars', 'casino-dollars'],
    payment: {
      methods: ['cash', 'crossed-cheque', 'eft'],
      winnerChoosesAboveCents: 1_000_000,
      description: 'a cash prize greater than $10,000 is paid as the winner chooses: cash, crossed cheque, EFT or a combination',
      clause: c('16.4'),
    },
    compromisedNotice: { withinHours: 0, notify: 'inspectorate', description: 'the inspectorate is notified immediately' },
    termsToRegulatorHoursBefore: null,
    section66: 'section 66(4)',
  }),
  'star-sydney-2024': (c) => ({
    cashAlternativeExcludes: ['casino-dollars'],
    payment: {
      methods: ['crossed-cheque', 'eft'],
      winnerChoosesAboveCents: null,
      description: "no prize is awarded in cash: monetary prizes and cash alternatives are paid by crossed cheque made out to the winner, EFT to the winner's bank account, or both",
      clause: c('16.4'),
    },
    compromisedNotice: { withinHours: 48, notify: 'Inspector', description: 'the Inspector is notified within 48 hours' },
    termsToRegulatorHoursBefore: 24,
    section66: 'section 66(4)(b)',
  }),
};

const items = (rows: readonly (readonly [string, string, string])[], c: (clause: string) => string): TermsItem[] =>
  rows.map(([key, description, clause]) => ({ key, description, clause: c(clause) }));

/** The promotions policy of a rulebook; 'rule' PROMOTIONS_NOT_IN_RULEBOOK when its rules have no promotional prizes. */
export const promotionPolicyFor = (rulebook: Rulebook): PromotionPolicy => {
  const edition = EDITIONS[rulebook.id];
  const shared = rulebook.procedures.promotionalPrizes;
  if (!edition || !shared) {
    throw ruleViolation('PROMOTIONS_NOT_IN_RULEBOOK', `${rulebook.title} (${rulebook.id}) has no promotional prize rules; promotions run under The Star Sydney rules (16).`, undefined, 'rulebookId');
  }
  const c = (clause: string) => `${rulebook.citation} ${clause}`;
  const d = edition(c);
  return {
    rulebookId: rulebook.id,
    citation: rulebook.citation,
    regulator: rulebook.regulator,
    promotionalToken: {
      description: 'a voucher of a nominated value is exchanged by the dealer, under its conditions, for promotional tokens of the same value, wagered on the layout; winnings are paid in chips',
      clause: c("1.1 'Casino Promotional Token'"),
    },
    termsItems: items(TERMS_ITEMS, c),
    prizeDetails: Object.fromEntries(Object.entries(PRIZE_DETAILS).map(([kind, rows]) => [kind, items(rows ?? [], c)])),
    forbiddenContents: [
      { content: 'tobacco', words: FORBIDDEN_WORDS.tobacco, clause: c('16.5.1') },
      { content: 'firearm', words: FORBIDDEN_WORDS.firearm, clause: c('16.5.2') },
      { content: 'ammunition', words: FORBIDDEN_WORDS.ammunition, clause: c('16.5.2') },
      { content: 'imitation-firearm', words: FORBIDDEN_WORDS['imitation-firearm'], clause: c('16.5.2') },
      { content: 'prohibited-weapon', words: FORBIDDEN_WORDS['prohibited-weapon'], clause: c('16.5.3') },
      { content: 'prescribed-item', words: FORBIDDEN_WORDS['prescribed-item'], clause: c(`16.5.5 (${d.section66} of the Casino Control Act 1992)`) },
    ],
    liquorLimit: { litres: 20, millilitres: 20_000, clause: c('16.5.4'), words: LIQUOR_WORDS, impliedBy: LIQUOR_IMPLIED_BY, containers: LIQUOR_CONTAINERS, notLiquorAfter: NOT_LIQUOR_AFTER, notLiquor: NOT_LIQUOR, notLiquorBefore: NOT_LIQUOR_BEFORE, standardSizes: STANDARD_SIZES },
    prizeDescribingTermsItems: ['natureOfPrize', 'prizeDetails'],
    scrutineerAboveCents: { cents: shared.scrutineerAboveCents.cents, clause: c('16.2') },
    cashAlternative: { excludedKinds: ['cash', ...d.cashAlternativeExcludes], clause: c('16.3') },
    payment: d.payment,
    notifyWinner: { withinDays: shared.notifyWinnerWithinDays.days, methods: ['face-to-face', 'mail', 'telephone', 'e-mail'], clause: c('16.8') },
    retainDeniedClaimsAboveCents: { cents: shared.retainDeniedClaimsAboveCents.cents, clause: c('16.9.1') },
    compromisedNotice: { ...d.compromisedNotice, clause: c('16.11') },
    termsToRegulator: d.termsToRegulatorHoursBefore === null ? null : { hoursBefore: d.termsToRegulatorHoursBefore, clause: c('16.12') },
    amendmentsResubmitted: d.termsToRegulatorHoursBefore === null ? null : { clause: c('16.12.1') },
    disputes: { description: "the operator's decision is final; the person is told of the right to complain to an inspector (s33 GALA Act 2007)", clause: c('16.10') },
    clauses: {
      terms: c('16.6; 16.7'),
      promotion: c('16.6'),
      termsItems: c('16.7'),
      mannerOfAward: c('16.7.1'),
      eligibility: c('16.7.3'),
      earnedEntries: c('16.7.3; 16.7.4'),
      entriesClose: c('16.7.6'),
      drawPlaceDateTime: c('16.7.7'),
      resultsPublication: c('16.7.10'),
      prizeDetails: c('16.7.11'),
      claimDenied: c('16.9'),
    },
  };
};

/** The promotions policy of a rulebook id ('not-found' RULEBOOK_NOT_FOUND for an unknown id). */
export const promotionPolicyById = (rulebookId: string): PromotionPolicy => promotionPolicyFor(rulebookById(rulebookId));

import { analyze, atsPoliciesIfAny, ROLE_IDS, ROLE_LADDER, RULEBOOKS } from '@app/baccarat';
import type { Analysis, DealingMethodId, Ratio, Rulebook, RulebookPayTable as PayTable } from '@app/baccarat';

/**
 * The vocabulary a console builds its screens from, read from the rulebooks as data (libs/baccarat): each
 * rulebook with its variants, bets and their pay-table options, dealing methods, burn methods, role titles and
 * jurisdiction, every entry with the clause it comes from. What `POST /tables` and the wagers accept.
 */

const odds = (r: Ratio | undefined): string | null => (r ? `${r.num} to ${r.den}` : null);
const percent = (r: Ratio | undefined): string | null => (r ? `${+((r.num * 100) / r.den).toFixed(4)}%` : null);

/** In the casino's words: what each dealing method is (Crown Melbourne 7.1, Rapid 8.3, Star 8). */
export const DEALING_METHOD_DESCRIPTIONS: Readonly<Record<DealingMethodId, string>> = {
  'cards-to-highest-wagerers': 'The Dealer delivers each hand to the player with the highest wager on it (Crown Melbourne 7.1.1).',
  'dealer-retains-shoe': 'The Dealer keeps the shoe and deals both hands (Crown Melbourne 7.1.2, Rapid 8.3.1).',
  'shoe-to-highest-wagerer': 'The shoe is offered to the seated player with the highest wager, who deals (Crown Melbourne 7.1.3).',
  'method-a': 'The Dealer retains all cards (Star 8.5-8.7).',
  'method-b': 'Cards are passed to the highest wagerers on each hand (Star 8.8-8.16).',
  'method-c': "A designated player wagers on and receives the Banker's cards for the shoe (Star 8.17-8.26).",
};

const analyses = new Map<number, Analysis>();
const analysisAt = (decks: number): Analysis => {
  let a = analyses.get(decks);
  if (!a) analyses.set(decks, (a = analyze(decks)));
  return a;
};

/**
 * The exact house edge of a bet's option at each deck count the rulebook allows it (`analyze`), per nominated hand or
 * run length where it has them, and whether it favours the player: the rules owner ruled that such options are shown
 * wherever the platform shows house edges, so the casino can take them to the regulator (docs/rules/README.md).
 */
const houseEdges = (bet: string, option: string, decks: readonly number[]) =>
  decks.flatMap((d) =>
    analysisAt(d)
      .bets.filter((b) => b.bet === bet && b.option === option)
      .map((b) => ({ decks: d, ...(b.side ? { side: b.side } : {}), ...(b.length ? { length: b.length } : {}), houseEdgePercent: Math.round(b.houseEdge * 1e6) / 1e4, playerFavourable: b.playerFavourable, ...(b.note ? { note: b.note } : {}) })),
  );

/** An option's house edges at `decks` and whether any favours the player: GET /rulebooks and the table view say it alike. */
export const optionHouseEdges = (bet: string, option: string, decks: readonly number[]) => {
  const edges = houseEdges(bet, option, decks);
  return { houseEdges: edges, playerFavourable: edges.some((e) => e.playerFavourable) };
};

/**
 * An offered option's edges at a table's deck count (`optionHouseEdges`); a bet with one edge per side (Shield,
 * Crown Melbourne 5.9; Dragon Tail, Table 7) also keyed by side, so no reader takes one side's edge for the other's.
 */
type SideEdge = { readonly houseEdgePercent: number; readonly playerFavourable: boolean; readonly note?: string };
export const offeredOptionEdges = (bet: string, option: string, decks: number): ReturnType<typeof optionHouseEdges> & { readonly houseEdgesBySide?: Readonly<Record<string, SideEdge>> } => {
  const edges = optionHouseEdges(bet, option, [decks]);
  const sided = edges.houseEdges.filter((e) => e.side !== undefined && e.length === undefined);
  if (sided.length === 0) return edges;
  return { ...edges, houseEdgesBySide: Object.fromEntries(sided.map(({ side, houseEdgePercent, playerFavourable, note }) => [side!, { houseEdgePercent, playerFavourable, ...(note ? { note } : {}) }])) };
};

const payTableView = (t: PayTable, decks: readonly number[]) => ({
  option: t.option,
  name: t.name,
  clause: t.clause,
  ...optionHouseEdges(t.bet, t.option, decks),
  ...(t.family ? { family: t.family } : {}),
  pays: t.entries.map((e) => ({ outcome: e.outcome, resolution: e.resolution, odds: odds(e.odds), commission: percent(e.commission), clause: e.clause })),
  ...(t.composition ? { composition: t.composition.map((c) => ({ part: c.part, ...(c.bet ? { bet: c.bet } : {}), share: `${c.share.num}/${c.share.den}` })) } : {}),
});

export const rulebookVocabulary = (r: Rulebook) => ({
  id: r.id,
  title: r.title,
  citation: r.citation,
  version: r.version,
  effectiveFrom: r.effectiveFrom,
  jurisdiction: r.jurisdiction,
  operator: r.operator,
  // What a staff token names (--casino): staff act only at the casinos of their token.
  casino: r.casino,
  regulator: r.regulator,
  decks: r.decks,
  variants: r.variants.map((v) => ({
    id: v.id,
    name: v.name,
    clause: v.clause,
    allowedBets: v.allowedBets,
    allowedBetsClause: v.allowedBetsClause,
    mainBetOptions: v.mainBetOptions,
    ...(v.decks ? { decks: v.decks } : {}),
    ...(v.tournamentOnly ? { tournamentOnly: v.tournamentOnly } : {}),
    ...(v.noticeRequired ? { noticeRequired: v.noticeRequired } : {}),
  })),
  bets: r.bets.map((b) => ({ bet: b.bet, name: b.name, clause: b.clause, options: b.payTables.map((t) => payTableView(t, (b.decks ?? r.decks).allowed)), ...(b.decks ? { decks: b.decks } : {}) })),
  dealingMethods: r.procedures.dealingMethods
    ? r.procedures.dealingMethods.allowed.map((id) => ({ id, description: DEALING_METHOD_DESCRIPTIONS[id], clause: r.procedures.dealingMethods!.clause }))
    : [],
  burnMethods: r.procedures.burn?.methods.map((m) => ({ method: m.method, clause: m.clause, ...(m.onRequestOf ? { onRequestOf: m.onRequestOf } : {}), ...(m.approval ? { approval: m.approval } : {}) })) ?? [],
  /** The rulebook's own titles and the platform role each maps to (a token's role). */
  roles: r.roleTitles,
  ...atsVocabulary(r),
});

/**
 * A rulebook with automated transaction stations (Rapid): the chips the ATS offers, which a table's limits must be made
 * of (4.2, 5.3.2), and how many rounds the SGC holds for the Dealer to freeze, correct or claim on, and why (11.11,
 * 11.12, 13.9).
 */
const atsVocabulary = (r: Rulebook) => {
  const ats = atsPoliciesIfAny(r);
  if (!ats) return {};
  const { chips, sgc } = ats;
  return { ats: { chips: { denominationsCents: chips.denominationsCents, source: chips.source, clause: chips.clause }, sgcRoundsHeld: sgc.roundsHeld } };
};

/** The platform's roles: the ladder (a rule naming a role "(or above)" is met by any role above it) and the others. */
export const ROLES_VOCABULARY = {
  ladder: ROLE_LADDER,
  all: ROLE_IDS,
  note: 'A rule that names a role "(or above)" is met by that role and every role after it on the ladder (Crown Melbourne 1.2); the other roles hold only the powers a rule gives them by name. A token carries one of these roles (npm run token -- --role <role>); a staff token also names the casinos its holder works at (--casino, the `casino` of each rulebook).',
};

/** Jurisdictions and the rulebooks in force there, with their regulators. */
export const jurisdictionsVocabulary = () =>
  (['VIC', 'NSW'] as const).map((j) => ({
    jurisdiction: j,
    regulators: [...new Set(RULEBOOKS.filter((r) => r.jurisdiction === j).map((r) => r.regulator))],
    rulebooks: RULEBOOKS.filter((r) => r.jurisdiction === j).map((r) => ({ id: r.id, effectiveFrom: r.effectiveFrom })),
    gamingDay: 'The gaming day start, time zone and shifts of each jurisdiction: GET /reporting/calendars.',
  }));

export const vocabulary = () => ({
  rulebooks: RULEBOOKS.map(rulebookVocabulary),
  roles: ROLES_VOCABULARY,
  jurisdictions: jurisdictionsVocabulary(),
});

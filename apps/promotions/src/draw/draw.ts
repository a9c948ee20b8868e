/**
 * The reproducible draw that no single party can steer (Star 16.7.1 "the manner in which a Promotional Prize is to
 * be awarded", 16.7.10 "how the results will be published"); the full algorithm, for anyone to re-implement, is
 * apps/promotions/DRAW.md. Two secret seeds, each committed as sha256 before it can matter: the operator's before
 * entries open (bound to the entry rules and the prizes in order), the scrutineer's (or inspector's) before entries
 * close. At the draw both are revealed and checked, and the winners follow from
 * finalSeed = sha256(operatorSeed ‖ scrutineerSeed ‖ entriesDigest) over the public entry list. Pure: seeds arrive
 * as input; the service never holds one before the draw.
 */
import type { PromotionPrize } from '@app/contracts';
import { createRng, randomBelow, sha256Hex } from '@app/baccarat';
// Node's SHA-256 (deterministic, no I/O) where a million entries are hashed: the same digest as libs/baccarat's
// sha256, about ten times faster (bench/promotions.bench.ts).
import { createHash } from 'node:crypto';

export interface DrawEntry {
  readonly entryId: string;
  readonly patronId: string;
}

export interface DrawInput {
  readonly seed: string;
  readonly entries: readonly DrawEntry[];
  /** Prize ids in prize order: the first entry drawn wins the first prize. */
  readonly prizeIds: readonly string[];
  /** A patron wins at most one prize: later draws of their entries are passed over. */
  readonly onePrizePerPatron: boolean;
}

export interface DrawnWinner {
  readonly prizeId: string;
  readonly entryId: string;
  readonly patronId: string;
}

/**
 * Who entered, as the public sees it: the first 16 hex digits of sha256(salt, tab, patronId). The salt is the
 * promotion's secret, so nobody can test a guessed patron id against the page; the same patron is always the same
 * entrant, so the draw (one prize per patron) re-runs on the public list to the same winners.
 */
export const entrantOf = (salt: string, patronId: string): string => createHash('sha256').update(`${salt}\t${patronId}`).digest('hex').slice(0, 16);

/** patronId → entrant under one salt, each patron hashed once. */
export const entrantsUnder = (salt: string): ((patronId: string) => string) => {
  const entrants = new Map<string, string>();
  return (patronId) => {
    let entrant = entrants.get(patronId);
    if (entrant === undefined) entrants.set(patronId, (entrant = entrantOf(salt, patronId)));
    return entrant;
  };
};

/** The entries with each patron id replaced by its entrant. */
export const publicEntries = (salt: string, entries: readonly DrawEntry[]): DrawEntry[] => {
  const entrant = entrantsUnder(salt);
  return entries.map((e) => ({ entryId: e.entryId, patronId: entrant(e.patronId) }));
};

/** SHA-256 of the seed (its 64 hex digits as text), hex: what is published before the draw. */
export const commitmentOf = (seed: string): string => sha256Hex(seed);

/** The name of the algorithm in DRAW.md that the public record follows. */
export const DRAW_ALGORITHM = 'star-promotion-draw/2: sha256(operatorSeed || scrutineerSeed || entriesDigest), sfc32, rejection sampling';

/** A seed is 32 random bytes written as 64 lower-case hex digits, so the concatenation in finalSeedOf is unambiguous. */
export const isSeed = (seed: string): boolean => /^[0-9a-f]{64}$/.test(seed);

/** The prizes as the draw is bound to them, in order: the first winner drawn takes the first. */
export type DrawPrize = PromotionPrize;

/**
 * How a commitment's prizes digest is computed (DRAW.md "Digests"). 1: [prizeId, kind, valueCents, description] only,
 * kept so rounds committed under it still verify. 2 (every commitment since): every field of each prize, so no
 * detail of a prize (16.7.11: make, model, on-road costs, the 16.3 cash alternative, liquor...) can change once
 * the draw is committed (16.7.1).
 */
export type PrizesDigestVersion = 1 | 2;
export const PRIZES_DIGEST_VERSION: PrizesDigestVersion = 2;

/** Every field of a prize, in a fixed order: details as [key, value] pairs sorted by key, an absent liquorMillilitres as null. */
export const boundPrizeFields = (p: DrawPrize) => [
  p.prizeId,
  p.kind,
  p.valueCents,
  p.description,
  Object.entries(p.details).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  p.contents,
  p.liquorLitres,
  p.liquorMillilitres ?? null,
  p.cashAlternativeCents,
];

/**
 * SHA-256 (hex, of the UTF-8 JSON, no spaces) of the prizes in order. Version 2: each prize as boundPrizeFields;
 * version 1 (older rounds): [prizeId, kind, valueCents, description].
 */
export const prizesDigest = (prizes: readonly DrawPrize[], version: PrizesDigestVersion = PRIZES_DIGEST_VERSION): string =>
  sha256Hex(JSON.stringify(prizes.map((p) => (version === 1 ? [p.prizeId, p.kind, p.valueCents, p.description] : boundPrizeFields(p)))));

/** What decides who holds entries and how the draw treats them. */
export interface DrawEntryRules {
  readonly entryRule: { readonly tableIds: readonly string[]; readonly bets: readonly string[]; readonly minimumWagerCents: number; readonly turnoverPerEntryCents: number } | null;
  readonly onePrizePerPatron: boolean;
  readonly schedule: { readonly startsAt: string; readonly entriesCloseAt: string; readonly drawAt: string };
}

/**
 * SHA-256 of JSON [entryRule, onePrizePerPatron, startsAt, entriesCloseAt, drawAt], the entry rule as
 * [tableIds, bets, minimumWagerCents, turnoverPerEntryCents] or null (entries granted only).
 */
export const entryRulesDigest = (r: DrawEntryRules): string =>
  sha256Hex(
    JSON.stringify([
      r.entryRule ? [r.entryRule.tableIds, r.entryRule.bets, r.entryRule.minimumWagerCents, r.entryRule.turnoverPerEntryCents] : null,
      r.onePrizePerPatron,
      r.schedule.startsAt,
      r.schedule.entriesCloseAt,
      r.schedule.drawAt,
    ]),
  );

/** The seed the winners are drawn from: sha256 of the three 64-hex-digit strings concatenated, as hex. */
export const finalSeedOf = (operatorSeed: string, scrutineerSeed: string, entriesDigestHex: string): string => sha256Hex(`${operatorSeed}${scrutineerSeed}${entriesDigestHex}`);

/**
 * SHA-256 of the entry list, one "entryId\tpatronId\n" line per entry in recorded order (UTF-8); with `shown`, each
 * patron id as it is published (`entrantsUnder(salt)`: the digest of `publicEntries` without building that list).
 */
export const entriesDigest = (entries: readonly DrawEntry[], shown: (patronId: string) => string = (p) => p): string => {
  // Hashed in chunks of lines (UTF-8 by the hash): a million entries would otherwise build a 20 MB string first.
  const hash = createHash('sha256');
  const CHUNK = 4096;
  for (let from = 0; from < entries.length; from += CHUNK) {
    let text = '';
    for (let i = from; i < Math.min(from + CHUNK, entries.length); i++) text += `${entries[i].entryId}\t${shown(entries[i].patronId)}\n`;
    hash.update(text, 'utf8');
  }
  return hash.digest('hex');
};

/**
 * Winners by drawing entries uniformly (sfc32 seeded by the revealed seed, unbiased rejection sampling), skipping
 * an entry already drawn and, when one prize per patron, a patron who already won. Stops when every prize has a
 * winner or no eligible entry is left.
 */
export const drawWinners = (input: DrawInput): DrawnWinner[] => {
  const { entries, prizeIds } = input;
  const rng = createRng(`promotion-draw:${input.seed}`);
  // How many winners there can be: every prize, unless there are fewer entries (or patrons, one prize each).
  // Counting the patrons of a million entries is costly and rarely needed: it is done only once the draw has
  // passed over many entries without filling the prizes. The winners are the same either way.
  let wanted = Math.min(prizeIds.length, entries.length);
  let counted = !input.onePrizePerPatron;
  const drawnEntries = new Set<number>();
  const wonPatrons = new Set<string>();
  const winners: DrawnWinner[] = [];
  while (winners.length < wanted) {
    if (!counted && (drawnEntries.size === entries.length || drawnEntries.size > prizeIds.length * 20 + 1_000)) {
      wanted = Math.min(wanted, new Set(entries.map((e) => e.patronId)).size);
      counted = true;
      continue;
    }
    const i = randomBelow(rng, entries.length);
    if (drawnEntries.has(i)) continue;
    drawnEntries.add(i);
    const entry = entries[i];
    if (input.onePrizePerPatron && wonPatrons.has(entry.patronId)) continue;
    wonPatrons.add(entry.patronId);
    winners.push({ prizeId: prizeIds[winners.length], entryId: entry.entryId, patronId: entry.patronId });
  }
  return winners;
};

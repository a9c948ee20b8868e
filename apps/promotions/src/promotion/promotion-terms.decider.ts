/**
 * Terms and prizes of a promotion checked against the edition's policy (Star 16.3, 16.5, 16.7). Every missing
 * item is listed at once, so the marketing team fixes the terms in one go.
 */
import { ruleViolation } from '@app/contracts';
import type { PromotionPrize } from '@app/contracts';
import { PromotionPolicy } from '@app/baccarat';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Lower-case words of free text: letters and digits, everything else a break ("E-Cigarette kit" → e cigarette kit). */
const wordsOf = (text: string): string[] => text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/** Whether `text` names `term` as whole words, the last one singular or plural ("cigars", "cigarettes", "pipe tobacco"). */
const names = (text: string, term: string): boolean => {
  const words = wordsOf(text);
  const wanted = wordsOf(term);
  const last = wanted.length - 1;
  for (let i = 0; i + wanted.length <= words.length; i++) {
    if (wanted.every((w, j) => (j === last ? words[i + j] === w || words[i + j] === `${w}s` || words[i + j] === `${w}es` : words[i + j] === w))) return true;
  }
  return false;
};

/** The 16.5 item a content names, if any. */
const forbiddenIn = (policy: PromotionPolicy, content: string) => policy.forbiddenContents.find((f) => f.content === content || f.words.some((term) => names(content, term)));

/** Every free text that describes a prize, with its field: its contents, its description and each of its details. */
const textsDescribing = (prize: PromotionPrize, field: string): { readonly field: string; readonly value: string }[] => [
  ...prize.contents.map((value, j) => ({ field: `${field}.contents[${j}]`, value })),
  { field: `${field}.description`, value: prize.description },
  ...Object.entries(prize.details ?? {}).map(([key, value]) => ({ field: `${field}.details.${key}`, value })),
].filter((t) => typeof t.value === 'string');

/** Millilitres per unit; pints and gallons are imperial, as in Australia (568 ml; 4.546 L). */
const UNIT_ML: Readonly<Record<string, number>> = { ml: 1, millilitre: 1, milliliter: 1, cl: 10, centilitre: 10, centiliter: 10, dl: 100, decilitre: 100, deciliter: 100, l: 1000, lt: 1000, ltr: 1000, litre: 1000, liter: 1000, pint: 568, gallon: 4546 };
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(ml|millilitres?|milliliters?|cl|centilitres?|centiliters?|dl|decilitres?|deciliters?|ltrs?|lt|l|litres?|liters?|pints?|gallons?)(?![\p{L}])`;
/** A count of containers: up to three digits, not part of a longer number (a vintage "2018" is no count). */
const COUNT = String.raw`(?<![\d.,])(\d{1,3})(?![\d.,])`;
const num = (t: string) => Number(t.replace(',', '.'));
const millilitres = (volume: string, unit: string) => num(volume) * (UNIT_ML[unit.replace(/s$/, '').replace(/^ltr$/, 'l')] ?? 1000);
const alternation = (words: readonly string[]) => words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

const UNITS_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS_WORDS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const NUMBER_WORD = `(?:${[...UNITS_WORDS, ...TENS_WORDS, 'hundred'].join('|')})`;
/** A run of number words: "thirty", "twenty-one", "two hundred and forty". */
const NUMBER_WORDS_RUN = new RegExp(String.raw`\b${NUMBER_WORD}(?:(?:\s+and\s+|[\s-]+)${NUMBER_WORD})*\b`, 'g');
const numberOfWords = (run: string): number =>
  run.split(/[\s-]+/).filter((w) => w !== 'and').reduce((n, w) => {
    if (w === 'hundred') return (n || 1) * 100;
    const unit = UNITS_WORDS.indexOf(w);
    return n + (unit >= 0 ? unit + 1 : (TENS_WORDS.indexOf(w) + 2) * 10);
  }, 0);
/** Counts written in words as digits: "three dozen" → 36, "a dozen" → 12, "half a dozen" → 6, "Two hundred" → 200, "Twenty-one" → 21. */
const countsAsDigits = (text: string): string =>
  text.toLowerCase().replace(NUMBER_WORDS_RUN, (run) => String(numberOfWords(run)))
    .replace(/\bhalf (?:a )?dozen\b/g, '6')
    .replace(/\b(\d{1,3})\s+dozen\b/g, (_, n: string) => String(Number(n) * 12))
    .replace(/\b(?:an? )?dozen\b/g, '12');

/**
 * The patterns a text states liquor by, each giving millilitres, tried in order on what the earlier left unread:
 * - a count of containers, each holding a product in brackets: "3 cartons of beer (24 x 375 ml)",
 *   "6 cases (12 x 750 ml) of wine";
 * - a count of containers each holding a volume: "36 bottles of wine (750 ml each)", "24 cans, 375 ml each",
 *   "27 bottles of wine (750 ml)", "30 cans of beer, 375ml" (the size after a count of containers is each one's);
 * - a count before a sized container: "36 750ml bottles of merlot";
 * - products of factors and a volume, after an optional count of containers: "2 cases of 12 x 750 ml",
 *   "a carton of 24 x 375 ml", "36 x 750ml", "A 50 L keg", "1 x 21 L keg".
 */
const liquorPatterns = (containers: readonly string[]) => {
  const container = String.raw`(?:${alternation(containers)})(?:s|es)?`;
  return {
    nested: new RegExp(String.raw`${COUNT}\s*${container}\b([^\d;&()]{0,40}?)\(\s*((?:${NUMBER}\s*[x×*]\s*)+)(${NUMBER})\s*${UNIT}`, 'giu'),
    // "4 packs of 24 beers (375ml)", "2 cases of 12 bottles of wine, 750 ml": containers of a count of containers.
    perContainer: new RegExp(String.raw`${COUNT}\s*${container}\s+of\s+(\d{1,3})\s+([^\d;&()]{0,40}?)\(?\s*(${NUMBER})\s*${UNIT}`, 'giu'),
    each: new RegExp(String.raw`${COUNT}\s*(?:x\s*)?([^\d;&]{0,60}?)(\(\s*)?(${NUMBER})\s*${UNIT}\s*(each|apiece|per\s+\p{L}+|a\s+(?:${container}))?(\s*of\b)?`, 'giu'),
    leadingContainer: new RegExp(String.raw`^\s*${container}\b`, 'iu'),
    crossesItems: /\b(?:and|with|plus)\b/iu,
    sized: new RegExp(String.raw`${COUNT}\s+(${NUMBER})\s*${UNIT}\s+${container}\b`, 'giu'),
    product: new RegExp(String.raw`(?:${COUNT}\s*${container}\s*(?:of\s+|[x×*@]\s*))?((?:${NUMBER}\s*[x×*]\s*)*)(${NUMBER})\s*${UNIT}`, 'giu'),
    // "21,000 ml", "20 500 ml" (thousands grouped); not "20 500 ml bottles" (twenty bottles of 500 ml).
    thousands: new RegExp(String.raw`(?<![\d.,])(\d{1,3})((?:[, ]\d{3})+)(?![\d])(?=\s*${UNIT})(?!\s*${UNIT}\s+${container}\b)`, 'giu'),
    // "10 six-packs" (after "six" became 6: 10 6-packs) is 60 containers; "a 6-pack" is 6.
    packs: /(?<![\d.,])(?:(\d{1,3})\s*(?:x\s*)?)?(\d{1,2})(?:-|\s(?=\S*(?:packs?|pks?)\b)|)(?:packs?|pks?)\b/giu,
    // A container with no size stated, its count before it; not one holding a count of others ("a case of 6 bottles").
    unsized: new RegExp(String.raw`(?:(?<![\d.,])(\d{1,3})\s*(?:x\s*)?)?\b(${alternation(containers)})(?:s|es)?\b(?!\s+of\s+\d)`, 'giu'),
  };
};

/** Whether `words` hold `term` at `i`, its last word singular or plural. */
const termAt = (words: readonly string[], wanted: readonly string[], i: number): boolean => {
  const last = wanted.length - 1;
  return wanted.every((w, j) => (j === last ? words[i + j] === w || words[i + j] === `${w}s` || words[i + j] === `${w}es` : words[i + j] === w));
};

/** Whether a text names liquor: a liquor word, or a container holding it ("keg", "cask"), not followed by one making it something else ("wine glasses"). */
const namesLiquor = (policy: PromotionPolicy, text: string): boolean => {
  const words = wordsOf(text);
  const { notLiquorAfter, notLiquor, notLiquorBefore } = policy.liquorLimit;
  const after = new Set(notLiquorAfter.flatMap((w) => [w, `${w}s`, `${w}es`]));
  const phrases = notLiquor.map(wordsOf);
  const qualifiers = notLiquorBefore.map(wordsOf);
  // Within a drink that is not liquor ("ginger beer"), or after a qualifier within two words ("non-alcoholic red wine").
  const inNotLiquor = (i: number) => phrases.some((p) => p.some((_, k) => i - k >= 0 && termAt(words, p, i - k)));
  const qualified = (i: number) => qualifiers.some((q) => [1, 2, 3].some((gap) => i - q.length - gap + 1 >= 0 && q.every((w, j) => words[i - q.length - gap + 1 + j] === w)));
  return [...policy.liquorLimit.words, ...policy.liquorLimit.impliedBy].some((term) => {
    const wanted = wordsOf(term);
    for (let i = 0; i + wanted.length <= words.length; i++) {
      if (termAt(words, wanted, i) && !after.has(words[i + wanted.length] ?? '') && !inNotLiquor(i) && !qualified(i)) return true;
    }
    return false;
  });
};

/**
 * 16.5.4: the liquor a text describing a prize states, in millilitres, every count multiplied out (cartons, cases and
 * packs of containers, thousands grouped); null when it names liquor without a volume that can be read ("whisky",
 * "a case of wine"), undefined when it names no liquor. Only ever a cross-check of the stated total: it can refuse,
 * never accept.
 */
const liquorWrittenIn = (policy: PromotionPolicy, text: string): number | null | undefined => {
  if (!namesLiquor(policy, text)) return undefined;
  const p = liquorPatterns(policy.liquorLimit.containers);
  let rest = countsAsDigits(text.normalize('NFKC'))
    .replace(p.thousands, (_, head: string, groups: string) => head + groups.replace(/[, ]/g, ''))
    .replace(p.packs, (_, packs: string | undefined, size: string) => `${Number(packs ?? 1) * Number(size)} cans`);
  let ml = 0;
  let read = false;
  const take = (m: RegExpMatchArray, amount: number) => {
    ml += amount;
    read = true;
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice((m.index ?? 0) + m[0].length);
  };
  const product = (factors: string) => (factors.match(new RegExp(NUMBER, 'g')) ?? []).map(num).reduce((a, b) => a * b, 1);
  for (const m of [...rest.matchAll(p.nested)]) {
    if (p.crossesItems.test(m[2])) continue;
    take(m, Number(m[1]) * product(m[3]) * millilitres(m[4], m[5]));
  }
  for (const m of [...rest.matchAll(p.perContainer)]) {
    if (p.crossesItems.test(m[3])) continue;
    take(m, Number(m[1]) * Number(m[2]) * millilitres(m[4], m[5]));
  }
  for (const m of [...rest.matchAll(p.each)]) {
    const [, count, between, , volume, unit, each, ofSomething] = m;
    // The count multiplies the volume when it counts containers (the container right after it: "for 2 incl. a
    // bottle (750 ml)" is one bottle), the volume is each one's ("each", or the size after them), and the two are
    // one item: "2 bottles of wine and 750 ml of gin" are two.
    if (p.crossesItems.test(between) || !p.leadingContainer.test(between) || !(each || !ofSomething)) continue;
    take(m, Number(count) * millilitres(volume, unit));
  }
  for (const m of [...rest.matchAll(p.sized)]) take(m, Number(m[1]) * millilitres(m[2], m[3]));
  for (const m of [...rest.matchAll(p.product)]) take(m, (m[1] ? Number(m[1]) : 1) * product(m[2]) * millilitres(m[3], m[4]));
  // No volume stated at all: containers of a standard size ("3 cases of wine", "40 bottles of wine", "a cask").
  if (!read) {
    for (const m of [...rest.matchAll(p.unsized)]) {
      // What the container holds is what follows it, up to the next item: "a can of ginger beer and a bottle of wine"
      // is no can of liquor; "magnum ice creams" no magnum; "stubby holders" no stubby.
      const following = rest.slice((m.index ?? 0) + m[0].length).slice(0, 40).split(/\b(?:and|with|plus)\b|[,;(]/u)[0];
      const holdsLiquor = namesLiquor(policy, `${m[2]}${following}`);
      const size = policy.liquorLimit.standardSizes.find((s) => s.container === m[2].toLowerCase() && holdsLiquor && (!s.of || s.of.some((w) => names(following, w))));
      if (size) take(m, (m[1] ? Number(m[1]) : 1) * size.millilitres);
    }
  }
  return read ? Math.round(ml) : null;
};

interface LiquorText {
  readonly field: string;
  readonly value: string;
  /** Millilitres stated; null: liquor without a readable volume. */
  readonly ml: number | null;
}

/** The texts naming liquor, each with what it states; over the limit is refused naming the text. */
const liquorTexts = (policy: PromotionPolicy, whose: string, texts: readonly { readonly field: string; readonly value: string }[]): LiquorText[] => {
  const { clause, litres, millilitres: limit } = policy.liquorLimit;
  const found: LiquorText[] = [];
  for (const text of texts) {
    const ml = liquorWrittenIn(policy, text.value);
    if (ml === undefined) continue;
    if (ml !== null && ml > limit) {
      throw ruleViolation('PRIZE_FORBIDDEN', `${whose}${text.field} "${text.value}" describes ${ml / 1000} litres of liquor; a promotional prize may not include more than ${litres} litres. Reduce it to at most ${litres} litres.`, clause, text.field);
    }
    found.push({ field: text.field, value: text.value, ml });
  }
  return found;
};

/** 16.5.4: liquor named in free text is let through only on the total stated in the structured field. */
const totalRequired = (policy: PromotionPolicy, whose: string, text: LiquorText, prize: string, why: string) =>
  ruleViolation(
    'LIQUOR_TOTAL_REQUIRED',
    `${whose}${text.field} "${text.value}" names liquor${why}: state the prize's total liquor in ${prize}.liquorMillilitres, a whole number of millilitres for the whole prize (12 x 750 ml is 9000; a 20 L keg is 20000), at most ${policy.liquorLimit.millilitres} (${policy.liquorLimit.litres} litres). The texts are checked against it, never read in its place.`,
    policy.liquorLimit.clause,
    `${prize}.liquorMillilitres`,
  );

/** 16.5.4: what a text reads is more than the stated total: refused naming both. */
const understated = (policy: PromotionPolicy, whose: string, read: { field: string; ml: number }, statedField: string, statedMl: number) =>
  ruleViolation(
    'LIQUOR_TOTAL_UNDERSTATED',
    `${whose}${read.field} reads ${read.ml} ml of liquor, but ${statedField} states ${statedMl} ml: state the prize's whole total in ${statedField} (at most ${policy.liquorLimit.millilitres} ml), or correct the text.`,
    policy.liquorLimit.clause,
    statedField,
  );

/**
 * 16.5.4 "more than 20 litres of liquor" on one prize. A prize whose texts name liquor states its total in
 * liquorMillilitres (or whole litres in liquorLitres): that stated total is what is checked against the limit. The
 * texts are a cross-check only, and never refuse a lawful prize: the items of `contents` add up, while a description
 * or a detail, which may restate them, is read on its own; the largest of these readings is the least the prize
 * holds, and it reading more than the stated total (or more than the limit) is refused. Returns the stated total.
 */
const assertPrizeLiquor = (policy: PromotionPolicy, prize: PromotionPrize, field: string, statedMl: number): number => {
  const { clause, litres, millilitres: limit } = policy.liquorLimit;
  // liquorMillilitres given (0 too: "Beer brewing kit" holds none), or a positive liquorLitres (0 is its default).
  const stated = prize.liquorMillilitres !== undefined || statedMl > 0;
  const statedField = prize.liquorMillilitres === undefined && statedMl > 0 ? `${field}.liquorLitres` : `${field}.liquorMillilitres`;
  const whose = `Prize ${prize.prizeId}: `;
  const texts = liquorTexts(policy, whose, textsDescribing(prize, field));
  const inContents = texts.filter((t) => t.field.startsWith(`${field}.contents[`));
  const sum = (ts: readonly LiquorText[]) => ts.reduce((total, t) => total + (t.ml ?? 0), 0);
  const overLimit = (ts: readonly LiquorText[], where: string) => {
    const ml = sum(ts);
    if (ml > limit) {
      throw ruleViolation('PRIZE_FORBIDDEN', `${whose}${where} total ${ml / 1000} litres of liquor (${ts.filter((t) => t.ml).map((t) => `"${t.value}"`).join(' + ')}); a promotional prize may not include more than ${litres} litres. Reduce it to at most ${litres} litres.`, clause, where);
    }
  };
  // The largest reading: the contents' items together, or one description or detail alone.
  const others = texts.filter((t) => !t.field.startsWith(`${field}.contents[`));
  const largest = [inContents, ...others.map((t) => [t])].reduce((best, ts) => (sum(ts) > sum(best) ? ts : best), [] as readonly LiquorText[]);
  overLimit(inContents, `${field}.contents`);
  overLimit(largest, largest.length === 1 ? largest[0].field : field);
  if (texts.length === 0) return statedMl;
  if (!stated) throw totalRequired(policy, whose, texts[0], field, '');
  // A content naming liquor is liquor in the prize: 0 is no total for it (0 says a description naming liquor, "Beer brewing kit", holds none).
  const content = inContents[0];
  if (statedMl === 0 && content) throw totalRequired(policy, whose, content, field, ` but ${statedField} states 0`);
  const reading = largest.filter((t) => t.ml);
  const read = { field: reading.length === 1 ? reading[0].field : reading.map((t) => t.field).join(' + '), ml: sum(largest) };
  if (read.ml > statedMl) throw understated(policy, whose, read, statedField, statedMl);
  return statedMl;
};

/** Liquor in millilitres: liquorMillilitres where given (then liquorLitres is 0 or the same amount), else whole litres. */
const liquorMillilitresOf = (prize: PromotionPrize, field: string, clause: string): number => {
  if (prize.liquorMillilitres === undefined) return prize.liquorLitres * 1000;
  if (!Number.isInteger(prize.liquorMillilitres) || prize.liquorMillilitres < 0) throw ruleViolation('LIQUOR_MEASURE_INVALID', `${field}.liquorMillilitres must be a whole number of millilitres.`, clause, `${field}.liquorMillilitres`);
  if (prize.liquorLitres !== 0 && prize.liquorLitres * 1000 !== prize.liquorMillilitres) {
    throw ruleViolation('LIQUOR_MEASURES_DISAGREE', `${field} gives ${prize.liquorLitres} litres and ${prize.liquorMillilitres} ml of liquor: give the quantity once, in millilitres.`, clause, `${field}.liquorMillilitres`);
  }
  return prize.liquorMillilitres;
};

/** 16.5.4: the prize's stated total of liquor in millilitres (liquorMillilitres, or whole litres), as the public record and the notices show it; null when none is stated. */
export const statedLiquorMillilitres = (prize: Pick<PromotionPrize, 'liquorLitres' | 'liquorMillilitres'>): number | null =>
  prize.liquorMillilitres ?? (prize.liquorLitres > 0 ? prize.liquorLitres * 1000 : null);

/** Forbidden prizes first (16.5), then the cash alternative (16.3), then completeness (16.7). */
export const assertPrizesAllowed = (policy: PromotionPolicy, prizes: readonly PromotionPrize[]): void => {
  if (prizes.length === 0) throw ruleViolation('PRIZES_REQUIRED', `A promotion needs at least one prize (${policy.clauses.prizeDetails}: details of the prizes and their value).`, policy.clauses.prizeDetails, 'prizes');
  const ids = new Set<string>();
  prizes.forEach((prize, i) => {
    const field = `prizes[${i}]`;
    if (ids.has(prize.prizeId)) throw ruleViolation('PRIZE_ID_DUPLICATE', `Prize id ${prize.prizeId} appears twice.`, undefined, `${field}.prizeId`);
    ids.add(prize.prizeId);
    if (!Number.isInteger(prize.valueCents) || prize.valueCents <= 0) {
      throw ruleViolation('PRIZE_VALUE_INVALID', `${field}.valueCents must be a positive whole number of cents (${policy.clauses.prizeDetails} requires each prize's value).`, policy.clauses.prizeDetails, `${field}.valueCents`);
    }
    // 16.5 "will not consist of or include": whatever text describes the prize may say so, not only its contents.
    for (const text of textsDescribing(prize, field)) {
      const forbidden = forbiddenIn(policy, text.value);
      if (forbidden) {
        throw ruleViolation(
          'PRIZE_FORBIDDEN',
          `Prize ${prize.prizeId} includes "${text.value}" (${forbidden.content}) in ${text.field}: a promotional prize may not consist of or include it. Remove it from the prize and from the text describing it.`,
          forbidden.clause,
          text.field,
        );
      }
    }
    const liquorMl = liquorMillilitresOf(prize, field, policy.liquorLimit.clause);
    const declaredField = prize.liquorMillilitres === undefined ? `${field}.liquorLitres` : `${field}.liquorMillilitres`;
    if (liquorMl > policy.liquorLimit.millilitres) {
      throw ruleViolation(
        'PRIZE_FORBIDDEN',
        `Prize ${prize.prizeId} includes ${liquorMl / 1000} litres of liquor; at most ${policy.liquorLimit.litres} litres are allowed.`,
        policy.liquorLimit.clause,
        declaredField,
      );
    }
    // 16.5.4 "more than 20 litres of liquor": the texts describing the prize are read and totalled too, not only the declared measure.
    assertPrizeLiquor(policy, prize, field, liquorMl);
    if (prize.cashAlternativeCents !== null && policy.cashAlternative.excludedKinds.includes(prize.kind)) {
      throw ruleViolation('CASH_ALTERNATIVE_NOT_ALLOWED', `A prize of ${prize.kind} may not be offered with a cash alternative under ${policy.cashAlternative.clause}. Remove cashAlternativeCents.`, policy.cashAlternative.clause, `${field}.cashAlternativeCents`);
    }
    if (prize.cashAlternativeCents !== null && (!Number.isInteger(prize.cashAlternativeCents) || prize.cashAlternativeCents <= 0)) {
      throw ruleViolation('CASH_ALTERNATIVE_INVALID', 'cashAlternativeCents must be a positive whole number of cents, or null.', policy.cashAlternative.clause, `${field}.cashAlternativeCents`);
    }
  });
};

/** What the terms and prize details lack (16.7.1-16.7.11.4), each as "field (clause): what it is". */
export const missingTerms = (policy: PromotionPolicy, terms: Readonly<Record<string, string>>, prizes: readonly PromotionPrize[]): string[] => {
  const missing = policy.termsItems.filter((item) => blank(terms[item.key])).map((item) => `terms.${item.key} (${item.clause}): ${item.description}`);
  prizes.forEach((prize, i) => {
    if (blank(prize.description)) missing.push(`prizes[${i}].description (${policy.clauses.prizeDetails}): details of the prize`);
    for (const item of policy.prizeDetails[prize.kind] ?? []) {
      if (blank(prize.details[item.key])) missing.push(`prizes[${i}].details.${item.key} (${item.clause}): ${item.description}`);
    }
  });
  return missing;
};

/**
 * The terms hold the items of 16.7 by key, each as text: a key the edition does not name, or an item that is not
 * text (a number, a list, an object, null), is refused naming terms.<item>. 16.7 is "not limited to" its items: a
 * further condition is written into the item it qualifies, so every stored key is one the regulator's list names.
 */
export const assertTermsItemsText = (policy: PromotionPolicy, terms: unknown): void => {
  const items = () => policy.termsItems.map((item) => `${item.key} (${item.clause.slice(policy.citation.length).trim()})`).join(', ');
  if (typeof terms !== 'object' || terms === null || Array.isArray(terms)) {
    throw ruleViolation('TERMS_INVALID', `terms must be an object holding the items of ${policy.clauses.termsItems} by key, each as text: ${items()}.`, policy.clauses.termsItems, 'terms');
  }
  const record = terms as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = policy.termsItems.find((i) => i.key === key);
    if (!item) {
      throw ruleViolation('TERMS_ITEM_UNKNOWN', `terms.${key} is not an item of ${policy.clauses.termsItems}; the items are ${items()}. Write a further condition into the item it qualifies.`, policy.clauses.termsItems, `terms.${key}`);
    }
    if (typeof record[key] !== 'string') {
      throw ruleViolation('TERMS_ITEM_NOT_TEXT', `terms.${key} must be text (${item.clause}: ${item.description}): write it in words.`, item.clause, `terms.${key}`);
    }
  }
};

/**
 * 16.5 with 16.7.5 and 16.7.11: the terms items that describe the prize are screened like the prize's own texts,
 * naming terms.<item>. The liquor they read is checked against 16.5.4's limit and against the totals the prizes state.
 */
export const assertTermsDescribeAllowedPrizes = (policy: PromotionPolicy, terms: Readonly<Record<string, string>>, prizes: readonly PromotionPrize[]): void => {
  const texts = policy.prizeDescribingTermsItems.filter((key) => typeof terms[key] === 'string').map((key) => ({ field: `terms.${key}`, value: terms[key] }));
  for (const text of texts) {
    const forbidden = forbiddenIn(policy, text.value);
    if (forbidden) {
      throw ruleViolation('PRIZE_FORBIDDEN', `${text.field} "${text.value}" describes a prize including ${forbidden.content}: a promotional prize may not consist of or include it. Remove it from the prize and from the terms.`, forbidden.clause, text.field);
    }
  }
  // The prizes' stated totals stand for the liquor these terms describe: the terms may name it (liquor named with no
  // prize stating a total is refused), and may not read more than the prizes together state.
  const statedMl = prizes.reduce((sum, p, i) => {
    const field = `prizes[${i}]`;
    return sum + assertPrizeLiquor(policy, p, field, liquorMillilitresOf(p, field, policy.liquorLimit.clause));
  }, 0);
  for (const text of liquorTexts(policy, '', texts)) {
    if (statedMl === 0) throw totalRequired(policy, '', text, 'prizes[i]', ' but no prize states its liquor');
    if ((text.ml ?? 0) > statedMl) throw understated(policy, '', { field: text.field, ml: text.ml ?? 0 }, 'the prizes\' liquorMillilitres together', statedMl);
  }
};

export const assertTermsComplete = (policy: PromotionPolicy, terms: Readonly<Record<string, string>>, prizes: readonly PromotionPrize[]): void => {
  assertTermsItemsText(policy, terms);
  assertPrizesAllowed(policy, prizes);
  assertTermsDescribeAllowedPrizes(policy, terms, prizes);
  const missing = missingTerms(policy, terms, prizes);
  if (missing.length > 0) {
    throw ruleViolation('TERMS_INCOMPLETE', `The terms and conditions must include every item of ${policy.clauses.termsItems}; missing: ${missing.join('; ')}.`, policy.clauses.termsItems, 'terms');
  }
};

/** 16.2: a draw with an individual prize worth more than $10,000 is overseen by a scrutineer. */
export const needsScrutineer = (policy: PromotionPolicy, prizes: readonly PromotionPrize[]): boolean =>
  prizes.some((p) => p.valueCents > policy.scrutineerAboveCents.cents);

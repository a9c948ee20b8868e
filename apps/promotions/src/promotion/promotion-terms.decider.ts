/**
 * Terms and prizes of a promotion checked against the edition's policy (Star 16.3, 16.5, 16.7). Every missing
 * item is listed at once, so the marketing team fixes the terms in one go.
 */
import { ruleViolation } from '@app/contracts';
import type { PromotionPrize } from '@app/contracts';
import { PromotionPolicy } from '@app/baccarat';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Lower-case words of free text: letters and digits, everything else a break ("E-Cigarette kit" → e cigarette kit). */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

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

const UNIT_ML: Readonly<Record<string, number>> = { ml: 1, millilitre: 1, milliliter: 1, cl: 10, centilitre: 10, centiliter: 10, l: 1000, lt: 1000, ltr: 1000, litre: 1000, liter: 1000 };
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(ml|millilitres?|milliliters?|cl|centilitres?|centiliters?|ltrs?|lt|l|litres?|liters?)`;
/** "N x M x V L" (any count of factors) or "V L"; a leading "N cases/kegs/bottles of" multiplies what follows. */
const QUANTITY = new RegExp(String.raw`(?:(\d+)\s*(?:cases?|cartons?|slabs?|crates?|kegs?|casks?|bottles?|packs?)\s+of\s+)?((?:${NUMBER}\s*[x×*]\s*)*)(${NUMBER})\s*${UNIT}(?![\p{L}])`, 'giu');
const num = (t: string) => Number(t.replace(',', '.'));

/**
 * 16.5.4: the liquor a text describing a prize states, in millilitres; null when it names liquor in a container
 * without a volume ("a case of wine"), undefined when it names no liquor.
 */
const liquorWrittenIn = (policy: PromotionPolicy, text: string): number | null | undefined => {
  if (!policy.liquorLimit.words.some((w) => names(text, w))) return undefined;
  let ml = 0;
  let read = false;
  for (const m of text.toLowerCase().matchAll(QUANTITY)) {
    const unit = m[4].replace(/s$/, '').replace(/^ltr$/, 'l');
    const factors = (m[2].match(new RegExp(NUMBER, 'g')) ?? []).map(num);
    ml += [m[1] ? Number(m[1]) : 1, ...factors, num(m[3]), UNIT_ML[unit] ?? 1000].reduce((a, b) => a * b, 1);
    read = true;
  }
  if (read) return Math.round(ml);
  return policy.liquorLimit.containers.some((w) => names(text, w)) ? null : undefined;
};

/** 16.5.4 on each text: over the limit is refused naming the text; a quantity that cannot be read is refused unless liquorLitres/liquorMillilitres states it. */
const assertLiquorWritten = (policy: PromotionPolicy, whose: string, texts: readonly { readonly field: string; readonly value: string }[], declaredMl: number, declaredField: string): void => {
  const { clause, litres, millilitres } = policy.liquorLimit;
  for (const text of texts) {
    const ml = liquorWrittenIn(policy, text.value);
    if (ml === undefined) continue;
    if (ml === null) {
      if (declaredMl > 0) continue;
      throw ruleViolation('LIQUOR_QUANTITY_UNREADABLE', `${whose}${text.field} "${text.value}" names liquor but its quantity cannot be read (at most ${litres} litres are allowed): state the volume in the text ("12 x 750 ml") or give ${declaredField}.`, clause, text.field);
    }
    if (ml > millilitres) {
      throw ruleViolation('PRIZE_FORBIDDEN', `${whose}${text.field} "${text.value}" describes ${ml / 1000} litres of liquor; a promotional prize may not include more than ${litres} litres. Reduce it to at most ${litres} litres.`, clause, text.field);
    }
  }
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
    // 16.5.4 "more than 20 litres of liquor": the texts describing the prize are read too, not only the declared measure.
    assertLiquorWritten(policy, `Prize ${prize.prizeId}: `, textsDescribing(prize, field), liquorMl, declaredField);
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
 * naming terms.<item>. The liquor they state is checked against 16.5.4's limit; the declared measures of the prizes
 * stand for a quantity they do not state.
 */
export const assertTermsDescribeAllowedPrizes = (policy: PromotionPolicy, terms: Readonly<Record<string, string>>, prizes: readonly PromotionPrize[]): void => {
  const texts = policy.prizeDescribingTermsItems.filter((key) => typeof terms[key] === 'string').map((key) => ({ field: `terms.${key}`, value: terms[key] }));
  for (const text of texts) {
    const forbidden = forbiddenIn(policy, text.value);
    if (forbidden) {
      throw ruleViolation('PRIZE_FORBIDDEN', `${text.field} "${text.value}" describes a prize including ${forbidden.content}: a promotional prize may not consist of or include it. Remove it from the prize and from the terms.`, forbidden.clause, text.field);
    }
  }
  const declaredMl = prizes.reduce((max, p, i) => Math.max(max, liquorMillilitresOf(p, `prizes[${i}]`, policy.liquorLimit.clause)), 0);
  assertLiquorWritten(policy, '', texts, declaredMl, "the prize's liquorLitres");
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

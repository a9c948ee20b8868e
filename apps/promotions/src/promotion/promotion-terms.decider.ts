/**
 * Terms and prizes of a promotion checked against the edition's policy (Star 16.3, 16.5, 16.7). Every missing
 * item is listed at once, so the marketing team fixes the terms in one go.
 */
import { ruleViolation } from '@app/contracts';
import type { PromotionPrize } from '@app/contracts';
import { PromotionPolicy } from '@app/baccarat';

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

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
    for (const content of prize.contents) {
      const forbidden = policy.forbiddenContents.find((f) => f.content === content);
      if (forbidden) {
        throw ruleViolation('PRIZE_FORBIDDEN', `Prize ${prize.prizeId} includes ${content}: a promotional prize may not consist of or include it. Remove it from the prize.`, forbidden.clause, `${field}.contents`);
      }
    }
    if (prize.liquorLitres > policy.liquorLimit.litres) {
      throw ruleViolation('PRIZE_FORBIDDEN', `Prize ${prize.prizeId} includes ${prize.liquorLitres} litres of liquor; at most ${policy.liquorLimit.litres} litres are allowed.`, policy.liquorLimit.clause, `${field}.liquorLitres`);
    }
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

export const assertTermsComplete = (policy: PromotionPolicy, terms: Readonly<Record<string, string>>, prizes: readonly PromotionPrize[]): void => {
  assertPrizesAllowed(policy, prizes);
  const missing = missingTerms(policy, terms, prizes);
  if (missing.length > 0) {
    throw ruleViolation('TERMS_INCOMPLETE', `The terms and conditions must include every item of ${policy.clauses.termsItems}; missing: ${missing.join('; ')}.`, policy.clauses.termsItems, 'terms');
  }
};

/** 16.2: a draw with an individual prize worth more than $10,000 is overseen by a scrutineer. */
export const needsScrutineer = (policy: PromotionPolicy, prizes: readonly PromotionPrize[]): boolean =>
  prizes.some((p) => p.valueCents > policy.scrutineerAboveCents.cents);

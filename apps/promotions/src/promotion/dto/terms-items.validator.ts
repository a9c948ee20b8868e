/**
 * The terms of a promotion as a request gives them (Star 16.7): an object holding, by key, the items of 16.7 that
 * the rulebooks name, each as text. A number, a list, an object or null where an item's text is expected, or a key
 * no rulebook names, is a 400 naming `terms.<item>` (never a crash deeper in, never stored). 16.7 lists what the
 * conditions "must include, but are not limited to": further conditions are written into the item they qualify.
 */
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { promotionPolicyFor, RULEBOOKS, type TermsItem } from '@app/baccarat';

/** Every item of 16.7 of the rulebooks with promotional prizes, once by key, its clause without the citation. */
const TERMS_ITEMS: readonly TermsItem[] = (() => {
  const byKey = new Map<string, TermsItem>();
  for (const rulebook of RULEBOOKS.filter((rb) => rb.procedures.promotionalPrizes)) {
    const policy = promotionPolicyFor(rulebook);
    for (const item of policy.termsItems) {
      if (!byKey.has(item.key)) byKey.set(item.key, { ...item, clause: item.clause.slice(policy.citation.length).trim() });
    }
  }
  return [...byKey.values()];
})();

export const TERMS_ITEM_KEYS: readonly string[] = TERMS_ITEMS.map((item) => item.key);

const itemList = (): string => TERMS_ITEMS.map((item) => `${item.key} (${item.clause})`).join(', ');

/** What is wrong with `terms`, or null: the first problem, naming its item. */
export const termsProblem = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `terms must be an object holding the items of Star 16.7 by key, each as text: ${itemList()}`;
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !TERMS_ITEM_KEYS.includes(key));
  if (unknown !== undefined) {
    return `terms.${unknown} is not an item of Star 16.7; the items are ${itemList()} (16.7 is "not limited to" them: write a further condition into the item it qualifies)`;
  }
  const notText = Object.keys(record).find((key) => typeof record[key] !== 'string');
  if (notText !== undefined) {
    const item = TERMS_ITEMS.find((i) => i.key === notText);
    return `terms.${notText} must be text (Star ${item?.clause ?? '16.7'}: ${item?.description ?? 'an item of the terms'}); ${JSON.stringify(record[notText])} is not: write it in words`;
  }
  return null;
};

export const IsTermsItems = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isTermsItems',
      validator: {
        validate: (value: unknown) => termsProblem(value) === null,
        defaultMessage: (args) => termsProblem(args?.value) ?? 'terms must hold the items of Star 16.7 as text',
      },
    },
    options,
  );

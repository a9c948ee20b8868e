/** Every rulebook version the platform knows, and lookup by stable id. */
import { notFound } from '@app/contracts';
import { CROWN_MELBOURNE_RAPID } from './crown-melbourne-rapid';
import { CROWN_MELBOURNE_V29 } from './crown-melbourne-v29';
import { CROWN_SYDNEY_GUIDE } from './crown-sydney-guide';
import type { Rulebook, RulebookId } from './rulebook.types';
import { STAR_SYDNEY_2021 } from './star-sydney-2021';
import { STAR_SYDNEY_2024 } from './star-sydney-2024';

export const RULEBOOKS: readonly Rulebook[] = [CROWN_MELBOURNE_V29, CROWN_MELBOURNE_RAPID, STAR_SYDNEY_2021, STAR_SYDNEY_2024, CROWN_SYDNEY_GUIDE];

export const RULEBOOK_IDS: readonly RulebookId[] = RULEBOOKS.map((r) => r.id);

export const isRulebookId = (value: string): value is RulebookId => (RULEBOOK_IDS as readonly string[]).includes(value);

/** The rulebook with this id; throws DomainError 'not-found' (RULEBOOK_NOT_FOUND) for an unknown id. */
export const rulebookById = (id: string): Rulebook => {
  const found = RULEBOOKS.find((r) => r.id === id);
  if (!found) throw notFound('RULEBOOK_NOT_FOUND', `No rulebook with id "${id}"; known: ${RULEBOOK_IDS.join(', ')}.`);
  return found;
};

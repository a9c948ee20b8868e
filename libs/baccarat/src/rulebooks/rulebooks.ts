/** Every rulebook version the platform knows, and lookup by stable id. */
import { notFound } from '@app/contracts';
import { CROWN_MELBOURNE_RAPID } from './crown-melbourne-rapid';
import { CROWN_MELBOURNE_V29 } from './crown-melbourne-v29';
import { CROWN_SYDNEY_GUIDE } from './crown-sydney-guide';
import type { CasinoId, Rulebook, RulebookId } from './rulebook.types';
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

/** Every casino the rulebooks name, in the order of RULEBOOKS (derived, so a new rulebook's casino appears here). */
export const CASINO_IDS: readonly CasinoId[] = [...new Set(RULEBOOKS.map((r) => r.casino))];

export const isCasinoId = (value: unknown): value is CasinoId => typeof value === 'string' && (CASINO_IDS as readonly string[]).includes(value);

/** The casino whose tables play under the rulebook with this id; undefined for an id no rulebook has. */
export const casinoOfRulebook = (rulebookId: unknown): CasinoId | undefined => RULEBOOKS.find((r) => r.id === rulebookId)?.casino;

/** The rulebooks played at a casino, e.g. crown-melbourne: crown-melbourne-v29 and crown-melbourne-rapid. */
export const rulebooksOfCasino = (casino: string): readonly RulebookId[] => RULEBOOKS.filter((r) => r.casino === casino).map((r) => r.id);

/** The casinos whose rulebooks are of a jurisdiction (VIC: crown-melbourne; NSW: crown-sydney, star-sydney): whose tables a jurisdiction's report covers. */
export const casinosOfJurisdiction = (jurisdiction: string): readonly CasinoId[] => [...new Set(RULEBOOKS.filter((r) => r.jurisdiction === jurisdiction).map((r) => r.casino))];

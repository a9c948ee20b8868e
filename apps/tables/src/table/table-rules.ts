/**
 * Rulebook look-ups the table decider needs, kept pure: who may do what (roles from the rulebook's procedures),
 * clause numbers per rulebook series for irregularities, and notice periods.
 */
import { forbidden } from '@app/contracts';
import { isRoleId, roleAtLeast, type Authority, type RoleId, type Rulebook } from '../engine-adapter/rulebooks';
import type { Actor } from './table.events';

export type Series = 'crown' | 'rapid' | 'star' | 'guide';

export const seriesOf = (rb: Rulebook): Series =>
  rb.series === 'crown-melbourne-baccarat' ? 'crown' : rb.series === 'crown-melbourne-rapid-baccarat' ? 'rapid' : rb.series === 'star-sydney-baccarat' ? 'star' : 'guide';

/** Cite a clause of this rulebook: per series, the number the text uses. */
export const cite = (rb: Rulebook, clauses: Partial<Record<Series, string>>, fallback = 'Crown Melbourne'): string => {
  const n = clauses[seriesOf(rb)];
  return n !== undefined ? `${rb.citation} ${n}` : `${rb.citation} (no provision; applying ${fallback} ${clauses.crown ?? ''})`.trim();
};

/**
 * Refuses a command whose actor's role does not meet `authority` (the rulebook's) or, where the rulebook does not
 * address the matter, `fallback`. Ladder roles meet a requirement "(or above)".
 */
export const requireRole = (actor: Actor, authority: Authority | null | undefined, fallback: { role: RoleId; clause: string }, what: string): string => {
  const needed = authority ?? { minimumRole: fallback.role, clause: fallback.clause };
  if (!isRoleId(actor.role) || !roleAtLeast(actor.role, needed.minimumRole)) {
    throw forbidden('ROLE_NOT_PERMITTED', `${what} requires ${needed.minimumRole} (or above); ${actor.id} acts as ${actor.role}.`, needed.clause);
  }
  return needed.clause;
};

export const atLeast = (actor: Actor, role: RoleId): boolean => isRoleId(actor.role) && roleAtLeast(actor.role, role);

export const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

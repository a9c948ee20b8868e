/**
 * Authority checks the table deciders share, kept pure: who may do what (roles from the rulebook's procedures),
 * and notice periods. Clauses come from the rulebook's policies (`procedureClause`), never from here.
 */
import { forbidden } from '@app/contracts';
import { isRoleId, roleAtLeast, type Authority, type RoleId } from '../engine-adapter/rulebooks';
import type { Actor } from './table.events';

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

/** Who may act, under the rulebook's role titles (Rapid 1.1, 1.2) and the ATS's own account (4.3, 6.1). Pure. */
import { isRoleId, roleAtLeast, type RoleId } from '@app/baccarat';
import { DomainError, forbidden } from '@app/contracts';

export interface RapidActor {
  readonly id: string;
  readonly role: string;
}

/** The actor's role meets `minimum` "(or above)" (Rapid 1.2: a supervisor may do what the Dealer may). */
export const hasRole = (actor: RapidActor, minimum: RoleId): boolean => isRoleId(actor.role) && roleAtLeast(actor.role, minimum);

export const requireRole = (actor: RapidActor, minimum: RoleId, clause: string, what: string): void => {
  if (!hasRole(actor, minimum)) {
    throw forbidden('ROLE_NOT_PERMITTED', `${what} is for the ${minimum} (or above) under ${clause}; you act as ${actor.role}.`, clause);
  }
};

/** An ATS acts only for the chip account it displays (Rapid 4.3, 6.1): any other is refused, under the rulebook's `clause`. */
export const isStation = (actor: RapidActor): boolean => actor.role === 'ats';

/**
 * `field` is what the request addressed: the account (`accountId`, as an account read naming its table does) or the
 * ATS (`atsId`, the default).
 */
export const requireOwnStation = (actor: RapidActor, atsId: string, clause: string, tableId?: string, field: 'accountId' | 'atsId' = tableId === undefined ? 'atsId' : 'accountId'): void => {
  if (isStation(actor) && actor.id !== atsId) {
    const what = field === 'accountId' ? 'use the id of the account your ATS displays' : `use your own ATS id (${actor.id})`;
    throw new DomainError('forbidden', 'FOREIGN_ACCOUNT', `${field}: this ATS (${actor.id}) may act only on its own chip account (${clause}); the account belongs to ATS ${atsId}${tableId ? ` at table ${tableId}` : ''}: ${what}.`, clause, field);
  }
};

/**
 * An ATS is part of one gaming table (Rapid 2.2(a)) and its player acts there only (4.3): its token reads that
 * table's rounds and stations, never another's. Anyone else passes.
 */
export const requireStationOfTable = (actor: RapidActor, tableId: string, atsIds: readonly string[], clause: string): void => {
  if (isStation(actor) && !atsIds.includes(actor.id)) {
    throw new DomainError('forbidden', 'ATS_OF_ANOTHER_TABLE', `tableId: this ATS (${actor.id}) is not part of table ${tableId}: an ATS reads only the table it belongs to (${clause}); use its own table's id.`, clause, 'tableId');
  }
};

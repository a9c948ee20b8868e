import { ladderRank, Role, ROLE_LADDER } from './roles';

/** What a command demands: one role (or any ladder role above it), or any one of several. */
export type RoleRequirement = Role | { readonly anyOf: readonly Role[] };

const accepted = (required: RoleRequirement): readonly Role[] => (typeof required === 'string' ? [required] : required.anyOf);

/** Whether a held role meets one accepted role: equal, or higher on the ladder when both are on it. */
const meets = (held: Role, wanted: Role): boolean => {
  if (held === wanted) return true;
  const heldRank = ladderRank(held);
  const wantedRank = ladderRank(wanted);
  return heldRank >= 0 && wantedRank >= 0 && heldRank > wantedRank;
};

export const roleSatisfies = (actorRoles: readonly Role[], required: RoleRequirement): boolean =>
  actingRole(actorRoles, required) !== undefined;

/**
 * The role the actor acts in for a command: of the roles that satisfy the requirement, the highest on the
 * ladder; off-ladder roles follow in the order the requirement lists them. Undefined when none satisfies.
 */
export const actingRole = (actorRoles: readonly Role[], required: RoleRequirement): Role | undefined => {
  const wanted = accepted(required);
  const satisfying = actorRoles.filter((held) => wanted.some((w) => meets(held, w)));
  return highestOf(satisfying, wanted);
};

/** The highest of the given roles: ladder roles by rank, then off-ladder roles in `preference` order. */
export const highestOf = (roles: readonly Role[], preference: readonly Role[] = []): Role | undefined => {
  const onLadder = roles.filter((r) => ladderRank(r) >= 0).sort((a, b) => ladderRank(b) - ladderRank(a));
  if (onLadder.length > 0) return onLadder[0];
  const offLadder = [...roles].sort((a, b) => orderIn(preference, a) - orderIn(preference, b));
  return offLadder[0];
};

const orderIn = (list: readonly Role[], role: Role): number => {
  const i = list.indexOf(role);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
};

/** A sentence naming what is required, for 403 messages and the OpenAPI description. */
export const describeRequirement = (required: RoleRequirement): string => {
  const roles = accepted(required);
  const phrase = (r: Role) => (ladderRank(r) >= 0 && ladderRank(r) < ROLE_LADDER.length - 1 ? `${r} (or higher on the ladder)` : r);
  return roles.length === 1 ? phrase(roles[0]) : `one of: ${roles.map(phrase).join(', ')}`;
};

/**
 * Platform-wide role ids. The gaming-floor roles form a ladder: a rule that names a role "(or above)" is met
 * by any role at or above it (Crown Melbourne 1.2: a TG Higher Duties Dealer or above may do what a Dealer
 * may). Each rulebook maps its own titles onto these ids in `Rulebook.roleTitles`.
 *
 * The other roles are not on the ladder: they hold only the powers a rule gives them by name.
 */
export const ROLE_LADDER = ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager'] as const;
// 'ats': an automated transaction station (Rapid 1.1 'ATS'): a player's terminal acting only on its own chip account.
export const OFF_LADDER_ROLES = ['tournament-director', 'jackpot-console', 'regulator', 'administrator', 'ats'] as const;
export const ROLE_IDS = [...ROLE_LADDER, ...OFF_LADDER_ROLES] as const;

export type LadderRoleId = (typeof ROLE_LADDER)[number];
export type RoleId = (typeof ROLE_IDS)[number];

export const isRoleId = (value: string): value is RoleId => (ROLE_IDS as readonly string[]).includes(value);

/**
 * Whether `role` meets a rule that requires `minimum` "(or above)". Ladder roles compare by rank; an
 * off-ladder role meets only itself.
 */
export const roleAtLeast = (role: RoleId, minimum: RoleId): boolean => {
  const rank = (r: RoleId) => (ROLE_LADDER as readonly string[]).indexOf(r);
  if (rank(role) < 0 || rank(minimum) < 0) return role === minimum;
  return rank(role) >= rank(minimum);
};

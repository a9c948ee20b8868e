/**
 * The roles of the back office. The ladder follows the rulebooks' chain of command on the gaming floor
 * (TG "Higher Duties Dealer / Gaming Supervisor", "Area Manager / Casino Supervisor"); a higher rung may do
 * anything a lower rung may. The other roles stand beside the ladder: an administrator runs the system but
 * makes no game decisions, a regulator only reads, a jackpot console and a tournament director act only in
 * their own domain.
 */
export const ROLE_LADDER = ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager'] as const;
// 'ats': an automated transaction station (Rapid 1.1 'ATS'): a player's terminal acting only on its own chip account.
export const OFF_LADDER_ROLES = ['tournament-director', 'jackpot-console', 'regulator', 'administrator', 'ats'] as const;
export const ROLES = [...ROLE_LADDER, ...OFF_LADDER_ROLES] as const;

export type LadderRole = (typeof ROLE_LADDER)[number];
export type Role = (typeof ROLES)[number];

/**
 * Roles that stand above any one casino: the regulator reads by jurisdiction, the administrator runs the system
 * and makes no game decisions. Every other role (the ladder, the tournament director, the jackpot console, an
 * ATS) acts only at the casinos its token names.
 */
export const CASINO_INDEPENDENT_ROLES = ['regulator', 'administrator'] as const satisfies readonly Role[];

export const isCasinoBound = (role: Role): boolean => !(CASINO_INDEPENDENT_ROLES as readonly Role[]).includes(role);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Position on the ladder (0 = dealer), or -1 for a role that is not on it. */
export const ladderRank = (role: Role): number => (ROLE_LADDER as readonly string[]).indexOf(role);

import { CASINO_IDS, type CasinoId } from '@app/baccarat';
import { INSECURE_DEVELOPMENT_AUTH_SECRET, isCasinoBound, issueToken, type Role } from '@app/platform-kit';

/** What a test's bearer token says; staff roles name their casinos, as every staff token must. */
export interface TestTokenRequest {
  readonly roles: readonly Role[];
  /** Actor id (default: the first role, e.g. `dealer`). */
  readonly sub?: string;
  readonly name?: string;
  /**
   * The casinos the holder works at: the casino of the rulebooks the test's records play under (crown-melbourne
   * for Crown Melbourne v29 and Rapid, crown-sydney for the Crown Sydney guide, star-sydney for Star 2021/2024).
   * Required for staff roles; a regulator or administrator names none.
   */
  readonly casinos?: readonly CasinoId[];
  /** A regulator's jurisdictions (VIC, NSW). */
  readonly jurisdictions?: readonly string[];
  /** Default: the development secret the platform uses when AUTH_SECRET is unset. */
  readonly secret?: string;
  /** Default one hour; negative for an expired token. */
  readonly ttlSeconds?: number;
}

/** Every casino of the deployment: for a test whose records play under several casinos' rulebooks. */
export const EVERY_CASINO: readonly CasinoId[] = CASINO_IDS;

/**
 * The one way tests mint bearer tokens: a staff token without casinos is refused by the services, so it is refused
 * here first, with what to add.
 */
export const testToken = (r: TestTokenRequest): string => {
  const staff = r.roles.filter(isCasinoBound);
  if (staff.length > 0 && !r.casinos?.length) {
    throw new Error(`A test token for ${staff.join(', ')} must name its casinos (casinos: ['crown-melbourne'], ...): staff act only at their own casino.`);
  }
  const sub = r.sub ?? r.roles[0] ?? 'nobody';
  return issueToken(
    { sub, name: r.name ?? sub, roles: [...r.roles], ...(r.casinos?.length ? { casinos: [...r.casinos] } : {}), ...(r.jurisdictions?.length ? { jurisdictions: [...r.jurisdictions] } : {}) },
    r.secret ?? INSECURE_DEVELOPMENT_AUTH_SECRET,
    r.ttlSeconds ?? 3600,
  );
};

/** `Bearer <testToken>`, for an Authorization header. */
export const testBearer = (r: TestTokenRequest): string => `Bearer ${testToken(r)}`;

import { Role } from '../authorization/roles';

/** What a bearer token says about its holder. `exp` is added by `issueToken`. */
export interface TokenClaims {
  /** Actor id, e.g. a staff number. */
  readonly sub: string;
  readonly name: string;
  readonly roles: readonly Role[];
  /** For regulators: the jurisdictions whose records they may read, e.g. ['NSW']. */
  readonly jurisdictions?: readonly string[];
  /**
   * For staff (every role but regulator and administrator): the casinos the holder works at, as the rulebooks name
   * them (crown-melbourne, crown-sydney, star-sydney). A staff token without one is refused.
   */
  readonly casinos?: readonly string[];
}

export interface VerifiedClaims extends TokenClaims {
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

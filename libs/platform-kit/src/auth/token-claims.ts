import { Role } from '../authorization/roles';

/** What a bearer token says about its holder. `exp` is added by `issueToken`. */
export interface TokenClaims {
  /** Actor id, e.g. a staff number. */
  readonly sub: string;
  readonly name: string;
  readonly roles: readonly Role[];
  /** For regulators: the jurisdictions whose records they may read, e.g. ['NSW']. */
  readonly jurisdictions?: readonly string[];
}

export interface VerifiedClaims extends TokenClaims {
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

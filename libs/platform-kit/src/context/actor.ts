import { Role } from '../authorization/roles';

/** Who issues the current request, as handlers see it (`@CurrentActor()`). */
export interface Actor {
  readonly id: string;
  readonly name: string;
  readonly roles: readonly Role[];
  /** The role the actor acts in for this command: the highest of their roles that meets the requirement. */
  readonly role: Role;
  /** Regulators' jurisdictions, e.g. ['NSW']; empty for everyone else. */
  readonly jurisdictions: readonly string[];
  /** The casinos a staff token names (crown-melbourne, crown-sydney, star-sydney); empty for regulators and administrators. */
  readonly casinos: readonly string[];
}

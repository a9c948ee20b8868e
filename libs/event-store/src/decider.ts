import type { DomainEvent } from './event.types';

/** A decider (docs/ARCHITECTURE.md): pure decide and evolve over one stream's state. */
export interface Decider<Command, Event extends DomainEvent, State> {
  /** Returns the events the command causes, or throws a DomainError. Never changes state. */
  readonly decide: (command: Command, state: State) => readonly Event[];
  /** Applies one event. Never throws: events are facts. */
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
}

export const fold = <E extends DomainEvent, S>(decider: Pick<Decider<unknown, E, S>, 'evolve'>, state: S, events: readonly E[]): S =>
  events.reduce(decider.evolve, state);

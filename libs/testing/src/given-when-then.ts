import type { Decider, DomainEvent } from '@app/event-store';
import { DomainError } from '@app/contracts';

/**
 * Given/when/then for decider specs:
 *   spec(decider).given([...past events]).when(command).then([...expected events])
 *   spec(decider).given([...]).when(command).thenThrows('WAGER_ABOVE_TABLE_MAXIMUM')
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(history: readonly E[] = []) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        state,
        when(command: C) {
          const act = () => decider.decide(command, state);
          return {
            then(expected: readonly E[]): readonly E[] {
              const events = act();
              expect(events).toEqual(expected);
              return events;
            },
            /** Asserts on the produced events with a custom check; returns them for further checks. */
            thenEvents(check: (events: readonly E[], after: S) => void): readonly E[] {
              const events = act();
              check(events, events.reduce(decider.evolve, state));
              return events;
            },
            thenThrows(code: string, clause?: string): DomainError {
              let thrown: unknown;
              try {
                act();
              } catch (err) {
                thrown = err;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              const error = thrown as DomainError;
              expect(error.code).toBe(code);
              if (clause !== undefined) expect(error.clause).toBe(clause);
              return error;
            },
          };
        },
      };
    },
  };
}

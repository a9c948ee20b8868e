import type { IntegrationEvent } from '@app/contracts';
import type { Reaction, Reactor } from '@app/messaging';

/**
 * Given/when/then for reactors, without a database (docs/ARCHITECTURE.md, "Reactions between services"):
 *   reactorSpec(reactor).given(whatLookupWouldFind).when(event).then([{ streamId, command }])
 * `given` is the reactor's state as its `lookup` would read it from the service's own read model.
 */
export function reactorSpec<C, S>(reactor: Pick<Reactor<C, S>, 'react' | 'handles'>) {
  return {
    given(state: S) {
      return {
        when(event: IntegrationEvent) {
          const act = (): readonly Reaction<C>[] => (reactor.handles(event.type) ? reactor.react(event, state) : []);
          return {
            then(expected: readonly Reaction<C>[]): readonly Reaction<C>[] {
              const reactions = act();
              expect(reactions).toEqual(expected);
              return reactions;
            },
            /** Custom checks on the reactions (returned for more). */
            thenReactions(check: (reactions: readonly Reaction<C>[]) => void): readonly Reaction<C>[] {
              const reactions = act();
              check(reactions);
              return reactions;
            },
          };
        },
      };
    },
  };
}

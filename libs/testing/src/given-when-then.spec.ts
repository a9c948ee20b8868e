import { conflict } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { deciderSpec } from './given-when-then';

type Cmd = { type: 'Open' } | { type: 'Close' };
type Ev = { type: 'Opened' } | { type: 'Closed' };
const door: Decider<Cmd, Ev, { open: boolean }> = {
  initialState: () => ({ open: false }),
  decide: (c, s) => {
    if (c.type === 'Open' && s.open) throw conflict('ALREADY_OPEN', 'The door is open already.', 'Test 1.1');
    return c.type === 'Open' ? [{ type: 'Opened' }] : [{ type: 'Closed' }];
  },
  evolve: (_s, e) => ({ open: e.type === 'Opened' }),
};

describe('deciderSpec given/when/then', () => {
  it('folds the given history before deciding', () => {
    deciderSpec(door).given([]).when({ type: 'Open' }).then([{ type: 'Opened' }]);
    deciderSpec(door).given([{ type: 'Opened' }]).when({ type: 'Open' }).thenThrows('ALREADY_OPEN', 'Test 1.1');
  });

  it('fails a spec whose expected events differ', () => {
    expect(() => deciderSpec(door).given([]).when({ type: 'Open' }).then([{ type: 'Closed' }])).toThrow();
  });

  it('fails thenThrows when the decider does not throw', () => {
    expect(() => deciderSpec(door).given([]).when({ type: 'Open' }).thenThrows('ALREADY_OPEN')).toThrow();
  });
});

import { deciderSpec } from '@app/testing';
import { toIntegrationEvent } from '../integration/to-integration-event';
import { tableDecider } from './table.decider';
import { openCrown, play, readyShoe, DEALER, T0, deal } from './table-fixtures';
import type { TableEvent } from './table.events';

const spec = deciderSpec(tableDecider);
const ZERO_COMMISSION = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'zero-commission' },
  { bet: 'tie', option: 'standard' },
];
const limits = { perBet: { player: { minimumCents: 500, maximumCents: 50000 }, banker: { minimumCents: 500, maximumCents: 50000 }, tie: { minimumCents: 500, maximumCents: 5000 } } };
const zeroCommission = (tournamentId?: string) => openCrown({ variant: 'zero-commission', offeredBets: ZERO_COMMISSION, limits, ...(tournamentId ? { tournamentId } : {}) });

describe('Tables: tournament mode (Crown Melbourne 1.1 Zero Commission Baccarat; 14.2.4-14.2.5)', () => {
  it('refuses Zero Commission Baccarat at a table not opened for a tournament (Crown Melbourne 1.1)', () => {
    spec.given([]).when(zeroCommission()).thenThrows('VARIANT_TOURNAMENT_ONLY', "Crown Melbourne 1.1 'Zero Commission Baccarat'");
  });

  it('opens a table in tournament mode for a tournament, which may deal Zero Commission Baccarat and names the tournament on TableOpened', () => {
    spec.given([]).when(zeroCommission('spring-cup')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableOpened', variant: 'zero-commission', tournamentId: 'spring-cup' }]);
    });
  });

  it('publishes the tournament on the TableOpened integration event, and nothing for other tables', () => {
    const [opened] = play([zeroCommission('spring-cup')]);
    const [plain] = play([openCrown()]);
    const envelope = (e: TableEvent) => toIntegrationEvent({ eventId: 'e1', type: e.type, schemaVersion: 1, data: { ...e } as unknown as Record<string, unknown>, metadata: { actor: DEALER, commandId: 'c1', correlationId: 'c1', causationId: null, rulebookVersion: 'crown-melbourne-v29' }, occurredAt: T0, streamId: 'table-T1', streamType: 'table', version: 1, global: { transactionId: '1', position: '1' } });
    expect(envelope(opened)?.data).toMatchObject({ tournamentId: 'spring-cup', variant: 'zero-commission' });
    expect(envelope(plain)?.data).not.toHaveProperty('tournamentId');
  });

  it('deals and settles a Zero Commission coup at a tournament table: Banker paid 1 to 1 with no commission (Crown Melbourne 9.1 Table 14)', () => {
    const events = play([
      zeroCommission('spring-cup'),
      ...readyShoe(),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }] },
      ...deal('c1', ['2H', '9C', '3D', 'KS']),
    ]);
    const settled = events.find((e) => e.type === 'WagersSettled');
    expect(settled).toMatchObject({ settlements: [{ wagerId: 'w1', outcome: 'win', winCents: 1000, commissionImmediateCents: 0 }] });
  });
});

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

  it('refuses to open a tournament table on a Lucky Tie jackpot, whatever its game, naming the clauses (Crown Melbourne 13 with 14: 14.2.5; 14.4.4(a); 13.4.1; 13.4.8)', () => {
    const clause = 'Crown Melbourne 14.2.5; 14.4.4(a); 13.4.1; 13.4.8';
    spec.given([]).when({ ...zeroCommission('spring-cup'), jackpotIds: ['pit3-lucky-tie'] }).thenThrows('TOURNAMENT_TABLE_ON_JACKPOT', clause);
    spec.given([]).when(openCrown({ tournamentId: 'autumn-cup', jackpotIds: ['pit3-lucky-tie', 'pit4-lucky-tie'] })).thenThrows('TOURNAMENT_TABLE_ON_JACKPOT', clause);
    // The same table for cash play may play for the jackpot, and the tournament table for none.
    spec.given([]).when(openCrown({ jackpotIds: ['pit3-lucky-tie'] })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened', jackpotIds: ['pit3-lucky-tie'] }]));
    spec.given([]).when(openCrown({ tournamentId: 'autumn-cup' })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened', jackpotIds: [], tournamentId: 'autumn-cup' }]));
  });

  it('offers no coup of a tournament table opened on a jackpot before this was refused to the jackpot (Crown Melbourne 14.2.5; 13.4.1)', () => {
    const [opened] = play([openCrown({ tournamentId: 'spring-cup' })]);
    const legacy: TableEvent = { ...(opened as Extract<TableEvent, { type: 'TableOpened' }>), jackpotIds: ['pit3-lucky-tie'] };
    const events = play([...readyShoe(), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' }, ...deal('c1', ['8H', '8C', 'KD', 'QS'])], [legacy]);
    expect(events.find((e) => e.type === 'CoupCompleted')).toMatchObject({ result: 'tie', jackpotIds: [] });
  });
});

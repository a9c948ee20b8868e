import { tournamentStreamId } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { integrationEventOf, reactorSpec } from '@app/testing';
import type { Pool, PoolClient } from 'pg';
import { reactToTablePlay, tablePlayReactor } from './table-play.reactor';

const reactor = { react: reactToTablePlay, handles: () => true };
const AT = '2026-05-20T09:30:00.000Z';
const actor = { id: 'd-1', role: 'dealer' };
const at = (type: string, data: Record<string, unknown>) => integrationEventOf(type, data, { occurredAt: AT, actor });

describe('tournaments react to table play (Crown Melbourne 14.2.4-14.2.5, 15.3-15.5; Star 2024 15.5.2, 15.9.2)', () => {
  it('a table opened in tournament mode joins its tournament (Crown Melbourne 14.2.5)', () => {
    const opened = at('TableOpened', { tableId: 'T1', tournamentId: 'cup', variant: 'zero-commission', offeredBets: [], limits: { perBet: { player: { minimumCents: 10, maximumCents: 500 } } } });
    reactorSpec(reactor)
      .given({ tournamentId: null, designatedBy: [] })
      .when(opened)
      .then([
        {
          streamId: tournamentStreamId('cup'),
          command: { type: 'NoteTableOpened', actor, now: AT, tableId: 'T1', forTournament: true, variant: 'zero-commission', offeredBets: [], limits: { perBet: [{ bet: 'player', minimumCents: 10, maximumCents: 500 }] } },
        },
      ]);
  });

  it('a designated table opened for other play is noted by every tournament designating it (Star 2024 15.5.2)', () => {
    const opened = at('TableOpened', { tableId: 'T1', variant: 'traditional', offeredBets: [] });
    reactorSpec(reactor)
      .given({ tournamentId: null, designatedBy: ['cup', 'plate'] })
      .when(opened)
      .thenReactions((r) => expect(r.map((x) => [x.streamId, x.command.type, (x.command as { forTournament?: boolean }).forTournament])).toEqual([
        [tournamentStreamId('cup'), 'NoteTableOpened', false],
        [tournamentStreamId('plate'), 'NoteTableOpened', false],
      ]));
  });

  it('a coup voided at a tournament table reaches its tournament, even after it was settled (Crown Melbourne 15.5; Star 2024 14.5)', () => {
    reactorSpec(reactor)
      .given({ tournamentId: 'cup', designatedBy: [] })
      .when(at('CoupVoided', { tableId: 'T1', coupId: 'c7', reason: 'disruption', clause: 'Crown Melbourne 15.5', reversedSettlements: [{ wagerId: 'w1' }] }))
      .then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteCoupVoided', actor, now: AT, tableId: 'T1', coupId: 'c7', clause: 'Crown Melbourne 15.5' } }]);
  });

  it('Star 2024 15.8.2.5-15.8.2.6: no more bets called at a tournament table reaches its tournament, which then records no undisclosed wager for the coup', () => {
    reactorSpec(reactor)
      .given({ tournamentId: 'cup', designatedBy: [] })
      .when(at('BettingClosed', { tableId: 'T1', coupId: 'c7', closedAt: AT }))
      .then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteNoMoreBets', actor, now: AT, tableId: 'T1', coupId: 'c7' } }]);
  });

  it('Crown Melbourne 14.4.8(a)(ii): a wager the table voided and settled void reaches its tournament naming the wager, so a coup whose every wager was returned is scored on its completion', () => {
    const settledVoid = at('WagersSettled', {
      tableId: 'T1',
      coupId: 'c7',
      settlements: [{ wagerId: 'w1', box: 1, bet: 'banker', option: 'traditional', amountCents: 100, outcome: 'void', winCents: 0, returnedCents: 100, commissionImmediateCents: 0, commissionDeferredCents: 0, odds: '', clause: 'Crown Melbourne 14.4.8(a)(ii)' }],
    });
    reactorSpec(reactor)
      .given({ tournamentId: 'cup', designatedBy: [] })
      .when(settledVoid)
      .then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteSettlement', actor, now: AT, tableId: 'T1', coupId: 'c7', settlements: [{ box: 1, amount: 100, net: 0, outcome: 'void', bet: 'banker', option: 'traditional', wagerId: 'w1' }] } }]);
  });

  it('play at a table of no tournament concerns none', () => {
    reactorSpec(reactor).given({ tournamentId: null, designatedBy: [] }).when(at('CoupStarted', { tableId: 'T2', coupId: 'c1', dummy: false })).then([]);
  });

  it("a tournament table's limits changed after it opened reach its tournament, to be checked against the terms again (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))", () => {
    const changed = at('TableLimitsChanged', { tableId: 'T1', previous: { perBet: {} }, next: { perBet: { banker: { minimumCents: 10, maximumCents: 1500 } } }, effectiveAt: AT, clause: 'Crown Melbourne 6.7' });
    reactorSpec(reactor)
      .given({ tournamentId: 'cup', designatedBy: [] })
      .when(changed)
      .then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteTableLimitsChanged', actor, now: AT, tableId: 'T1', limits: { perBet: [{ bet: 'banker', minimumCents: 10, maximumCents: 1500 }] } } }]);
  });

  it("a tournament table's smallest chip goes with it, for what the tournament prices itself (Star 2024 5.8)", () => {
    const opened = at('TableOpened', { tableId: 'T1', tournamentId: 'cup', variant: 'traditional', offeredBets: [], minimumChipCents: 5 });
    reactorSpec(reactor)
      .given({ tournamentId: null, designatedBy: [] })
      .when(opened)
      .thenReactions((r) => expect(r[0].command).toMatchObject({ type: 'NoteTableOpened', minimumChipCents: 5 }));
  });

  it("Star 2024 15.8.2.6: only a coup's first card asks which tournament the table plays for; its other cards concern none and cost no round trip", async () => {
    const queries: string[] = [];
    const tx = { query: async (sql: string) => (queries.push(sql), { rows: [{ tournament_id: 'cup' }] }) } as unknown as PoolClient;
    const reactor = tablePlayReactor(new PostgresEventStore({} as Pool, 'tournaments'));
    const card = (position: number) => at('CardDealt', { tableId: 'T1', coupId: 'c7', position, card: '9h' });
    expect(await reactor.lookup!(card(2), tx)).toEqual({ tournamentId: null, designatedBy: [] });
    expect(queries).toHaveLength(0);
    expect(await reactor.lookup!(card(1), tx)).toEqual({ tournamentId: 'cup', designatedBy: [] });
    expect(queries).toHaveLength(1);
  });
});

import { deciderSpec } from '@app/testing';
import { standingsOf } from '../standings/standings';
import type { KnownRapidTable, NoteCoupCompleted, NoteSettlement } from './tournament-command.types';
import { completeTerms, coupStarted, DIRECTOR, enter, play, playerWins, publish, settled, stateOf, T0, wagers } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';

/** Rapid 12.2.1(c): the conditions state whether there is a compulsory wager for each coup, and what follows. */
const RT1: KnownRapidTable = { tableId: 'RT1', rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }] };
const APPROVAL = { reference: 'VCGR-1', approvedAt: '2026-02-01' };
const rapidPublish = (compulsoryWager: unknown) =>
  publish('crown-melbourne', completeTerms({ players: { minimum: 2, maximum: 18 }, compulsoryWager } as never), { game: 'rapid-baccarat', regulatorApproval: APPROVAL });
const session = (compulsoryWager: unknown = { consequence: 'minimum-deducted' }) =>
  play([
    rapidPublish(compulsoryWager),
    enter(1),
    enter(2),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT1'], rapidTables: [RT1] },
    { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 's1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'RT1', box: 1 }, { entryId: 'e2', tableId: 'RT1', box: 2 }], rapidTables: [RT1] },
    { type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT1', entryIds: ['e1', 'e2'] },
  ]);
const spec = deciderSpec(tournamentDecider);
const DEDUCTED = { amount: 10, clause: 'Rapid 12.2.1(c)' };

describe('Rapid 12.2.1(c): the conditions state the compulsory wager and its consequence', () => {
  it('Rapid 12.2.1(c): a bare compulsory wager without its consequence is refused, naming the field, the clause and how to state it', () => {
    const error = spec.given([]).when(rapidPublish(true)).thenThrows('COMPULSORY_WAGER_CONSEQUENCE_REQUIRED', 'Rapid 12.2.1(c)');
    expect(error.field).toBe('terms.compulsoryWager');
    expect(error.message).toContain("{ consequence: 'minimum-deducted' }");
  });

  it('Rapid 12.2.1(c): stated with its consequence, or no compulsory wager at all, the conditions are accepted', () => {
    spec.given([]).when(rapidPublish({ consequence: 'minimum-deducted' })).thenEvents(([e]) => expect(e).toMatchObject({ type: 'TournamentTermsPublished', terms: { compulsoryWager: { consequence: 'minimum-deducted' } } }));
    spec.given([]).when(rapidPublish(false)).thenEvents(([e]) => expect(e).toMatchObject({ type: 'TournamentTermsPublished' }));
  });

  it('Rapid 12.2.1(c): the rules that decide the consequence themselves still take a bare compulsory wager (Star 15.6.4)', () => {
    spec.given([]).when(publish('star-sydney', completeTerms({ compulsoryWager: true }))).thenEvents(([e]) => expect(e).toMatchObject({ type: 'TournamentTermsPublished' }));
  });

  it('Rapid 12.2.1(c): the session carries the consequence and its clause to the Rapid tables; none where the conditions state no consequence', () => {
    const started = (s: ReturnType<typeof session>) => s.find((e) => e.type === 'TournamentSessionStarted')!;
    expect(started(session())).toMatchObject({ minimumWager: 10, compulsoryWager: { consequence: 'minimum-deducted', clause: 'Rapid 12.2.1(c)' } });
    expect(started(session(false))).not.toHaveProperty('compulsoryWager');
  });
});

describe('Rapid 12.2.1(c): the minimum deducted from a player who wagered nothing in a round', () => {
  it('Rapid 12.2.1(c): given e1 wagered and e2 did not, when the round is settled with e2 debited the minimum, e2\'s coup line shows it deducted with the clause and the standings show the chips after it', () => {
    const given = play([coupStarted('R1', 'RT1'), wagers('R1', [[1, 50]], 'RT1'), playerWins('R1', 'RT1')], session());
    const settlement = { ...(settled('R1', [[1, 50, 50]], 'RT1') as NoteSettlement), deductions: [{ box: 2, ...DEDUCTED }] };
    spec.given(given).when(settlement).thenEvents((events, s) => {
      const scored = events.find((e) => e.type === 'TournamentCoupScored')!;
      expect(scored).toMatchObject({ lines: [{ entryId: 'e1', net: 50, deducted: 0 }, { entryId: 'e2', wagered: 0, deducted: 10, deductedClause: 'Rapid 12.2.1(c)', chipsAfter: 990 }] });
      if (scored.type === 'TournamentCoupScored') expect(scored.chipsInPlayAfter + scored.houseChipsAfter + scored.withdrawnChipsAfter).toBe(scored.issuedChips);
      expect(s.sessions.s1.players.e2.chips).toBe(990);
      const table = standingsOf(s, 1).session!.tables[0];
      expect(table.players.find((p) => p.entryId === 'e2')).toMatchObject({ chips: 990 });
    });
  });

  it('Rapid 12.2.1(c): a round nobody wagered in is scored when completed, each player debited the minimum', () => {
    const completed = { ...(playerWins('R1', 'RT1') as NoteCoupCompleted), deductions: [{ box: 1, ...DEDUCTED }, { box: 2, ...DEDUCTED }] };
    spec.given(play([coupStarted('R1', 'RT1')], session())).when(completed).thenEvents((events, s) => {
      expect(events.find((e) => e.type === 'TournamentCoupScored')).toMatchObject({ lines: [{ entryId: 'e1', deducted: 10, chipsAfter: 990 }, { entryId: 'e2', deducted: 10, chipsAfter: 990 }] });
      expect(stateOf(play([completed], play([coupStarted('R1', 'RT1')], session()))).sessions.s1.players.e1.chips).toBe(990);
      expect(s.sessions.s1.players.e1.chips).toBe(990);
    });
  });
});

import { deciderSpec } from '@app/testing';
import { DomainError } from '@app/contracts';
import type { KnownRapidTable, TournamentCommand } from './tournament-command.types';
import { completeTerms, coupStarted, crownTerms, DIRECTOR, enter, heatUnderWay, play, publish, rapidTerms, startHeat, startSessionAt, T0, tableOpened } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

/**
 * Seating a session and designating its tables from what the tables and rapid services published: a player is seated
 * at one of the table's boxes (a Rapid table's ATSs), and a table in tournament mode for another tournament still
 * running is not designated (Star 2024 15.5.1-15.5.2 with 5.1; Crown Melbourne 14.2.4-14.2.5 with 5.2; Rapid 12.3.1-12.3.2 with 2.2(a)).
 */
const spec = deciderSpec(tournamentDecider);
const TWO_OR_MORE = { players: { minimum: 2, maximum: 18 } };
const closed = (operator: string, players: number, extra: Partial<Extract<TournamentCommand, { type: 'PublishTerms' }>> = {}, terms = completeTerms(TWO_OR_MORE)): TournamentCommand[] => [
  publish(operator, terms, extra),
  ...Array.from({ length: players }, (_, i) => enter(i + 1)),
  { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
  { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: Array.from({ length: players }, (_, i) => `e${i + 1}`) },
];
const designate = (tableIds: string[], extra: Partial<Extract<TournamentCommand, { type: 'DesignateTables' }>> = {}): TournamentCommand => ({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds, ...extra });
const openedWith = (tableId: string, boxes: number): TournamentCommand => ({ ...(tableOpened(tableId) as Extract<TournamentCommand, { type: 'NoteTableOpened' }>), boxes });
const seatAt = (boxes: number[], tableId = 'T1', rapidTables?: KnownRapidTable[]): TournamentCommand => ({
  type: 'StartSession',
  actor: DIRECTOR,
  now: T0,
  sessionId: 'h1',
  kind: 'heat',
  seating: boxes.map((box, i) => ({ entryId: `e${i + 1}`, tableId, box })),
  ...(rapidTables ? { rapidTables } : {}),
});
const refusal = (history: readonly TournamentEvent[], c: TournamentCommand): DomainError => {
  const state = history.reduce(tournamentDecider.evolve, tournamentDecider.initialState());
  try {
    tournamentDecider.decide(c, state);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error(`${c.type} was not refused`);
};

describe('a session seats each player at one of the table’s boxes (Star 2024 15.5.2 with 5.1; Crown Melbourne 14.2.5 with 5.2; Rapid 12.3.2 with 2.2(a))', () => {
  const star = play([...closed('the-star-sydney', 2), designate(['T1']), openedWith('T1', 7)]);

  it('Star 2024 15.5.2 with 5.1: a seat at box 9 of a 7-box tournament table is refused 422, naming the seat’s box, and nothing is recorded', () => {
    const err = refusal(star, seatAt([1, 9]));
    expect(err).toMatchObject({ kind: 'rule', code: 'BOX_NOT_AT_TABLE', field: 'seating[1].box', clause: 'Star 2024 15.5.2; Star 2024 5.1' });
    expect(err.message).toContain('boxes 1-7');
    spec.given(star).when(seatAt([1, 7])).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  it('Crown Melbourne 14.2.5 with 5.2: a box the table does not have is refused under the table’s own box clause', () => {
    const crown = play([...closed('crown-melbourne', 2, {}, crownTerms(TWO_OR_MORE)), designate(['T1']), openedWith('T1', 7)]);
    expect(refusal(crown, seatAt([8, 1]))).toMatchObject({ code: 'BOX_NOT_AT_TABLE', field: 'seating[0].box', clause: 'Crown Melbourne 14.2.5; Crown Melbourne 5.2' });
  });

  it('Star 2024 15.5.2: a table whose boxes were never published (opened before TableOpened carried them) seats as before', () => {
    const unknown = play([...closed('the-star-sydney', 2), designate(['T1']), tableOpened('T1')]);
    spec.given(unknown).when(seatAt([1, 9])).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  const rapid = (tableId: string, boxes?: number): KnownRapidTable => ({ tableId, rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], ...(boxes ? { boxes } : {}) });
  const rapidCup = play([...closed('crown-melbourne', 2, { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' } }, rapidTerms(TWO_OR_MORE)), designate(['RT1'], { rapidTables: [rapid('RT1', 3)] })]);

  it('Rapid 12.3.2 with 2.2(a): a seat at box 9 of a Rapid table of 3 ATSs is refused: box n is the table’s n-th ATS', () => {
    expect(refusal(rapidCup, seatAt([1, 9], 'RT1', [rapid('RT1', 3)]))).toMatchObject({ kind: 'rule', code: 'BOX_NOT_AT_TABLE', field: 'seating[1].box', clause: 'Rapid 12.3.2; Rapid 2.2(a)' });
    spec.given(rapidCup).when(seatAt([1, 3], 'RT1', [rapid('RT1', 3)])).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  it('Rapid 12.3.2 with 2.2(a): a Rapid table designated before its ATSs were published is judged on those the session hears of', () => {
    const early = play([...closed('crown-melbourne', 2, { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' } }, rapidTerms(TWO_OR_MORE)), designate(['RT1'], { rapidTables: [rapid('RT1')] })]);
    expect(refusal(early, seatAt([4, 1], 'RT1', [rapid('RT1', 3)]))).toMatchObject({ code: 'BOX_NOT_AT_TABLE', field: 'seating[0].box' });
    spec.given(early).when(seatAt([4, 1], 'RT1', [rapid('RT1')])).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });
});

describe('a table in tournament mode for another tournament still running is not designated (Star 2024 15.5.1-15.5.2; Crown Melbourne 14.2.4-14.2.5)', () => {
  const star = play(closed('the-star-sydney', 2));

  it('Star 2024 15.5.1-15.5.2: designating M1 while the tables service has it open in tournament mode for another running tournament is refused 409 naming both', () => {
    const err = refusal(star, designate(['T1', 'M1'], { tablesInTournamentMode: [{ tableId: 'M1', tournamentId: 'winter-cup', status: 'running' }] }));
    expect(err).toMatchObject({ kind: 'conflict', code: 'TABLE_IN_ANOTHER_TOURNAMENT', field: 'tableIds', clause: 'Star 2024 15.5.1; Star 2024 15.5.2' });
    expect(err.message).toContain('M1');
    expect(err.message).toContain('winter-cup');
  });

  it('Star 2024 15.5.2: a table held for a tournament that is completed or cancelled, or for this one, is designated', () => {
    for (const other of [
      { tableId: 'M1', tournamentId: 'winter-cup', status: 'completed' as const },
      { tableId: 'M1', tournamentId: 'winter-cup', status: 'cancelled' as const },
      { tableId: 'M1', tournamentId: 'cup', status: 'entries-closed' as const },
    ]) {
      spec.given(star).when(designate(['M1'], { tablesInTournamentMode: [other] })).thenEvents((events) => expect(events).toMatchObject([{ type: 'TournamentTablesDesignated', tableIds: ['M1'] }]));
    }
  });
});

describe('session and play refusals name their field and clause (Star 2024 15.4.2(f), 15.7.1; Crown Melbourne 14.4.3)', () => {
  const underWay = play([coupStarted('c1')], heatUnderWay(6));
  const cases: { code: string; history: readonly TournamentEvent[]; when: TournamentCommand; field: string; clause: string }[] = [
    { code: 'SESSION_EXISTS', history: play([{ type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], heatUnderWay(6)), when: startHeat(T0, 6), field: 'sessionId', clause: 'Star 2024 15.4.2(e)' },
    { code: 'SESSION_IN_PROGRESS', history: heatUnderWay(6), when: startSessionAt('h2', 'heat', ['e1', 'e2']), field: 'sessionId', clause: 'Star 2024 15.4.2(e)' },
    { code: 'COUP_NOT_OPEN', history: heatUnderWay(6), when: { type: 'PlayPassCard', actor: DIRECTOR, now: T0, tableId: 'T1', coupId: 'c9', entryId: 'e1' }, field: 'coupId', clause: 'Star 2024 15.7.1' },
    { code: 'COUP_IN_PROGRESS', history: underWay, when: { type: 'BuyChips', actor: DIRECTOR, now: T0, entryId: 'e1', kind: 're-buy', feePaidCents: 0 }, field: 'entryId', clause: 'Star 2024 15.4.2(b)' },
  ];
  it.each(cases)('$code names field $field and clause $clause', ({ history, when, code, field, clause }) => {
    expect(refusal(history, when)).toMatchObject({ code, field, clause });
  });
});

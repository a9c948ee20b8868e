import { renderCsv } from '../reports/render-csv';
import { documentTables } from '../reports/report-document';
import type { ReportContent } from '../reports/report.types';
import { tournamentSections } from './tournaments-section';
import type { IntegrationEvent } from '@app/contracts';
import { coupSettledByTournamentRecord, poolAccountLine, poolAccounts, recordActorOf, summaryOf, TOURNAMENT_RECORD_TYPES } from './tournaments.projection';

const sections = tournamentSections({ notices: 'Star 2024 15.4.1', conduct: 'Star 2024 15.3.4', results: 'Star 2024 15.3.2; 15.10' });

/** A NSW tournament report over two tournaments: one held under Star 2021 (ILGA), one under Star 2024 (NICC). */
const report = (): ReportContent =>
  ({
    kind: 'nsw-tournaments',
    title: 'Tournaments',
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    period: { type: 'gaming-day', value: '2024-05-16', firstDay: '2024-05-15', lastDay: '2024-05-16', covers: { timeZone: 'Australia/Sydney' } },
    rulebookVersions: ['star-sydney-2021', 'star-sydney-2024'],
    totals: {},
    sections: [
      {
        id: 'tournament-conduct',
        title: 'Tournament conduct',
        clause: 'Star 2021 15.3.4; Star 2024 15.3.4',
        columns: [],
        rows: [
          { eventId: 'e1', at: '2024-05-15T02:00:00.000Z', gamingDay: '2024-05-15', tournamentId: 'may-cup', type: 'TournamentCancelled', summary: 'Cancelled', amountCents: 10_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2021 15.3.4', rulebook: 'Star 2021', regulator: 'ILGA', details: '{}' },
          { eventId: 'e2', at: '2024-05-16T02:00:00.000Z', gamingDay: '2024-05-16', tournamentId: 'june-cup', type: 'TournamentCancelled', summary: 'Cancelled', amountCents: 10_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2024 15.3.4', rulebook: 'Star 2024', regulator: 'NICC', details: '{}' },
        ],
      },
    ],
  }) as unknown as ReportContent;

describe('the NSW tournament report cites each row against its own edition (Star 2021 15.3.4 under the ILGA; Star 2024 15.3.4 under the NICC)', () => {
  it('shows in the PDF the rules and the regulator each row was played under: ILGA for Star 2021, NICC for Star 2024', () => {
    const [table] = documentTables(report(), sections);
    const col = (header: string) => table.headers.indexOf(header);
    expect(col('Regulator')).toBeGreaterThan(-1);
    expect(table.rows.map((r) => [r[col('Rules')], r[col('Regulator')]])).toEqual([
      ['Star 2021', 'ILGA'],
      ['Star 2024', 'NICC'],
    ]);
  });

  it('shows the same in the CSV: a Regulator column, ILGA on the Star 2021 row and NICC on the Star 2024 row', () => {
    const [header, ...rows] = renderCsv(report(), sections).trim().split('\r\n');
    const cells = header.split(',');
    const at = cells.indexOf('Regulator');
    expect(at).toBeGreaterThan(-1);
    expect(rows.map((r) => r.split(',')[at])).toEqual(['ILGA', 'NICC']);
    expect(rows.map((r) => r.split(',')[cells.indexOf('Rules')])).toEqual(['Star 2021', 'Star 2024']);
  });
});

describe('the tournament report states the prize pool as the tournament does, with its definition and clause, and the prize places nobody filled (Star 2024 15.3.1-15.3.3; 15.4.2(j))', () => {
  it('writes the pool, how it is defined, and each unfilled share unpaid, in the PDF and the CSV alike', () => {
    const details = {
      prizePoolCents: 500_000,
      collectedCents: 60_000,
      guaranteedCents: 500_000,
      prizePoolDefinition: 'The prize pool is the added value and the entry fees collected, less refunds; or the guaranteed pool where the minimum number of entries was received and the guarantee is more (it was) (Star 2024 15.4.2(j); Star 2024 15.3.2; Star 2024 15.3.3).',
      payments: [{ place: 1, entryId: 'e3', patronId: 'P3', amountCents: 250_000 }, { place: 2, entryId: 'e1', patronId: 'P1', amountCents: 150_000 }],
      unfilled: [{ place: 3, basisPoints: 2_000, amountCents: 100_000 }],
      unfilledCents: 100_000,
      totalCents: 400_000,
    };
    const content = report();
    const results = {
      id: 'tournament-results',
      title: 'Tournament results and prizes',
      clause: 'Star 2024 15.3.2; 15.10',
      columns: [],
      rows: [{ eventId: 'e9', at: '2024-05-16T09:00:00.000Z', gamingDay: '2024-05-16', tournamentId: 'june-cup', type: 'TournamentPrizesDistributed', summary: 'Prizes', amountCents: 400_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2024 15.4.2(j)', rulebook: 'Star 2024', regulator: 'NICC', details: JSON.stringify(details) }],
    };
    const withResults = { ...content, sections: [results] } as unknown as ReportContent;
    const [table] = documentTables(withResults, sections);
    const what = table.rows[0][table.headers.indexOf('What happened')];
    expect(what).toContain('of a prize pool of $5,000.00');
    expect(what).toContain('collected net of refunds $600.00, guaranteed $5,000.00');
    expect(what).toContain('Star 2024 15.3.3');
    expect(what).toContain('place 3 (20%) $1,000.00 unfilled, not paid');
    expect(renderCsv(withResults, sections)).toContain('place 3 (20%) $1,000.00 unfilled, not paid');
  });
});

describe('Star 2024 15.8.2.6 / Crown Melbourne 14.4.4(e): the report states the wagers the tournament settled itself beside what the table settled, so the table\'s settlement and the standings reconcile', () => {
  const scored = (lines: readonly Record<string, unknown>[]) => ({
    tournamentId: 'T4',
    sessionId: 'h1',
    tableId: 'ST-4',
    coupId: 'x4',
    result: 'player',
    lines,
    scoredAt: '2024-05-16T02:00:00.000Z',
    clause: 'Star 2024 15.8.2.6',
  });

  it('writes each undisclosed wager and All-In marker as settled by the tournament on the coup\'s result, with the table\'s own part of the box', () => {
    const record = coupSettledByTournamentRecord(
      scored([
        { entryId: 'j1', box: 2, chipsBefore: 1_000, wagered: 210, net: 210, deducted: 0, chipsAfter: 1_210, passCard: false, absent: false, settledByTournament: [{ kind: 'undisclosed-wager', bet: 'player', amount: 200, net: 200, clause: 'Star 2024 15.8.2.6' }] },
        { entryId: 'j3', box: 3, chipsBefore: 1_000, wagered: 10, net: 10, deducted: 0, chipsAfter: 1_010, passCard: false, absent: false },
      ]),
    )!;
    expect(record.summary).toBe(
      "Table ST-4 coup x4 (player): settled by the tournament on the coup's result, not on the table's layout: entry j1 box 2 undisclosed wager on player 200 chips +200 (Star 2024 15.8.2.6); the table settled box 2's own wagers: 10 chips +10",
    );
    expect(record.details).toEqual({ sessionId: 'h1', tableId: 'ST-4', coupId: 'x4', result: 'player', settled: [{ entryId: 'j1', box: 2, kind: 'undisclosed-wager', bet: 'player', amount: 200, net: 200, clause: 'Star 2024 15.8.2.6', tableWagered: 10, tableNet: 10 }] });
  });

  it('writes an All-In marker played at the terms maximum, and keeps out coups where the table settled everything', () => {
    const allIn = coupSettledByTournamentRecord({
      ...scored([{ entryId: 'u1', box: 1, chipsBefore: 1_000, wagered: 500, net: 475, deducted: 0, chipsAfter: 1_475, passCard: false, absent: false, marker: 'all-in', settledByTournament: [{ kind: 'all-in-marker', bet: 'banker', amount: 500, net: 475, clause: 'Crown Melbourne 14.4.4(e)' }] }]),
      tableId: 'MC-9',
      coupId: 'n1',
      result: 'banker',
    })!;
    expect(allIn.summary).toContain('entry u1 box 1 All-In marker on banker 500 chips +475 (Crown Melbourne 14.4.4(e)); the table settled box 1\'s own wagers: none');
    expect(coupSettledByTournamentRecord(scored([{ entryId: 'j3', box: 3, chipsBefore: 1_000, wagered: 10, net: -10, deducted: 0, chipsAfter: 990, passCard: false, absent: false }]))).toBeNull();
  });
});

describe("Crown Melbourne 14.4.4(e) with 14.4.4(b): the report says what an All-In marker played, the whole stack up to the terms' maximum wager", () => {
  it("writes a stack above the maximum as played at the terms' maximum, with both clauses", () => {
    const allIn = coupSettledByTournamentRecord({
      tournamentId: 'M9',
      sessionId: 'h1',
      scoredAt: '2025-09-01T02:00:00.000Z',
      clause: 'Crown Melbourne 14.4.4(e)',
      lines: [{ entryId: 'u1', box: 1, chipsBefore: 1_000, wagered: 500, net: 475, deducted: 0, chipsAfter: 1_475, passCard: false, absent: false, marker: 'all-in', wagerAdjustment: 'capped-at-maximum', settledByTournament: [{ kind: 'all-in-marker', bet: 'banker', amount: 500, net: 475, clause: 'Crown Melbourne 14.4.4(e); Crown Melbourne 14.4.4(b)' }] }],
      tableId: 'MC-9',
      coupId: 'n1',
      result: 'banker',
    })!;
    expect(allIn.summary).toContain("entry u1 box 1 All-In marker (the whole stack of 1000 chips, up to the terms' maximum wager) on banker 500 chips +475 (Crown Melbourne 14.4.4(e); Crown Melbourne 14.4.4(b))");
  });
});

describe('Crown Melbourne 14.4.2(a)(v): each prize line of the report states the prize place it pays, a stand-in beside the place he finished', () => {
  it('writes the prize place, the amount of that place, and where a stand-in finished; the unfilled place is the one nobody fills', () => {
    const details = {
      prizePoolCents: 90_000,
      payments: [{ place: 2, prizePlace: 1, entryId: 'k2', amountCents: 45_000 }, { place: 3, prizePlace: 2, entryId: 'k3', amountCents: 27_000 }],
      unfilled: [{ place: 3, basisPoints: 2_000, amountCents: 18_000 }],
      roundingRule: 'Each place\'s share of the pool is rounded down to the cent; the cents left over go one each to the places with the largest fractions of a cent.',
    };
    const withResults = { ...report(), sections: [{ id: 'tournament-results', title: 'Tournament results and prizes', clause: 'Crown Melbourne 14.4.6-14.4.7', columns: [], rows: [{ eventId: 'e9', at: '2024-05-16T09:00:00.000Z', gamingDay: '2024-05-16', tournamentId: 'C7', type: 'TournamentPrizesDistributed', summary: 'Prizes', amountCents: 72_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Crown Melbourne 14.4.7(b)', rulebook: 'Crown Melbourne', regulator: 'VGCCC', details: JSON.stringify(details) }] }] } as unknown as ReportContent;
    const [table] = documentTables(withResults, sections);
    const what = String(table.rows[0][table.headers.indexOf('What happened')]);
    expect(what).toContain('Prizes: 1. k2 (finished 2nd, in place of an ineligible place-getter) $450.00, 2. k3 (finished 3rd, in place of an ineligible place-getter) $270.00');
    expect(what).toContain('place 3 (20%) $180.00 unfilled, not paid');
    expect(what).toContain('Rounding: Each place\'s share of the pool is rounded down to the cent');
  });
});

describe("Star 2024 15.9.4-15.9.5: the NSW tournament report's conduct section shows each wager the order of wagering required removed", () => {
  it('keeps the tournament\'s WagerOutOfSequence as a conduct record, saying the rule required it, which box was to wager, and the clause', () => {
    expect(TOURNAMENT_RECORD_TYPES.conduct).toContain('WagerOutOfSequence');
    const event = { eventId: 'x1', type: 'WagerOutOfSequence', version: 1, source: 'tournaments', occurredAt: '2026-03-01T09:00:00.000Z', actor: { id: 'd-1', role: 'dealer' }, data: { tournamentId: 'cup', tableId: 'T1', coupId: 'c2', box: 2, expectedBox: 4, amount: 20, wagerId: 'x-2b', clause: 'Star 2024 15.9.5' } } as unknown as IntegrationEvent;
    expect(summaryOf(event)).toEqual({
      summary: "Table T1 coup c2: box 2's wager of 20 chips (x-2b) placed out of the order of wagering, box 4 to wager; the rule requires it removed (the table returns it; one not returned before no more bets stood and was settled)",
      amountCents: null,
    });
  });
});

describe("Star 2024 15.3.2: the NSW tournament report shows the prizes with the unfilled places' shares distributed to the winners, and why", () => {
  it('writes each prize with its own share and what the unfilled places added, the unfilled place as distributed, and the clause, in the PDF and the CSV alike', () => {
    const details = {
      prizePoolCents: 110_000,
      payments: [{ place: 1, entryId: 'e3', patronId: 'P3', shareCents: 55_000, amountCents: 68_750 }, { place: 2, entryId: 'e1', patronId: 'P1', shareCents: 33_000, amountCents: 41_250 }],
      unfilled: [],
      unfilledCents: 0,
      redistributed: { places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'The shares of the prize places nobody filled are distributed to the filled places in proportion to their shares.', clause: 'Star 2024 15.3.2' },
      totalCents: 110_000,
    };
    const results = {
      id: 'tournament-results',
      title: 'Tournament results and prizes',
      clause: 'Star 2024 15.3.2; 15.10',
      columns: [],
      rows: [{ eventId: 'e9', at: '2024-05-16T09:00:00.000Z', gamingDay: '2024-05-16', tournamentId: 'june-cup', type: 'TournamentPrizesDistributed', summary: 'Prizes', amountCents: 110_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2024 15.4.2(j); Star 2024 15.3.2', rulebook: 'Star 2024', regulator: 'NICC', details: JSON.stringify(details) }],
    };
    const withResults = { ...report(), sections: [results] } as unknown as ReportContent;
    const [table] = documentTables(withResults, sections);
    const what = String(table.rows[0][table.headers.indexOf('What happened')]);
    expect(what).toContain('1. e3 (patron P3) $687.50 (its share $550.00 and $137.50 of unfilled places)');
    expect(what).toContain('place 3 (20%) $220.00 unfilled, distributed to the winners in proportion to their shares (Star 2024 15.3.2)');
    expect(what).not.toContain('not paid');
    expect(renderCsv(withResults, sections)).toContain('place 3 (20%) $220.00 unfilled, distributed to the winners in proportion to their shares (Star 2024 15.3.2)');
  });

  it('says so in the record\'s summary too', () => {
    const event = { eventId: 'x2', type: 'TournamentPrizesDistributed', version: 1, source: 'tournaments', occurredAt: '2026-03-01T09:00:00.000Z', actor: { id: 'td-1', role: 'tournament-director' }, data: { tournamentId: 'cup', prizePoolCents: 110_000, payments: [{ place: 1, entryId: 'e3', patronId: 'P3', shareCents: 55_000, amountCents: 68_750 }, { place: 2, entryId: 'e1', patronId: 'P1', shareCents: 33_000, amountCents: 41_250 }], totalCents: 110_000, unfilled: [], unfilledCents: 0, redistributed: { places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'r', clause: 'Star 2024 15.3.2' }, distributedAt: '2026-03-01T09:00:00.000Z', clause: 'Star 2024 15.3.2' } } as unknown as IntegrationEvent;
    expect(summaryOf(event).summary).toBe('Prizes: 1. e3 68750, 2. e1 41250 of a pool of 110000 cents; 22000 cents of unfilled places (3) distributed to the winners in proportion to their shares (Star 2024 15.3.2)');
  });
});

describe("Star 2024 15.3.4 with 15.3.1, 15.5.7 and 15.6.3: the tournament report's cancellation row accounts for every cent collected", () => {
  const accounting = {
    collectedCents: 72_500,
    refundedCents: 46_000,
    refundClause: 'Star 2024 15.3.4',
    forfeitedCents: 21_500,
    forfeits: [
      { entryId: 'e3', patronId: 'P3', forfeitedCents: 11_500, clause: 'Star 2024 15.5.7; 15.6.7; 15.11.4' },
      { entryId: 'e4', patronId: 'P4', forfeitedCents: 10_000, clause: 'Star 2024 15.6.3' },
    ],
    addedValueWithdrawnCents: 5_000,
    addedValueClause: 'Star 2024 15.3.1',
  };
  const refunds = ['e1', 'e2', 'e5', 'e6'].map((entryId) => ({ entryId, patronId: `P${entryId.slice(1)}`, refundCents: 11_500 }));
  const data = { tournamentId: 'cup', reason: 'Storm', refunds, accounting, cancelledAt: '2026-03-01T09:00:00.000Z', clause: 'Star 2024 15.3.4' };

  it('says in the summary what was collected, refunded, forfeited by whom under which clause, and the added value withdrawn', () => {
    const event = { eventId: 'x3', type: 'TournamentCancelled', version: 1, source: 'tournaments', occurredAt: '2026-03-01T09:00:00.000Z', actor: { id: 'td-1', role: 'tournament-director' }, data } as unknown as IntegrationEvent;
    expect(summaryOf(event)).toEqual({
      summary:
        "Cancelled: Storm. Collected 72500 cents: 46000 refunded to 4 entries (Star 2024 15.3.4); 21500 forfeited: e3 11500 (Star 2024 15.5.7; 15.6.7; 15.11.4), e4 10000 (Star 2024 15.6.3); 5000 of value the casino added withdrawn, not a player's money (Star 2024 15.3.1)",
      amountCents: 46_000,
    });
  });

  it('writes the same in dollars in the document', () => {
    const conduct = {
      id: 'tournament-conduct',
      title: 'Tournament conduct',
      clause: 'Star 2024 15.3.4',
      columns: [],
      rows: [{ eventId: 'x3', at: '2026-03-01T09:00:00.000Z', gamingDay: '2026-03-01', tournamentId: 'cup', type: 'TournamentCancelled', summary: 'Cancelled', amountCents: 46_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2024 15.3.4', rulebook: 'Star 2024', regulator: 'NICC', details: JSON.stringify(data) }],
    };
    const [table] = documentTables({ ...report(), sections: [conduct] } as unknown as ReportContent, sections);
    expect(String(table.rows[0][table.headers.indexOf('What happened')])).toBe(
      "Cancelled: Storm. Collected $725.00: $460.00 refunded to 4 entries (Star 2024 15.3.4); $215.00 forfeited: e3 (patron P3) $115.00 (Star 2024 15.5.7; 15.6.7; 15.11.4), e4 (patron P4) $100.00 (Star 2024 15.6.3); $50.00 of value the casino added withdrawn, not a player's money (Star 2024 15.3.1)",
    );
  });
});

describe('Star 2024 15.5.7 with 15.6.4: a disqualification the rule decided is recorded as the rule\'s, the dealer\'s scored act as its cause', () => {
  const dq = (data: object): IntegrationEvent => ({ type: 'TournamentPlayerDisqualified', actor: { id: 'd-1', role: 'dealer' }, data: { entryId: 'e1', reason: 'no-wager-without-pass-card', description: 'Did not wager.', refundCents: 0, ...data } }) as unknown as IntegrationEvent;

  it('names the rule as the actor (role system) and the dealer\'s settlement as the cause in the summary; a manager\'s disqualification keeps its actor', () => {
    const ruled = dq({ decidedBy: { kind: 'rule', clause: 'Star 2024 15.6.4; 15.6.14' }, cause: { actorId: 'd-1', actorRole: 'dealer', act: 'settlement', tableId: 'T1', coupId: 'c2' } });
    expect(recordActorOf(ruled)).toEqual({ id: 'rule (Star 2024 15.6.4; 15.6.14)', role: 'system' });
    expect(summaryOf(ruled).summary).toBe('Entry e1 disqualified by the rule, on scoring table T1 coup c2 (the settlement by dealer d-1) (no-wager-without-pass-card): Did not wager.');
    const ordered = { ...dq({ decidedBy: { kind: 'tournament-manager', clause: 'Star 2024 15.5.7' }, cause: null }), actor: { id: 'td-1', role: 'tournament-director' } } as IntegrationEvent;
    expect(recordActorOf(ordered)).toEqual({ id: 'td-1', role: 'tournament-director' });
  });

  it('Crown Melbourne 14.4.8(a)(ii): a disqualification after progressing says who stands in, or the tie to be played off for the place', () => {
    const standIn = { sessionId: 'h1', tableId: 'T1', advanced: ['e2'], playOff: null, clause: 'Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)' };
    expect(summaryOf(dq({ reason: 'contravention', description: 'Exchanged chips.', standIn })).summary).toBe(
      'Entry e1 disqualified (contravention): Exchanged chips. The place to progress from session h1 at table T1 is lost: e2 stands in (Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)).',
    );
    const tie = { ...standIn, advanced: [], playOff: { entryIds: ['e2', 'e3'], places: 1 } };
    expect(summaryOf(dq({ reason: 'contravention', description: 'Exchanged chips.', standIn: tie })).summary).toContain('e2 and e3 play off for 1 place');
  });
});

describe('Rapid 12.2.1(c): the VIC tournament report shows the minimum a Rapid table deducted from a player who wagered nothing', () => {
  const line = (over: Record<string, unknown>) => ({ entryId: 'e1', box: 1, chipsBefore: 1_000, wagered: 0, net: 0, deducted: 0, chipsAfter: 1_000, passCard: false, absent: false, ...over });
  const scored = (lines: unknown[]) => ({ tournamentId: 'R1', sessionId: 'h1', tableId: 'RT1', coupId: 'R7', result: 'player', lines, scoredAt: '2026-03-01T02:00:00.000Z', clause: 'Rapid 12.2.1(b)' });

  it('Rapid 12.2.1(c): a coup with a deduction is a record naming the entry, the box, the chips and the clause', () => {
    const record = coupSettledByTournamentRecord(scored([line({ wagered: 50, net: 50, chipsAfter: 1_050 }), line({ entryId: 'e2', box: 2, deducted: 10, deductedClause: 'Rapid 12.2.1(c)', chipsAfter: 990 })]))!;
    expect(record.summary).toBe('Table RT1 coup R7 (player): the minimum deducted for not wagering: entry e2 box 2 10 chips (Rapid 12.2.1(c))');
    expect(record.details).toMatchObject({ tableId: 'RT1', coupId: 'R7', deducted: [{ entryId: 'e2', box: 2, chips: 10, chipsAfter: 990, clause: 'Rapid 12.2.1(c)' }] });
  });
});

describe('Crown Melbourne 14.4.7 with 14.4.2(d) and 14.4.8(b)(vi): the pool account adds up to the cent, fees gross and refunds by cause', () => {
  const published = (tournamentId: string, entryFeesIncluded: boolean, addedValueCents: number) => ({ eventId: `${tournamentId}-t`, tournamentId, type: 'TournamentTermsPublished', details: { terms: { prizePool: { entryFeesIncluded, addedValueCents } } } });
  const left = (tournamentId: string, type: string, refundCents: number, prizePoolAfterCents: number) => ({ eventId: `${tournamentId}-${type}`, tournamentId, type, details: { refundCents, prizePoolAfterCents } });

  it('with the fees in the pool: fees taken + added value - refunds = the pool net of refunds; what a guarantee made up brings it to the prize pool, paid + unpaid', () => {
    const accounts = poolAccounts([
      published('g', true, 20_000),
      left('g', 'TournamentEntryWithdrawn', 10_000, 60_000),
      left('g', 'TournamentPlayerDisqualified', 2_500, 57_500),
      { eventId: 'g-p', tournamentId: 'g', type: 'TournamentPrizesDistributed', details: { prizePoolCents: 100_000, collectedCents: 57_500 } },
    ]);
    expect(poolAccountLine(accounts.get('g-p')!, (c) => String(c), { prizePoolCents: 100_000, paidCents: 80_000, unpaidCents: 20_000 })).toBe(
      'Pool account: fees taken 50000 (gross: entry fees, and buy-ins and re-buys the terms put in the pool) + value the casino added 20000 - refunded 12500 (withdrawals 10000, disqualifications 2500) = the pool, net of refunds, 57500; + made up by the guarantee 42500 = the prize pool 100000; paid 80000 + unpaid 20000 = 100000',
    );
  });

  it('with the fees kept out of the pool by the terms: the refunds came out of the fees, and the pool is what the casino added', () => {
    const accounts = poolAccounts([published('k', false, 30_000), left('k', 'TournamentPlayerRetired', 5_000, 30_000)]);
    expect(poolAccountLine(accounts.get('k-TournamentPlayerRetired')!, (c) => String(c))).toBe(
      'Pool account: the pool 30000 (the terms keep the entry fees out of it); refunded 5000 (retirements 5000) out of the entry fees, not the pool',
    );
  });
});

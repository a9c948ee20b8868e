/**
 * A Crown Melbourne tournament end to end (Crown Melbourne v29, 14) through the HTTP APIs of the whole platform, over
 * the real Kafka: the Tournament Director publishes the terms (the VGCCC advised), takes entries (an employee's under
 * the approval the terms record) and a late withdrawal, designates a table the tables service opens in tournament
 * mode under the Crown rules, briefs the players and starts a session. Coups are dealt and settled by the tables
 * service and scored by the tournament from the published events: an All-In marker, a player disqualified with a
 * wager on the layout, chips conserved, and the results with the employee passed over. A second tournament is
 * cancelled with every cent collected accounted for, and the VIC tournaments report lists both.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import request from 'supertest';
import type { IntegrationEvent, TournamentCoupScored } from '@app/contracts';
import { createKafka, decodeIntegrationEvent, ensureTopic } from '@app/messaging';
import { isCasinoBound, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { termsStartingIn, tournamentTableRequests, untilStart } from '../../apps/tournaments/src/tournament/tournament-fixtures';
import { gamingTimeOf } from '../../apps/reporting/src/calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS } from '../../apps/reporting/src/calendar/reporting-config';
import { startTestPlatform } from '../support/test-platform';

const as = (role: Role, jurisdictions?: string[]) => testBearer({ sub: `${role}-1`, name: role, roles: [role], jurisdictions, casinos: isCasinoBound(role) ? ['crown-melbourne'] : undefined });
const PLAYER_WINS = ['9H', '2C', 'KD', '3S']; // Player 9, Banker 5 (dealt P, B, P, B)
const BANKER_WINS = ['2H', '9C', '3D', 'KS']; // Player 5, Banker 9

type Wager = [box: number, bet: 'player' | 'banker', amount: number];
type Section = { id: string; rows: { tournamentId: string; type: string; summary: string; amountCents: number | null; rulebook: string; regulator: string }[] };

describe('a Crown Melbourne tournament end to end over Kafka, and a second one cancelled (Crown Melbourne v29, 14)', () => {
  const id = randomUUID().slice(0, 8);
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092'];
  const topics = { tables: `e2e.${id}.tables.events`, jackpots: `e2e.${id}.jackpots.events`, tournaments: `e2e.${id}.tournaments.events` };
  const cupId = `crown-cup-${id}`;
  const cancelledId = `crown-off-${id}`;
  const tableId = `CM1-${id}`;
  let db: TestDatabase;
  let app: INestApplication;
  let reader: Consumer;
  const published: IntegrationEvent[] = [];
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('crown_cup_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics });
    await app.listen(0, '127.0.0.1');
    const kafka = createKafka({ brokers, clientId: `crown-e2e-${id}` });
    await ensureTopic(kafka, topics.tournaments);
    reader = kafka.consumer({ groupId: `crown-e2e-reader-${id}` });
    await reader.connect();
    await reader.subscribe({ topic: topics.tournaments, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) => {
        const decoded = decodeIntegrationEvent(message.value);
        if (decoded.ok) published.push(decoded.event);
      },
    });
  });

  afterAll(async () => {
    await reader?.disconnect().catch(() => undefined);
    await app?.close();
    await db?.drop();
  });

  const post = async (path: string, role: Role, body: object = {}) => {
    const res = await api().post(path).set('Authorization', as(role)).set('Idempotency-Key', randomUUID()).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const eventsOf = (body: { events: { type: string }[] }, type: string) => body.events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
  const board = async () => (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body;
  const atTable = async () => (await board()).session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
  const chips = async (): Promise<Record<string, number>> => Object.fromEntries(((await atTable())?.players ?? []).map((p: { entryId: string; chips: number }) => [p.entryId, p.chips]));

  it('Crown Melbourne 14.2.2(b), 14.3.1, 14.4.2(a)(v), 14.4.2(b)(i), 14.4.2(d), 14.4.4(e), 14.4.8(a)(ii), 14.4.6-14.4.7; Star 15.3.4: a Crown tournament played through the tables service with an All-In marker, a disqualification, a late withdrawal and the employee passed over, and a second one cancelled, both in the VIC report', async () => {
    // ---- terms (14.4), the VGCCC advised (14.2.2(b)); the employee's entry approved by the CEO (14.4.2(a)(v)) ------
    // Published before the tournament starts, as 14.2.2 requires; the heat starts once the scheduled start has come.
    const terms = termsStartingIn(3_000, {
      // One table: every player still in play after the heat goes through to the final.
      format: { description: 'A heat of 6 players at one table, then the final at the same table.', advancePerTable: 5 },
      progression: 'The five players with the most chips in the heat progress to the final.',
      allInMarkers: { perSession: 1 },
      // Crown Melbourne 14 keeps no order of wagering (14.4.4): the terms state none.
      orderOfWagering: null,
      employeeParticipation: { eventKind: 'charity', approvedBy: 'chief-executive-officer', reference: `CEO-${id}`, approvedAt: '2026-01-15T00:00:00.000Z' },
    });
    const publishedTerms = await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Crown Charity Cup', operator: 'crown-melbourne', terms });
    expect(eventsOf(publishedTerms, 'TournamentTermsPublished')[0]).toMatchObject({ rulebookId: 'crown-melbourne-v29', jurisdiction: 'VIC' });
    expect(eventsOf(publishedTerms, 'TournamentRegulatorNotified')[0]).toMatchObject({ regulator: 'VGCCC', notice: 'intention-to-conduct' });
    expect(String(eventsOf(publishedTerms, 'TournamentRegulatorNotified')[0].clause)).toContain('Crown Melbourne 14.2.2(b)');
    for (let n = 1; n <= 7; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `C${n}-${id}`, entitledToGamble: true, employee: n === 3, feePaidCents: 10_000 });
    // e7 withdraws after the withdrawal period: the fee is kept as the terms say (14.4.2(d)).
    // 50 000 added + 7 x 10 000 in fees: the late withdrawal's fee stays in the pool.
    const late = await post(`/tournaments/${cupId}/entries/e7/withdraw`, 'tournament-director');
    expect(eventsOf(late, 'TournamentEntryWithdrawn')[0]).toMatchObject({ entryId: 'e7', refundCents: 0, prizePoolAfterCents: 120_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    // The table is opened in tournament mode under the Crown rules (14.2.4-14.2.5).
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'd'.repeat(64), (box) => `C${box}-${id}`)) {
      await post(r.path, r.role, r.path === '/tables' ? { ...r.body, rulebookId: 'crown-melbourne-v29', dealingMethod: 'dealer-retains-shoe' } : r.body);
    }
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    const players = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
    await post(`/tournaments/${cupId}/briefings`, 'tournament-director', { entryIds: players });
    await untilStart(terms);
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: players.map((entryId, i) => ({ entryId, tableId, box: i + 1 })) });
    await eventually('the table told of the session', async () => ((await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body.tournamentSession?.sessionId === 'heat' ? true : undefined));

    const place = (coupId: string, list: readonly Wager[]) => post(`/tables/${tableId}/coups/${coupId}/wagers`, 'dealer', { wagers: list.map(([box, bet, amountCents]) => ({ wagerId: `${coupId}-b${box}`, box, bet, amountCents })) });
    const start = async (coupId: string) => {
      await post(`/tables/${tableId}/coups`, 'dealer', { coupId });
      await eventually(`the tournament following ${coupId}`, async () => ((await atTable())?.coupId === coupId ? true : undefined));
    };
    const deal = async (coupId: string, cards: readonly string[]) => {
      await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: cards.map((card) => ({ card })) });
      await eventually(`${coupId} scored`, async () => ((await atTable())?.coupId === null ? true : undefined));
    };

    // ---- c1, the marker on box 1: wagers in turn, box 6 All-In on Banker (14.4.4(e)); Player wins ----------------
    await start('c1');
    await place('c1', [[1, 'player', 500], [2, 'player', 300], [3, 'player', 200], [4, 'banker', 100], [5, 'banker', 100]]);
    const marker = await post(`/tournaments/${cupId}/coups/c1/markers`, 'dealer', { tableId, entryId: 'e6', marker: 'all-in', bet: 'banker' });
    expect(eventsOf(marker, 'TournamentMarkerPlayed')[0]).toMatchObject({ entryId: 'e6', box: 6, marker: 'all-in', bet: 'banker', remaining: 0, clause: 'Crown Melbourne 14.4.4(e)' });
    await deal('c1', PLAYER_WINS);
    // By hand: Player pays 1 to 1; the All-In stack of 1 000 plays the terms' maximum of 500 on Banker, and loses it.
    expect(await chips()).toEqual({ e1: 1_500, e2: 1_300, e3: 1_200, e4: 900, e5: 900, e6: 500 });

    // ---- c2, the marker on box 2: box 1 wagers last, then the director disqualifies e1 (14.4.8(a)(ii)) ---------
    await start('c2');
    await place('c2', [[2, 'banker', 100], [3, 'banker', 200], [4, 'player', 100], [5, 'banker', 20], [6, 'player', 10], [1, 'banker', 500]]);
    const dq = await post(`/tournaments/${cupId}/entries/e1/disqualify`, 'tournament-director', { reason: 'contravention', description: 'Handled another player\u2019s chips after a warning' });
    expect(eventsOf(dq, 'TournamentPlayerDisqualified')[0]).toMatchObject({ entryId: 'e1', chipsWithdrawn: 1_500, refundCents: 0, decidedBy: { kind: 'tournament-manager', clause: 'Crown Melbourne 14.4.8(a)(ii)' } });
    // The dealer deals once the table has heard the disqualification over Kafka, as the floor takes the player's chips off first.
    await eventually('the table told of the disqualification', async () => {
      const session = (await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body.tournamentSession as { out?: { box: number; why: string }[] };
      return session.out?.some((o) => o.box === 1 && o.why === 'disqualified') ? true : undefined;
    });
    await deal('c2', BANKER_WINS);
    // The disqualified player's wager on the layout is returned, not settled; the rest are (Banker 1 to 1 less 5%).
    const c2 = (await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body.coup as { coupId: string; settled: { box: number; outcome: string; amountCents: number; returnedCents: number; clause: string }[] };
    expect(c2.coupId).toBe('c2');
    expect(c2.settled.find((l) => l.box === 1)).toMatchObject({ outcome: 'void', amountCents: 500, returnedCents: 500 });
    expect(c2.settled.find((l) => l.box === 1)?.clause).toContain('Crown Melbourne 14.4.8(a)(ii)');
    expect(await chips()).toEqual({ e1: 0, e2: 1_395, e3: 1_390, e4: 800, e5: 919, e6: 490 });

    // Every player still in play goes to the final; the disqualified player is out of it.
    const ended = await post(`/tournaments/${cupId}/sessions/heat/end`, 'tournament-director');
    expect(eventsOf(ended, 'TournamentSessionEnded')[0].advanced).toEqual(['e2', 'e3', 'e5', 'e4', 'e6']);
    const finalists = ['e2', 'e3', 'e4', 'e5', 'e6'];
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'final', kind: 'final', seating: finalists.map((entryId, i) => ({ entryId, tableId, box: i + 2 })) });
    await eventually('the table told of the final', async () => ((await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body.tournamentSession?.sessionId === 'final' ? true : undefined));
    await start('f1');
    await place('f1', [[3, 'player', 500], [4, 'banker', 100], [5, 'player', 200], [6, 'banker', 10], [2, 'player', 300]]);
    await deal('f1', PLAYER_WINS);
    // Each finalist starts with the same 1 000 chips: the employee e3 finishes first.
    expect(await chips()).toEqual({ e2: 1_300, e3: 1_500, e4: 900, e5: 1_200, e6: 990 });
    await post(`/tournaments/${cupId}/sessions/final/end`, 'tournament-director');
    const results = await post(`/tournaments/${cupId}/results`, 'tournament-director');
    const placings = eventsOf(results, 'TournamentResultsDeclared')[0].placings as { place: number; entryId: string }[];
    expect(placings.map((p) => p.entryId)).toEqual(['e3', 'e2', 'e5', 'e6', 'e4']);
    // The employee wins no prize: the next place-getters stand in, and the pool is paid to the cent (14.4.7).
    const prizes = eventsOf(results, 'TournamentPrizesDistributed')[0] as { prizePoolCents: number; totalCents: number; payments: { place: number; prizePlace: number; entryId: string; amountCents: number }[]; clause: string };
    expect(prizes.payments.map((p) => [p.prizePlace, p.place, p.entryId, p.amountCents])).toEqual([
      [1, 2, 'e2', 60_000],
      [2, 3, 'e5', 36_000],
      [3, 4, 'e6', 24_000],
    ]);
    expect([prizes.prizePoolCents, prizes.totalCents]).toEqual([120_000, 120_000]);
    expect(prizes.clause).toContain('Crown Melbourne 14.4.2(a)(v)');

    // ---- chips conserved in every coup, read back from the tournaments topic -----------------------------------
    await eventually('the prizes on the tournaments topic', async () => (published.some((e) => e.type === 'TournamentPrizesDistributed') ? true : undefined), 60_000);
    const scored = published.filter((e) => e.type === 'TournamentCoupScored').map((e) => e.data as unknown as TournamentCoupScored);
    expect(scored.map((c) => c.coupId)).toEqual(['c1', 'c2', 'f1']);
    for (const c of scored) {
      expect(c.chipsInPlayAfter + c.houseChipsAfter + c.withdrawnChipsAfter).toBe(c.issuedChips);
      expect(c.chipsInPlayAfter).toBe(c.chipsInPlayBefore + c.lines.reduce((a, l) => a + l.net - l.deducted, 0));
    }
    // By hand: c1 players +300 net; e1's 1 500 withdrawn; c2 players +194 net (95 + 190 - 100 + 19 - 10); f1 5 000 issued, +890.
    expect(scored.map((c) => [c.issuedChips, c.chipsInPlayAfter, c.houseChipsAfter, c.withdrawnChipsAfter])).toEqual([
      [6_000, 6_300, -300, 0],
      [6_000, 4_994, -494, 1_500],
      [5_000, 5_890, -890, 0],
    ]);

    // ---- the second tournament: entries, a late withdrawal, cancelled (Star 15.3.4 as the API states) ------------
    await post('/tournaments', 'tournament-director', { tournamentId: cancelledId, name: 'Crown Spring Cup', operator: 'crown-melbourne', terms: termsStartingIn(3_600_000, { orderOfWagering: null }) });
    for (let n = 1; n <= 4; n++) await post(`/tournaments/${cancelledId}/entries`, 'tournament-director', { entryId: `s${n}`, patronId: `S${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    const late2 = await post(`/tournaments/${cancelledId}/entries/s4/withdraw`, 'tournament-director');
    expect(eventsOf(late2, 'TournamentEntryWithdrawn')[0]).toMatchObject({ entryId: 's4', refundCents: 0 });
    const cancelled = await post(`/tournaments/${cancelledId}/cancel`, 'tournament-director', { reason: 'Too few entries for the heats' });
    const cancellation = eventsOf(cancelled, 'TournamentCancelled')[0] as { refunds: { entryId: string; refundCents: number }[]; accounting: { collectedCents: number; refundedBeforeCents: number; refundedCents: number; forfeitedCents: number; addedValueWithdrawnCents: number } };
    expect(cancellation.refunds.map((r) => [r.entryId, r.refundCents])).toEqual([['s1', 10_000], ['s2', 10_000], ['s3', 10_000]]);
    // 4 fees and 50 000 added: every cent is refunded, forfeited (the late withdrawal) or the added value withdrawn.
    const { collectedCents, refundedBeforeCents, refundedCents, forfeitedCents, addedValueWithdrawnCents } = cancellation.accounting;
    expect([collectedCents, refundedBeforeCents, refundedCents, forfeitedCents, addedValueWithdrawnCents]).toEqual([90_000, 0, 30_000, 10_000, 50_000]);
    expect(refundedBeforeCents + refundedCents + forfeitedCents + addedValueWithdrawnCents).toBe(collectedCents);

    // ---- the VIC tournaments report ---------------------------------------------------------------------------
    const day = gamingTimeOf(new Date().toISOString(), calendarFor(DEFAULT_CALENDARS, 'VIC')).gamingDay;
    const report = await eventually('both tournaments in the VIC tournament report', async () => {
      const vic = as('regulator', ['VIC']);
      const manifest = (await api().post('/reporting/reports').set('Authorization', vic).send({ kind: 'vic-tournaments', jurisdiction: 'VIC', period: day }).expect(201)).body;
      const stored = (await api().get(`/reporting/reports/${manifest.reportId}`).set('Authorization', vic).expect(200)).body;
      const sections = (stored.content?.sections ?? []) as Section[];
      const conduct = sections.find((x) => x.id === 'tournament-conduct')?.rows ?? [];
      const results = sections.find((x) => x.id === 'tournament-results')?.rows ?? [];
      const done = conduct.some((r) => r.type === 'TournamentCancelled' && r.tournamentId === cancelledId) && results.some((r) => r.type === 'TournamentPrizesDistributed' && r.tournamentId === cupId);
      return done ? (stored.content as { regulator: string; rulebookVersions: string[]; sections: Section[] }) : undefined;
    }, 60_000);
    expect(report.regulator).toBe('VGCCC');
    expect(report.rulebookVersions).toContain('crown-melbourne-v29');
    const rows = (sectionId: string, tournament: string) => report.sections.find((x) => x.id === sectionId)!.rows.filter((r) => r.tournamentId === tournament);
    for (const tournament of [cupId, cancelledId]) {
      expect(rows('tournament-notices', tournament).map((r) => r.type)).toEqual(['TournamentTermsPublished', 'TournamentRegulatorNotified']);
      for (const r of report.sections.flatMap((x) => x.rows).filter((x) => x.tournamentId === tournament)) expect([r.rulebook, r.regulator]).toEqual(['Crown Melbourne', 'VGCCC']);
    }
    expect(rows('tournament-conduct', cupId).find((r) => r.type === 'TournamentPlayerDisqualified')?.summary).toContain('Entry e1 disqualified (contravention)');
    expect(rows('tournament-conduct', cancelledId).find((r) => r.type === 'TournamentCancelled')?.amountCents).toBe(30_000);
    expect(rows('tournament-results', cupId).find((r) => r.type === 'TournamentPrizesDistributed')?.amountCents).toBe(120_000);
  }, 600_000);
});

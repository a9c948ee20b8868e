import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { COMPLETE_TERMS } from '../../apps/promotions/src/test-support/promotion-fixtures';
import { LIMITS, OFFERED_BETS } from '../../apps/rapid/src/test-support/rapid-fixtures';
import { completeTerms } from '../../apps/tournaments/src/tournament/tournament-fixtures';

const PER_BET = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }];
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The bodies that create each kind of record, by id: what the floor is opened with, and what a test re-sends. */
export const FLOOR_BODIES = {
  jackpot: (jackpotId: string, tableIds: string[]) => ({
    jackpotId,
    name: 'Shapes Lucky Tie',
    tableIds,
    parameters: { seedCents: 1_000_000, contributionCents: 100, option: '1', percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 }, division: 'proportional', roundingUnitCents: 100 },
    notifiedToRegulatorAt: '2026-11-01T00:00:00.000Z',
  }),
  table: (tableId: string, jackpotIds: string[] = []) => ({
    tableId,
    rulebookId: 'crown-melbourne-v29',
    variant: 'traditional',
    offeredBets: PER_BET,
    decks: 8,
    limits: { perBet: PER_BET.map(({ bet }) => ({ bet, minimumCents: 500, maximumCents: 1_000_000 })) },
    minimumChipCents: 500,
    dealingMethod: 'dealer-retains-shoe',
    jackpotIds,
    boxes: 7,
  }),
  rapidTable: (tableId: string) => ({
    tableId,
    variant: 'traditional',
    offeredBets: OFFERED_BETS,
    limits: LIMITS,
    decks: 8,
    wageringPeriodSeconds: 300,
    stations: ['ATS-1', 'ATS-2'].map((atsId) => ({ atsId, remote: false, printer: false })),
  }),
  promotion: (promotionId: string, tableIds: string[]) => ({
    promotionId,
    name: 'Shapes Winter Cash',
    schedule: { startsAt: hoursFromNow(24), entriesCloseAt: hoursFromNow(48), drawAt: hoursFromNow(49) },
    terms: COMPLETE_TERMS,
    prizes: [{ prizeId: 'PRIZE-1', kind: 'cash', description: '$20,000 cash', valueCents: 2_000_000 }],
    entryRule: { tableIds, minimumWagerCents: 5_000, turnoverPerEntryCents: 10_000 },
  }),
  tournament: (tournamentId: string) => ({ tournamentId, name: 'Shapes Cup', operator: 'the-star-sydney', terms: completeTerms() }),
} as const;

/**
 * Live records for the ids every path uses (`TABLE-1`, `COUP-1`, `JACKPOT-1`, `ROUND-1`, `PROMOTION-1`,
 * `TOURNAMENT-1`), so each service's commands reach their handlers and deciders instead of stopping at 404: a
 * table (Crown Melbourne v29) with players seated, a shoe cut and burnt and a coup open with wagers on it; a
 * jackpot (Crown Melbourne 13); a Rapid table (Crown Melbourne Rapid) with a round open; a promotion (Star 2024 16);
 * a tournament (the Star's) with an entry. `authorization` must cover every casino and role used.
 */
export const openTheFloor = async (app: INestApplication, authorization: string): Promise<void> => {
  const post = async (path: string, body: object) => {
    const res = await request(app.getHttpServer()).post(path).set('Authorization', authorization).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  await post('/jackpots', FLOOR_BODIES.jackpot('JACKPOT-1', ['TABLE-1']));
  await post('/tables', FLOOR_BODIES.table('TABLE-1', ['JACKPOT-1']));
  for (let box = 1; box <= 3; box++) await post('/tables/TABLE-1/seats', { box, sessionId: `S-${box}`, patronId: `P${box}` });
  await post('/tables/TABLE-1/shoes', { shoeId: 'SHOE-1', cards: 'new', commitmentHash: 'a'.repeat(64) });
  await post('/tables/TABLE-1/shoe/cut', { cutBy: 'P3', cutterKind: 'player', cutCardFromBack: 20 });
  await post('/tables/TABLE-1/shoe/burn', { method: 'standard', count: 1 });
  await post('/tables/TABLE-1/coups', { coupId: 'COUP-1' });
  await post('/tables/TABLE-1/coups/COUP-1/wagers', { wagers: [{ wagerId: 'WAGER-1', box: 1, bet: 'banker', amountCents: 10_000 }, { box: 2, wagerId: 'WAGER-2', bet: 'player', amountCents: 5_000 }] });
  await post('/rapid/tables', FLOOR_BODIES.rapidTable('TABLE-1'));
  await post('/rapid/tables/TABLE-1/rounds', { roundId: 'ROUND-1' });
  await post('/promotions', FLOOR_BODIES.promotion('PROMOTION-1', ['TABLE-1']));
  await post('/tournaments', FLOOR_BODIES.tournament('TOURNAMENT-1'));
  await post('/tournaments/TOURNAMENT-1/entries', { entryId: 'ENTRY-1', patronId: 'P-1', entitledToGamble: true, feePaidCents: 10_000 });
};

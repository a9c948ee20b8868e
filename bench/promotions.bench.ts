/**
 * `npm run bench -- promotions [--entries 1000000] [--patrons 50000]`
 *
 * A promotional draw (Star 16) over N entries through the promotion decider, as the service runs it: the draw is
 * committed (the public entry list's SHA-256 digest, entrants masked, published with sha256(seed)), then conducted (the seed checked
 * against the commitment and the winners drawn from it), then re-run from the seed and the published entries
 * as an auditor would, which must give the same winners. Prints {"drawEntries": N, "drawMs": N} where drawMs
 * covers commit + draw (target < 2,000 ms for 1,000,000 entries) and `verifyMs` the auditor's re-run.
 */
import type { PromotionDrawConducted, PromotionEntry } from '@app/contracts';
import { performance } from 'node:perf_hooks';
import { commitmentOf, drawWinners, entriesDigest, finalSeedOf, publicEntries } from '../apps/promotions/src/draw/draw';
import { promotionDecider } from '../apps/promotions/src/promotion/promotion.decider';
import { createPromotion } from '../apps/promotions/src/test-support/promotion-fixtures';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

export async function run(args: string[]): Promise<object> {
  const n = arg(args, 'entries', 1_000_000);
  const patrons = arg(args, 'patrons', 50_000);
  const { decide, evolve, initialState } = promotionDecider;
  // A 2021 promotion (no lodging needed) with its entries granted: the state the draw starts from.
  const create = createPromotion({ schedule: { startsAt: '2023-06-01T09:00:00+10:00', entriesCloseAt: '2023-06-30T21:00:00+10:00', drawAt: '2023-06-30T22:00:00+10:00' }, now: '2023-05-20T10:00:00+10:00' });
  let state = decide(create, initialState()).reduce(evolve, initialState());
  const seed = 'c0ffee'.repeat(10) + '00ff';
  const scrutineerSeed = 'beef'.repeat(16);
  // The operator commits before entries open and the scrutineer before they close (apps/promotions/DRAW.md).
  state = decide({ type: 'CommitDraw', drawId: 'd1', commitment: commitmentOf(seed), now: '2023-05-21T10:00:00+10:00' }, state).reduce(evolve, state);
  const entries: PromotionEntry[] = Array.from({ length: n }, (_, i) => ({ entryId: `e${i + 1}`, patronId: `patron-${(i * 7919) % patrons}` }));
  state = evolve(state, { type: 'PromotionEntriesGranted', promotionId: 'winter', entries, reason: 'bench', grantedAt: '2023-06-02T10:00:00+10:00', clause: 'Star 2021 16.7.3' });
  state = decide({ type: 'CommitScrutineerSeed', scrutineer: 'bench scrutineer', commitment: commitmentOf(scrutineerSeed), now: '2023-06-10T10:00:00+10:00' }, state).reduce(evolve, state);

  const started = performance.now();
  const [conducted] = decide({ type: 'ConductDraw', seed, scrutineerSeed, scrutineer: null, now: '2023-06-30T22:00:00+10:00' }, state) as PromotionDrawConducted[];
  const drawMs = performance.now() - started;

  // The auditor holds the public list (entrants masked, no patron ids), as GET /promotions/:id/draw publishes it.
  const published = publicEntries(state.entrantSalt, entries);
  const auditStarted = performance.now();
  const digestMatches = entriesDigest(published) === conducted.entriesDigest && commitmentOf(conducted.seed) === conducted.commitment && finalSeedOf(conducted.seed, scrutineerSeed, conducted.entriesDigest) === conducted.finalSeed;
  const rerun = drawWinners({ seed: conducted.finalSeed!, entries: published, prizeIds: conducted.winners.map((w) => w.prizeId), onePrizePerPatron: true });
  const verifyMs = performance.now() - auditStarted;
  const reproduced = digestMatches && JSON.stringify(rerun.map((w) => w.entryId)) === JSON.stringify(conducted.winners.map((w) => w.entryId));
  if (!reproduced) throw new Error('The re-run draw did not reproduce the winners.');
  return { drawEntries: n, drawMs: Math.round(drawMs), verifyMs: Math.round(verifyMs), winners: conducted.winners.length, reproduced };
}

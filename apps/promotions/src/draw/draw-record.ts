/**
 * The public draw record (Star 16.7.10 "how the results will be published"): everything anyone needs to re-derive
 * the winners with the published algorithm (apps/promotions/DRAW.md), and every draw round ever committed, with
 * its reveal: a round abandoned after a postponement (16.11) stays here with its seeds. No patron id: entrants are
 * masked (draw.ts entrantOf) and the drawn entry digest is over this list.
 */
import type { PromotionState } from '../promotion/promotion.events';
import { statedLiquorMillilitres } from '../promotion/promotion-terms.decider';
import { DRAW_ALGORITHM, entrantOf, publicEntries } from './draw';

const ms = (t: string) => Date.parse(t);

/**
 * Each commitment of every round (abandoned and pending ones included), as anyone checks it against the schedule
 * (Star 16.7.1, 16.7.10; DRAW.md "Checking a draw yourself"): who made it, when, the operator's before entries opened
 * (the commencement, with no entry yet) and the scrutineer's before entries closed and after the operator's, and the
 * check that it was never made before: the scope the service checked at the time, and that it appears once here.
 */
const commitmentsOf = (s: PromotionState) => {
  const all = s.rounds.flatMap((r) => [r.operatorCommitment, ...(r.scrutineer ? [r.scrutineer.commitment] : [])]);
  const reuseCheck = (commitment: string, checkedAgainst: string | undefined) => ({
    /** 'every-promotion', 'this-promotion', or null where the record predates it. */
    checkedAgainst: checkedAgainst ?? null,
    /** A commitment used before is refused, so a recorded one was not (null: not recorded). */
    usedBefore: checkedAgainst ? false : null,
    uniqueOnThisRecord: all.filter((c) => c === commitment).length === 1,
  });
  return s.rounds.flatMap((r) => [
    {
      round: r.round,
      outcome: r.outcome,
      role: 'operator' as const,
      committedBy: r.committedBy ?? null,
      recordedBy: r.committedBy ?? null,
      commitment: r.operatorCommitment,
      committedAt: r.committedAt,
      entriesOpenAt: s.schedule.startsAt,
      /** Committed before the commencement, with no entry recorded yet. */
      beforeEntriesOpened: ms(r.committedAt) < ms(s.schedule.startsAt) && r.entriesBefore === 0,
      /** A round after a postponement (or a promotion recorded after it commenced): its scrutineer's commitment follows it. */
      afterEntriesOpened: r.afterEntriesOpened,
      entriesBefore: r.entriesBefore,
      reuseCheck: reuseCheck(r.operatorCommitment, r.reuseCheck),
    },
    ...(r.scrutineer
      ? [
          {
            round: r.round,
            outcome: r.outcome,
            role: 'scrutineer' as const,
            committedBy: r.scrutineer.name,
            recordedBy: r.scrutineer.recordedBy ?? null,
            /** The platform role it was recorded as (null on records from before it was carried): the inspector's, 'regulator' (16.2). */
            recordedAs: r.scrutineer.recordedAs ?? null,
            commitment: r.scrutineer.commitment,
            committedAt: r.scrutineer.committedAt,
            entriesCloseAt: s.schedule.entriesCloseAt,
            beforeEntriesClosed: ms(r.scrutineer.committedAt) < ms(s.schedule.entriesCloseAt),
            afterOperatorCommitment: ms(r.committedAt) <= ms(r.scrutineer.committedAt),
            reuseCheck: reuseCheck(r.scrutineer.commitment, r.scrutineer.reuseCheck),
          },
        ]
      : []),
  ]);
};

export type DrawCommitment = ReturnType<typeof commitmentsOf>[number];

export const drawRecord = (s: PromotionState) => {
  const current = s.rounds.at(-1) ?? null;
  return {
    promotionId: s.promotionId,
    name: s.name,
    rulebookId: s.rulebookId,
    status: s.status,
    algorithm: DRAW_ALGORITHM,
    /**
     * In order: the first winner drawn takes the first prize. Every field the prizes digest (version 2) is over, and
     * the liquor total the prize states (Star 16.5.4: liquorMillilitres, or whole litres; null where it states none).
     */
    prizes: s.prizes.map((p) => ({ prizeId: p.prizeId, kind: p.kind, description: p.description, valueCents: p.valueCents, details: p.details, contents: p.contents, liquorLitres: p.liquorLitres, liquorMillilitres: p.liquorMillilitres ?? null, liquorTotalMillilitres: statedLiquorMillilitres(p), cashAlternativeCents: p.cashAlternativeCents })),
    /** What the entry-rules digest is over (draw.ts entryRulesDigest). */
    entryRules: { entryRule: s.entryRule, onePrizePerPatron: s.onePrizePerPatron, schedule: s.schedule },
    onePrizePerPatron: s.onePrizePerPatron,
    rounds: s.rounds.map((r) => ({
      round: r.round,
      drawId: r.drawId,
      outcome: r.outcome,
      committedAt: r.committedAt,
      afterEntriesOpened: r.afterEntriesOpened,
      entriesBefore: r.entriesBefore,
      operatorCommitment: r.operatorCommitment,
      entryRulesDigest: r.entryRulesDigest,
      prizesDigest: r.prizesDigest,
      /** How prizesDigest is computed (DRAW.md "Digests"): 1 on rounds committed before every prize field was bound. */
      prizesDigestVersion: r.prizesDigestVersion,
      scrutineer: r.scrutineer?.name ?? null,
      scrutineerCommitment: r.scrutineer?.commitment ?? null,
      scrutineerCommittedAt: r.scrutineer?.committedAt ?? null,
      operatorSeed: r.operatorSeed,
      scrutineerSeed: r.scrutineerSeed,
      finalSeed: r.finalSeed,
      entriesDigest: r.entriesDigest,
      endedAt: r.endedAt,
      reason: r.reason,
    })),
    /** Every commitment of every round, with who, when, its time against the entry period, and the reuse check. */
    commitments: commitmentsOf(s) as readonly DrawCommitment[],
    /** The latest round's (or, on older promotions, the superseded scheme's) operator commitment and reveal. */
    commitment: current?.operatorCommitment ?? s.legacyCommitment?.commitment ?? null,
    scrutineerCommitment: current?.scrutineer?.commitment ?? null,
    entriesDigest: current?.entriesDigest ?? s.legacyCommitment?.entriesDigest ?? null,
    seed: s.drawnSeed,
    scrutineerSeed: current?.outcome === 'drawn' ? current.scrutineerSeed : null,
    finalSeed: current?.outcome === 'drawn' ? current.finalSeed : null,
    winners: s.winners.map((w) => ({ prizeId: w.prizeId, entryId: w.entryId, entrant: entrantOf(s.entrantSalt, w.patronId) })),
    entries: publicEntries(s.entrantSalt, s.entries).map((e) => ({ entryId: e.entryId, entrant: e.patronId })),
  };
};

export type DrawRecord = ReturnType<typeof drawRecord>;

/** The public draw with the patron ids beside their entrants, and the salt: the masking can be checked entry by entry. */
export const drawAuditRecord = (s: PromotionState) => {
  const open = drawRecord(s);
  return {
    ...open,
    entrantSalt: s.entrantSalt,
    winners: s.winners.map((w, i) => ({ ...w, entrant: open.winners[i].entrant })),
    entries: s.entries.map((e, i) => ({ entryId: e.entryId, patronId: e.patronId, entrant: open.entries[i].entrant })),
  };
};

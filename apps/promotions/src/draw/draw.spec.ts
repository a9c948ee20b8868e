import { sha256Hex } from '@app/baccarat';
import { commitmentOf, DRAW_ALGORITHM, drawWinners, entrantOf, entriesDigest, entryRulesDigest, finalSeedOf, prizesDigest, publicEntries } from './draw';
import { drawPage } from './draw-page';

describe('the reproducible draw (Star 16.7.1)', () => {
  it('the entries digest is SHA-256 of "entryId<TAB>patronId<LF>" lines in UTF-8, so anyone can recompute it', () => {
    const entries = [{ entryId: 'e1', patronId: 'p1' }, { entryId: 'e2', patronId: 'Zoë-李' }];
    expect(entriesDigest(entries)).toBe(sha256Hex('e1\tp1\ne2\tZoë-李\n'));
    expect(commitmentOf('seed')).toBe(sha256Hex('seed'));
  });

  it('16.7.1, 16.7.10: the final seed, the prizes digest and the entry-rules digest are the SHA-256 texts DRAW.md defines, so an outsider recomputes them', () => {
    const op = '0f'.repeat(32);
    const scr = 'a5'.repeat(32);
    const digest = 'd'.repeat(64);
    expect(finalSeedOf(op, scr, digest)).toBe(sha256Hex(op + scr + digest));
    const cash = { prizeId: 'first', kind: 'cash' as const, valueCents: 2_000_000, description: '$20,000 cash', details: {}, contents: [], liquorLitres: 0, cashAlternativeCents: null };
    // Version 1 (rounds committed before every prize detail was bound): four fields.
    expect(prizesDigest([cash], 1)).toBe(sha256Hex('[["first","cash",2000000,"$20,000 cash"]]'));
    // Version 2: every field, details as [key, value] pairs sorted by key, an absent liquorMillilitres as null.
    expect(prizesDigest([cash])).toBe(sha256Hex('[["first","cash",2000000,"$20,000 cash",[],[],0,null,null]]'));
    const car = { prizeId: 'car', kind: 'motor-vehicle' as const, valueCents: 4_500_000, description: 'A new sedan', details: { model: 'Camry', make: 'Toyota' }, contents: ['car'], liquorLitres: 0, liquorMillilitres: 0, cashAlternativeCents: 4_000_000 };
    expect(prizesDigest([car], 2)).toBe(sha256Hex('[["car","motor-vehicle",4500000,"A new sedan",[["make","Toyota"],["model","Camry"]],["car"],0,0,4000000]]'));
    const schedule = { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
    expect(entryRulesDigest({ entryRule: { tableIds: ['T1'], bets: [], minimumWagerCents: 2_500, turnoverPerEntryCents: 10_000 }, onePrizePerPatron: true, schedule })).toBe(
      sha256Hex('[[["T1"],[],2500,10000],true,"2024-06-01T09:00:00+10:00","2024-06-30T21:00:00+10:00","2024-06-30T22:00:00+10:00"]'),
    );
    expect(entryRulesDigest({ entryRule: null, onePrizePerPatron: false, schedule })).toBe(sha256Hex('[null,false,"2024-06-01T09:00:00+10:00","2024-06-30T21:00:00+10:00","2024-06-30T22:00:00+10:00"]'));
  });

  it('the same seed and entries give the same winners; one prize per patron; fewer patrons than prizes leaves prizes undrawn', () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ entryId: `e${i + 1}`, patronId: `p${i % 3}` }));
    const input = { seed: 'abc', entries, prizeIds: ['a', 'b', 'c', 'd', 'e'], onePrizePerPatron: true };
    const winners = drawWinners(input);
    expect(drawWinners(input)).toEqual(winners);
    expect(winners.map((w) => w.prizeId)).toEqual(['a', 'b', 'c']);
    expect(new Set(winners.map((w) => w.patronId)).size).toBe(3);
    expect(drawWinners({ ...input, seed: 'abd' })).not.toEqual(winners);
  });
});

describe('the public draw names no patron (Star 16.7.10 results published; patron ids only on the authenticated API)', () => {
  const entries = Array.from({ length: 40 }, (_, i) => ({ entryId: `e${i + 1}`, patronId: `MEMBER-${1000 + (i % 7)}` }));

  it('masks each patron as a salted hash: the same entrant for every entry of one patron, another with another salt, and no patron id in it', () => {
    const open = publicEntries('s3cret', entries);
    expect(open.map((e) => e.entryId)).toEqual(entries.map((e) => e.entryId));
    expect(new Set(open.map((e) => e.patronId)).size).toBe(7);
    expect(open[0].patronId).toBe(entrantOf('s3cret', 'MEMBER-1000'));
    expect(open[0].patronId).toBe(sha256Hex('s3cret\tMEMBER-1000').slice(0, 16));
    expect(entrantOf('other', 'MEMBER-1000')).not.toBe(open[0].patronId);
    expect(JSON.stringify(open)).not.toContain('MEMBER');
  });

  it('16.7.1: re-running the draw on the public list gives the same winning entries as on the patron ids, one prize per patron', () => {
    const input = { seed: 'revealed', prizeIds: ['a', 'b', 'c'], onePrizePerPatron: true };
    const full = drawWinners({ ...input, entries });
    expect(drawWinners({ ...input, entries: publicEntries('s3cret', entries) }).map((w) => w.entryId)).toEqual(full.map((w) => w.entryId));
  });

  it('the draw page shows entrants, never a patron id', () => {
    const open = publicEntries('s3cret', entries).map((e) => ({ entryId: e.entryId, entrant: e.patronId }));
    const html = drawPage({
      promotionId: 'p',
      name: 'Members Draw',
      rulebookId: 'star-sydney-2024',
      status: 'open',
      algorithm: DRAW_ALGORITHM,
      prizes: [],
      entryRules: { entryRule: null, onePrizePerPatron: true, schedule: { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' } },
      onePrizePerPatron: true,
      rounds: [],
      commitment: null,
      scrutineerCommitment: null,
      entriesDigest: null,
      seed: null,
      scrutineerSeed: null,
      finalSeed: null,
      winners: [],
      entries: open,
    });
    expect(html).not.toContain('MEMBER-');
    expect(html).toContain(open[0].entrant);
  });

  it('Star 2024 16.11, 16.7.10: a round left pending on a cancelled promotion shows its seeds as not revealed', () => {
    const round = {
      round: 1, drawId: 'd1', outcome: 'pending' as const, committedAt: '2024-05-26T10:00:00+10:00', afterEntriesOpened: false, entriesBefore: 0, operatorCommitment: 'a'.repeat(64), entryRulesDigest: 'b'.repeat(64), prizesDigest: 'c'.repeat(64), prizesDigestVersion: 2 as const,
      scrutineer: 'K. Scrutineer', scrutineerCommitment: 'd'.repeat(64), scrutineerCommittedAt: '2024-06-10T10:00:00+10:00', operatorSeed: null, scrutineerSeed: null, finalSeed: null, entriesDigest: null, endedAt: null, reason: null,
    };
    const record = {
      promotionId: 'p', name: 'Members Draw', rulebookId: 'star-sydney-2024', status: 'cancelled' as const, algorithm: DRAW_ALGORITHM, prizes: [],
      entryRules: { entryRule: null, onePrizePerPatron: true, schedule: { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' } },
      onePrizePerPatron: true, rounds: [round], commitment: round.operatorCommitment, scrutineerCommitment: round.scrutineerCommitment, entriesDigest: null, seed: null, scrutineerSeed: null, finalSeed: null, winners: [], entries: [],
    };
    expect(drawPage(record)).toContain('<code>NOT revealed</code>');
    expect(drawPage({ ...record, status: 'open' })).not.toContain('<code>NOT revealed</code>');
  });

  it("Star 2024 16.7.1, 16.7.10: the page lists each commitment with who, when, its time against the entry period and the reuse check, and its in-browser check is valid JavaScript", () => {
    const schedule = { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
    const reuseCheck = { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true };
    const html = drawPage({
      promotionId: 'p', name: 'Members Draw', rulebookId: 'star-sydney-2024', status: 'open', algorithm: DRAW_ALGORITHM, prizes: [],
      entryRules: { entryRule: null, onePrizePerPatron: true, schedule }, onePrizePerPatron: true, rounds: [],
      commitments: [
        { round: 1, outcome: 'pending', role: 'operator', committedBy: 'agm-1', recordedBy: 'agm-1', commitment: 'a'.repeat(64), committedAt: '2024-05-26T10:00:00+10:00', entriesOpenAt: schedule.startsAt, beforeEntriesOpened: true, afterEntriesOpened: false, entriesBefore: 0, reuseCheck },
        { round: 1, outcome: 'pending', role: 'scrutineer', committedBy: 'K. Scrutineer', recordedBy: 'scrutineer-desk', recordedAs: null, commitment: 'b'.repeat(64), committedAt: '2024-07-01T10:00:00+10:00', entriesCloseAt: schedule.entriesCloseAt, beforeEntriesClosed: false, afterOperatorCommitment: true, reuseCheck: { ...reuseCheck, checkedAgainst: null, usedBefore: null } },
      ],
      commitment: 'a'.repeat(64), scrutineerCommitment: 'b'.repeat(64), entriesDigest: null, seed: null, scrutineerSeed: null, finalSeed: null, winners: [], entries: [],
    });
    expect(html).toContain('<td>agm-1</td>');
    expect(html).toContain('K. Scrutineer (recorded by scrutineer-desk)');
    expect(html).toContain('before entries opened (2024-06-01T09:00:00+10:00)');
    expect(html).toContain('after entries closed (2024-06-30T21:00:00+10:00)');
    expect(html).toContain("never made before (checked against every promotion&#39;s commitments, in either role); appears once on this record");
    expect(html).toContain('check not recorded');
    expect(html).toContain('id="check-commitment-times"');
    const script = html.slice(html.lastIndexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
    expect(() => new Function(script)).not.toThrow();
  });
  it("Star 2024 16.2, 16.7.10: the page shows the role each scrutineer commitment was recorded as, and its check fails one recorded by the operator's staff or by whoever made the operator's", () => {
    const schedule = { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
    const reuseCheck = { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true };
    const page = (recordedBy: string, recordedAs: string | null) =>
      drawPage({
        promotionId: 'p', name: 'Members Draw', rulebookId: 'star-sydney-2024', status: 'open', algorithm: DRAW_ALGORITHM, prizes: [],
        entryRules: { entryRule: null, onePrizePerPatron: true, schedule }, onePrizePerPatron: true, rounds: [],
        commitments: [
          { round: 1, outcome: 'pending', role: 'operator', committedBy: 'cm-a', recordedBy: 'cm-a', commitment: 'a'.repeat(64), committedAt: '2024-05-26T10:00:00+10:00', entriesOpenAt: schedule.startsAt, beforeEntriesOpened: true, afterEntriesOpened: false, entriesBefore: 0, reuseCheck },
          { round: 1, outcome: 'pending', role: 'scrutineer', committedBy: 'K. Scrutineer', recordedBy, recordedAs, commitment: 'b'.repeat(64), committedAt: '2024-06-10T10:00:00+10:00', entriesCloseAt: schedule.entriesCloseAt, beforeEntriesClosed: true, afterOperatorCommitment: true, reuseCheck },
        ],
        commitment: 'a'.repeat(64), scrutineerCommitment: 'b'.repeat(64), entriesDigest: null, seed: null, scrutineerSeed: null, finalSeed: null, winners: [], entries: [],
      } as unknown as Parameters<typeof drawPage>[0]);
    const staff = page('cm-b', 'casino-manager');
    expect(staff).toContain('K. Scrutineer (recorded by cm-b as casino-manager)');
    expect(staff).toContain("recorded by the operator&#39;s staff (casino-manager): not independent");
    expect(staff).toContain('id="check-scrutineer-recorder"');
    expect(page('nicc-inspector', 'regulator')).toContain('recorded by the inspector (regulator)');
    expect(page('cm-a', null)).toContain("recorded by whoever made the operator&#39;s commitment");
    const script = staff.slice(staff.lastIndexOf('<script>') + '<script>'.length, staff.lastIndexOf('</script>'));
    expect(script).toContain('check-scrutineer-recorder');
    expect(() => new Function(script)).not.toThrow();
  });
});


describe('Star 16.7.10: the draw page shows a round with no scrutineer commitment as such', () => {
  it('Star 2024 16.7.10: an abandoned round committed after entries opened without a scrutineer commitment is not shown paired (nor green); a paired one is', () => {
    const schedule = { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
    const reuseCheck = { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true };
    const operator = (round: number, outcome: string) => ({ round, outcome, role: 'operator', committedBy: 'cm-a', recordedBy: 'cm-a', commitment: String(round).repeat(64), committedAt: '2024-06-12T10:00:00+10:00', entriesOpenAt: schedule.startsAt, beforeEntriesOpened: false, afterEntriesOpened: true, entriesBefore: 4, reuseCheck });
    const page = (commitments: unknown[]) =>
      drawPage({
        promotionId: 'p', name: 'Members Draw', rulebookId: 'star-sydney-2024', status: 'open', algorithm: DRAW_ALGORITHM, prizes: [],
        entryRules: { entryRule: null, onePrizePerPatron: true, schedule }, onePrizePerPatron: true, rounds: [],
        commitments, commitment: null, scrutineerCommitment: null, entriesDigest: null, seed: null, scrutineerSeed: null, finalSeed: null, winners: [], entries: [],
      } as unknown as Parameters<typeof drawPage>[0]);
    const abandoned = page([operator(2, 'abandoned')]);
    expect(abandoned).not.toContain('paired with a scrutineer commitment');
    expect(abandoned).toContain('NO scrutineer commitment was made for this round (abandoned)');
    expect(abandoned).not.toMatch(/class="ok">after entries opened/);
    const paired = page([operator(2, 'pending'), { round: 2, outcome: 'pending', role: 'scrutineer', committedBy: 'K. Scrutineer', recordedBy: 'nicc', recordedAs: 'regulator', commitment: 'e'.repeat(64), committedAt: '2024-06-13T10:00:00+10:00', entriesCloseAt: schedule.entriesCloseAt, beforeEntriesClosed: true, afterOperatorCommitment: true, reuseCheck }]);
    expect(paired).toMatch(/class="ok">after entries opened[^<]*paired with a scrutineer commitment made after it/);
  });
});

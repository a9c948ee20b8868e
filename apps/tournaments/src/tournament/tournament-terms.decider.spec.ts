import { CROWN_MELBOURNE_RAPID, CROWN_MELBOURNE_V29, STAR_SYDNEY_2021, STAR_SYDNEY_2024, TOURNAMENT_TERMS_ITEMS } from '@app/baccarat';
import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { CASINO_MANAGER, DIRECTOR, T0, completeTerms, crownTerms, enter, rapidTerms, heatUnderWay, play, publish, scheduleFrom } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';

const spec = deciderSpec(tournamentDecider);
/** Before the fixtures' tournament starts at T0: the Tournament details may still change (Crown Melbourne 14.4.1(c)). */
const BEFORE_START = '2026-02-28T10:00:00.000Z';
const without = (...items: string[]): TournamentTerms => {
  const t = { ...completeTerms() } as Record<string, unknown>;
  const statements = { ...(t.statements as Record<string, string>) };
  for (const item of items) {
    if (item.startsWith('statement.')) delete statements[item.slice(10)];
    else delete t[item];
  }
  return { ...t, statements } as TournamentTerms;
};

describe('Tournament terms and conditions', () => {
  describe('Crown Melbourne 14.4: every required item, or a refusal listing what is missing', () => {
    it('refuses terms without the entry fee, the location or the privacy statement, naming each with its clause (Crown Melbourne 14.4.1(a)(ii), (iv); 14.4.8(e))', () => {
      const error = spec.given([]).when(publish('crown-melbourne', without('entryFee', 'location', 'statement.privacy'))).thenThrows('TERMS_INCOMPLETE');
      expect(error.message).toContain('entryFee (Crown Melbourne 14.4.1(a)(ii))');
      expect(error.message).toContain('location (Crown Melbourne 14.4.1(a)(iv))');
      expect(error.message).toContain('statement.privacy (Crown Melbourne 14.4.8(e))');
      expect(error.field).toBe('terms');
    });

    it('requires what the rulebook data lists, and nothing else: each required item missing alone is refused', () => {
      for (const rb of [CROWN_MELBOURNE_V29, CROWN_MELBOURNE_RAPID, STAR_SYDNEY_2021, STAR_SYDNEY_2024]) {
        const required = rb.procedures.tournaments!.requiredTerms;
        expect(required.length).toBeGreaterThan(5);
        for (const r of required) expect(TOURNAMENT_TERMS_ITEMS).toContain(r.item);
      }
      const crown = CROWN_MELBOURNE_V29.procedures.tournaments!.requiredTerms;
      for (const { item, clause } of crown) {
        const error = spec.given([]).when(publish('crown-melbourne', without(item))).thenThrows('TERMS_INCOMPLETE');
        expect(error.message).toContain(`${item} (${clause})`);
      }
    });

    it('counts "none" as stated: a tournament with no buy-in says so (Crown Melbourne 14.4.1(a)(ii) "if any")', () => {
      spec.given([]).when(publish('crown-melbourne', completeTerms({ buyIns: null }))).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsPublished'));
    });

    it('advises the VGCCC when the terms are published, before entries are taken (Crown Melbourne 14.2.2(b))', () => {
      spec.given([]).when(publish('crown-melbourne')).thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['TournamentTermsPublished', 'TournamentRegulatorNotified']);
        expect(events[1]).toMatchObject({ regulator: 'VGCCC', notice: 'intention-to-conduct', clause: 'Crown Melbourne 14.2.2(b); 14.4.1(c)' });
      });
    });

    it('notifies the VGCCC of every later change, naming what changed (Crown Melbourne 14.4.1(c))', () => {
      const given = play([publish('crown-melbourne')]);
      spec
        .given(given)
        .when({ type: 'AmendTerms', actor: DIRECTOR, now: BEFORE_START, terms: crownTerms({ location: 'Mahogany Room' }), reason: 'Larger room' })
        .thenEvents((events) => {
          expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['location'] });
          expect(events[1]).toMatchObject({ type: 'TournamentRegulatorNotified', notice: 'change', regulator: 'VGCCC' });
        });
    });

    /** Terms as the database hands them back: the same values, every object's keys in another order. */
    const reordered = <T,>(v: T): T =>
      Array.isArray(v) ? (v.map(reordered) as T) : v && typeof v === 'object' ? (Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)])) as T) : v;
    const storedReordered = (events: ReturnType<typeof play>) => events.map((e) => (e.type === 'TournamentTermsPublished' ? { ...e, terms: reordered(e.terms) } : e));
    const amend = (terms: TournamentTerms, reason = 'Update') => ({ type: 'AmendTerms' as const, actor: DIRECTOR, now: BEFORE_START, terms, reason });

    it('creates no amendment and tells the VGCCC nothing for the same terms in another key order (Crown Melbourne 14.4.1(c))', () => {
      spec.given(storedReordered(play([publish('crown-melbourne')]))).when(amend(crownTerms())).then([]);
    });

    it('Crown Melbourne 14.4.1(c): a schedule written at another offset for the same instants is no change: no amendment, nothing told to the VGCCC, and a later change names only what changed', () => {
      const local = { startsAt: '2026-12-10T09:00:00+11:00', endsAt: '2026-12-10T18:00:00+11:00' };
      const utc = { startsAt: '2026-12-09T22:00:00Z', endsAt: '2026-12-10T07:00:00.000Z' };
      const given = play([publish('crown-melbourne', completeTerms({ schedule: local }))]);
      spec.given(given).when(amend(crownTerms({ schedule: utc }))).then([]);
      spec
        .given(given)
        .when(amend(crownTerms({ schedule: utc, location: 'Mahogany Room' }), 'Larger room'))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['location'] }));
      spec
        .given(given)
        .when(amend(crownTerms({ schedule: { ...utc, endsAt: '2026-12-10T08:00:00Z' } })))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['schedule'] }));
    });

    it('Crown Melbourne 14.4.1(c), 14.4.2(d): any instant of the terms restated at another offset (the withdrawal period) is no change', () => {
      const given = play([publish('crown-melbourne', completeTerms({ withdrawalPeriod: { endsAt: '2026-12-05T00:20:00+11:00' } }))]);
      spec.given(given).when(amend(crownTerms({ withdrawalPeriod: { endsAt: '2026-12-04T13:20:00.000Z' } }))).then([]);
      spec
        .given(given)
        .when(amend(crownTerms({ withdrawalPeriod: { endsAt: '2026-12-04T14:20:00Z' } })))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['withdrawalPeriod'] }));
    });

    it('lists only the items that changed, whatever the key order of the stored terms, in the amendment and the VGCCC notice (Crown Melbourne 14.4.1(c))', () => {
      spec
        .given(storedReordered(play([publish('crown-melbourne')])))
        .when(amend(crownTerms({ location: 'Mahogany Room', wagerLimits: { minimum: 10, maximum: 500 } }), 'Larger room'))
        .thenEvents((events) => {
          expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['location'] });
          expect(events[1]).toMatchObject({ type: 'TournamentRegulatorNotified', summary: 'Changed: location. Larger room' });
        });
    });

    it('accepts an amendment during play of what the rules do not protect, and refuses a change of the starting bank once play has begun (Crown Melbourne 14.4.1(c); 14.4.3(b))', () => {
      const running = storedReordered(heatUnderWay(6, 'crown-melbourne'));
      spec.given(running).when(amend(crownTerms({ prizePayment: 'By cheque within 14 days.' }))).thenEvents((events) => expect(events[0]).toMatchObject({ changedItems: ['prizePayment'] }));
      spec.given(running).when(amend(crownTerms({ startingChips: 2_000 }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.4.3(b)');
    });

    it('refuses a change of the minimum and maximum wager once a Star tournament has begun (Star 2024 15.6.15)', () => {
      const running = storedReordered(heatUnderWay(6, 'the-star-sydney'));
      spec.given(running).when(amend(completeTerms({ wagerLimits: { minimum: 20, maximum: 500 } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Star 2024 15.6.15');
      spec.given(running).when(amend(completeTerms({ location: 'Sovereign Room' }))).thenEvents((events) => expect(events[0]).toMatchObject({ changedItems: ['location'] }));
    });

    it('lets only the Tournament Director publish the terms (Crown Melbourne 14.2.3)', () => {
      spec.given([]).when({ ...publish('crown-melbourne'), actor: CASINO_MANAGER }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 14.2.3');
    });
  });

  describe('Crown Melbourne 14.2.2 and 14.4.1(c): the terms and the VGCCC notice come before the tournament', () => {
    const BEFORE = BEFORE_START;
    const amendAt = (now: string, terms: TournamentTerms, reason = 'Update') => ({ type: 'AmendTerms' as const, actor: DIRECTOR, now, terms, reason });

    it('Crown Melbourne 14.2.2: refuses terms published (and the VGCCC advised) at or after the scheduled start, compared as instants, naming the schedule; a second before is accepted', () => {
      const atStart = spec.given([]).when(publish('crown-melbourne', completeTerms(), { now: T0 })).thenThrows('TERMS_AFTER_TOURNAMENT_START', 'Crown Melbourne 14.2.2');
      expect(atStart.field).toBe('terms.schedule.startsAt');
      spec.given([]).when(publish('crown-melbourne', completeTerms(), { now: '2026-03-08T09:00:00.000Z' })).thenThrows('TERMS_AFTER_TOURNAMENT_START', 'Crown Melbourne 14.2.2');
      // 19:59:59 in Melbourne is 08:59:59Z, a second before the start at 09:00Z.
      spec.given([]).when(publish('crown-melbourne', completeTerms(), { now: '2026-03-01T19:59:59+11:00' })).thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['TournamentTermsPublished', 'TournamentRegulatorNotified']);
      });
    });

    it('Crown Melbourne 14.2.2: takes no entry before the terms are published and the VGCCC advised; once both are recorded the entry is taken', () => {
      spec.given([]).when(enter(1)).thenThrows('TOURNAMENT_NOT_FOUND');
      const published = play([publish('crown-melbourne', completeTerms(), { now: BEFORE })]);
      expect(published.map((e) => e.type)).toEqual(['TournamentTermsPublished', 'TournamentRegulatorNotified']);
      spec.given(published).when(enter(1)).thenEvents((events) => expect(events[0].type).toBe('TournamentEntryAccepted'));
    });

    it('Star 2024 15.4.1 and Rapid 12.1.3 set no such time for publishing the conditions: published after the scheduled start they are accepted (Rapid still needs its approval before the start)', () => {
      spec.given([]).when(publish('the-star-sydney', completeTerms(), { now: '2026-03-08T09:00:00.000Z' })).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished', clause: 'Star 2024 15.4.1' }));
      spec
        .given([])
        .when(publish('crown-melbourne', rapidTerms(), { game: 'rapid-baccarat', now: '2026-03-08T09:00:00.000Z', regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' } }))
        .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished', rulebookId: 'crown-melbourne-rapid' }));
    });

    it('Crown Melbourne 14.4.1(c): refuses, 409, a change to the Tournament details (when, fees, players, location) once the tournament has started, and accepts it before, notifying the VGCCC', () => {
      const published = play([publish('crown-melbourne', completeTerms(), { now: BEFORE })]);
      const changes: TournamentTerms[] = [
        crownTerms({ location: 'Mahogany Room' }),
        crownTerms({ entryFee: 20_000 }),
        crownTerms({ buyIns: { buyInCents: 5_000, reBuyCents: null, addOnCents: null } }),
        crownTerms({ players: { minimum: 6, maximum: 24 } }),
        crownTerms({ schedule: { startsAt: '2026-03-01T09:00:00.000Z', endsAt: '2026-03-01T20:00:00.000Z' } }),
      ];
      for (const terms of changes) {
        const error = spec.given(published).when(amendAt(T0, terms)).thenThrows('TOURNAMENT_DETAILS_LOCKED');
        expect(error.kind).toBe('conflict');
        expect(error.clause).toMatch(/^Crown Melbourne 14\.4\.1\(a\)\((i|ii|iii|iv)\); 14\.4\.1\(c\)$/);
        spec.given(published).when(amendAt(BEFORE, terms)).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentTermsAmended', 'TournamentRegulatorNotified']));
      }
    });

    it('Crown Melbourne 14.4.1(c): refuses a change to the Tournament details once play has begun, and still accepts during play what the rules do not protect (the prize payment; the wager limits between sessions, 14.1)', () => {
      const running = heatUnderWay(6, 'crown-melbourne');
      spec.given(running).when(amendAt(T0, crownTerms({ location: 'Mahogany Room' }))).thenThrows('TOURNAMENT_DETAILS_LOCKED', 'Crown Melbourne 14.4.1(a)(iv); 14.4.1(c)');
      spec.given(running).when(amendAt(T0, crownTerms({ prizePayment: 'By cheque within 14 days.' }))).thenEvents((events) => expect(events[0]).toMatchObject({ changedItems: ['prizePayment'] }));
      spec.given(running).when(amendAt(T0, crownTerms({ wagerLimits: { minimum: 20, maximum: 500 } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.1; 14.4.4(b)');
    });

    it('Crown Melbourne 14.4.1(c): refuses moving the start to an instant already passed (the VGCCC could not be told before it)', () => {
      const published = play([publish('crown-melbourne', completeTerms(), { now: BEFORE })]);
      const moved = crownTerms({ schedule: { startsAt: '2026-02-28T08:00:00.000Z', endsAt: '2026-03-01T18:00:00.000Z' } });
      spec.given(published).when(amendAt(BEFORE, moved)).thenThrows('TOURNAMENT_DETAILS_LOCKED', 'Crown Melbourne 14.4.1(a)(i); 14.4.1(c)');
    });

    it('Star 2024 15.6.15, 15.6.2: rule 15 locks during play the wager limits, the allotment and the prizes (and the fee once entries are taken); other terms, the location included, may still change during play', () => {
      const running = heatUnderWay(6, 'the-star-sydney');
      spec.given(running).when(amendAt(T0, completeTerms({ location: 'Sovereign Room' }))).thenEvents((events) => expect(events[0]).toMatchObject({ changedItems: ['location'] }));
    });
  });

  describe('Rapid 12.2.1 and 12.1.3', () => {
    it('refuses Rapid Baccarat conditions without the consequences of late arrival (Rapid 12.2.1(i))', () => {
      spec.given([]).when(publish('crown-melbourne', without('lateArrival'), { game: 'rapid-baccarat' })).thenThrows('TERMS_INCOMPLETE', 'Rapid 12.2.1(i)');
    });

    it('needs the VCGR written approval of the conditions (Rapid 12.1.3)', () => {
      spec.given([]).when(publish('crown-melbourne', rapidTerms(), { game: 'rapid-baccarat' })).thenThrows('REGULATOR_APPROVAL_REQUIRED', 'Rapid 12.1.3');
      spec
        .given([])
        .when(publish('crown-melbourne', rapidTerms(), { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' } }))
        .thenEvents((events) => expect(events[0]).toMatchObject({ rulebookId: 'crown-melbourne-rapid', regulatorApproval: { reference: 'VCGR-2026-17' } }));
    });
  });

  describe('Rapid 12.1.3: only conditions approved in writing, and no change without a new approval', () => {
    const rapid = (approval: { reference: string; approvedAt: string } | null, terms = rapidTerms()) => publish('crown-melbourne', terms, { game: 'rapid-baccarat', regulatorApproval: approval, now: T0 });
    const approved = () => play([rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-02-01' })]);
    const amend = (regulatorApproval?: { reference: string; approvedAt: string }) => ({ type: 'AmendTerms' as const, actor: DIRECTOR, now: T0, terms: rapidTerms({ location: 'Rapid Baccarat room' }), reason: 'Room change', ...(regulatorApproval ? { regulatorApproval } : {}) });

    it('refuses a blank approval reference (Rapid 12.1.3)', () => {
      spec.given([]).when(rapid({ reference: '   ', approvedAt: '2026-02-01' })).thenThrows('REGULATOR_APPROVAL_REQUIRED', 'Rapid 12.1.3');
    });

    it('refuses an approval dated after the tournament starts, and accepts one the same day before it (Rapid 12.1.3)', () => {
      spec.given([]).when(rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-03-02' })).thenThrows('REGULATOR_APPROVAL_AFTER_TOURNAMENT', 'Rapid 12.1.3');
      spec.given([]).when(rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-03-01T10:00:00.000Z' })).thenThrows('REGULATOR_APPROVAL_AFTER_TOURNAMENT', 'Rapid 12.1.3');
      spec.given([]).when(rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-03-01T08:00:00.000Z' })).thenEvents((events) => expect(events[0]).toMatchObject({ regulatorApproval: { reference: 'VCGR-2026-17' } }));
    });

    it('refuses to amend approved conditions without a new written approval (Rapid 12.1.3)', () => {
      spec.given(approved()).when(amend()).thenThrows('REGULATOR_APPROVAL_REQUIRED', 'Rapid 12.1.3');
      spec.given(approved()).when(amend({ reference: 'VCGR-2026-17', approvedAt: '2026-02-20' })).thenThrows('NEW_REGULATOR_APPROVAL_REQUIRED', 'Rapid 12.1.3');
      spec.given(approved()).when(amend({ reference: 'VCGR-2026-31', approvedAt: '2026-03-05' })).thenThrows('REGULATOR_APPROVAL_AFTER_TOURNAMENT', 'Rapid 12.1.3');
    });

    it('Rapid 12.1.3: refuses an approval time of day without its offset from UTC (it would be read in UTC, not Melbourne time), naming the field', () => {
      spec.given([]).when(rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-03-01T08:00:00' })).thenThrows('REGULATOR_APPROVAL_TIME_WITHOUT_OFFSET', 'Rapid 12.1.3');
      spec.given(approved()).when(amend({ reference: 'VCGR-2026-31', approvedAt: '2026-02-20T09:00' })).thenThrows('REGULATOR_APPROVAL_TIME_WITHOUT_OFFSET', 'Rapid 12.1.3');
      // The same instant with its offset is held; a date alone is the venue's date.
      spec.given([]).when(rapid({ reference: 'VCGR-2026-17', approvedAt: '2026-03-01T08:00:00+11:00' })).thenEvents((events) => expect(events[0]).toMatchObject({ regulatorApproval: { approvedAt: '2026-03-01T08:00:00+11:00' } }));
    });

    it('refuses an approval dated after it is recorded: an approval not yet given is not held (Rapid 12.1.3)', () => {
      const early = publish('crown-melbourne', rapidTerms(), { game: 'rapid-baccarat', now: '2026-02-10T00:00:00.000Z', regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-15' } });
      spec.given([]).when(early).thenThrows('REGULATOR_APPROVAL_NOT_YET_GIVEN', 'Rapid 12.1.3');
    });

    it('refuses a new approval of amended conditions dated before the approval of the conditions they amend (Rapid 12.1.3)', () => {
      spec.given(approved()).when(amend({ reference: 'VCGR-2026-31', approvedAt: '2026-01-15' })).thenThrows('REGULATOR_APPROVAL_BACKDATED', 'Rapid 12.1.3');
    });

    it('amends approved conditions with a new written approval, which the amendment records (Rapid 12.1.3)', () => {
      spec
        .given(approved())
        .when(amend({ reference: 'VCGR-2026-31', approvedAt: '2026-02-20' }))
        .thenEvents((events, after) => {
          expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['location'], regulatorApproval: { reference: 'VCGR-2026-31', approvedAt: '2026-02-20' } });
          expect(after.regulatorApproval).toEqual({ reference: 'VCGR-2026-31', approvedAt: '2026-02-20' });
        });
    });
  });

  describe.each([
    ['Star 2021', '2023-06-01T09:00:00.000Z', 'star-sydney-2021'],
    ['Star 2024', '2026-03-01T09:00:00.000Z', 'star-sydney-2024'],
  ])('%s 15.4.2 (the version in force on the first day)', (citation, startsAt, rulebookId) => {
    const terms = (t: TournamentTerms = completeTerms()) => ({ ...t, schedule: scheduleFrom(startsAt) });

    it(`runs under ${rulebookId} and tells no regulator: rule 15 has no notice (${citation} 15.4.1)`, () => {
      spec.given([]).when(publish('the-star-sydney', terms())).thenEvents((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished', rulebookId, jurisdiction: 'NSW', clause: `${citation} 15.4.1` });
      });
    });

    it(`refuses conditions that leave out the pass cards and the order of wagering (${citation} 15.4.2(f))`, () => {
      const error = spec.given([]).when(publish('the-star-sydney', terms(without('passCards', 'orderOfWagering')))).thenThrows('TERMS_INCOMPLETE', `${citation} 15.4.2(f)`);
      expect(error.message).toMatch(/orderOfWagering.*passCards|passCards.*orderOfWagering/);
    });

    it(`refuses a prize pool that keeps the entry fees out (${citation} 15.3.2)`, () => {
      const t = terms(completeTerms({ prizePool: { addedValueCents: 0, entryFeesIncluded: false, guaranteedCents: null, minimumEntries: null } }));
      spec.given([]).when(publish('the-star-sydney', t)).thenThrows('ENTRY_FEES_NOT_IN_POOL', `${citation} 15.3.2`);
    });

    it(`refuses prize shares that do not add up to the whole pool (${citation} 15.4.2(j))`, () => {
      spec.given([]).when(publish('the-star-sydney', terms(completeTerms({ prizeDistribution: { basisPoints: [6_000, 3_000] } })))).thenThrows('PRIZE_DISTRIBUTION_INVALID');
    });
  });

  describe('Crown Melbourne 14.4.4 / Rapid 12.2.1: no order of wagering in the rules, so terms may not state one (Star 2024 15.9.2-15.9.4 has one)', () => {
    const rapid = { game: 'rapid-baccarat' as const, regulatorApproval: { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' } };
    const stating = (operator: string, terms: TournamentTerms, extra = {}, orderOfWagering: boolean | null = true) => ({ ...publish(operator, terms, extra), terms: { ...terms, orderOfWagering } });
    it.each([
      ['Crown Melbourne 14.4.4', 'Crown Melbourne', 'crown-melbourne', completeTerms(), {}],
      ['Rapid 12.2.1', 'Rapid', 'crown-melbourne', rapidTerms(), rapid],
    ])('%s: refuses terms stating an order of wagering, naming the field and the clauses; terms stating none are published', (_title, citation, operator, terms, extra) => {
      const error = spec.given([]).when(stating(operator, terms, extra)).thenThrows('ORDER_OF_WAGERING_NOT_IN_RULES');
      expect(error.field).toBe('terms.orderOfWagering');
      expect(error.clause).toContain(citation);
      expect(error.message).toContain('orderOfWagering');
      for (const none of [null, false]) spec.given([]).when(stating(operator, terms, extra, none)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished' }));
    });

    it('Crown Melbourne 14.4.4: refuses an amendment that states an order of wagering', () => {
      spec
        .given(play([publish('crown-melbourne')]))
        .when({ type: 'AmendTerms', actor: DIRECTOR, now: BEFORE_START, terms: { ...completeTerms(), orderOfWagering: true }, reason: 'Add an order of wagering' } as never)
        .thenThrows('ORDER_OF_WAGERING_NOT_IN_RULES');
    });

    it('Star 2024 15.9.2-15.9.4: terms stating the order of wagering the rules give are published', () => {
      spec.given([]).when(stating('the-star-sydney', completeTerms())).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished' }));
    });
  });

  it('refuses tournaments under a rulebook that provides none (the Crown Sydney guide)', () => {
    spec.given([]).when(publish('crown sydney')).thenThrows('TOURNAMENTS_NOT_IN_RULEBOOK');
  });

  it('designates the tables for the tournament (Star 2024 15.5.1)', () => {
    spec
      .given(play([publish()]))
      .when({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T1', 'T2'] })
      .then([{ type: 'TournamentTablesDesignated', tournamentId: 'cup', tableIds: ['T1', 'T2'], clause: 'Star 2024 15.5.1' }]);
  });
});

describe('refunds the rules fix are stated as the rules fix them (Star 2024 15.3.4, 15.5.7, 15.6.7, 15.11.4)', () => {
  const refunds = (r: Partial<NonNullable<TournamentTerms['refunds']>>) => completeTerms({ refunds: { lateWithdrawalPercent: 0, retirementPercent: 50, disqualificationPercent: 0, cancellationPercent: 100, ...r } });

  it('Star 2024 15.3.4: Star terms refunding less than all entry fees on cancellation (cancellationPercent 50) are refused 422, naming the field and the clause', () => {
    const e = spec.given([]).when(publish('the-star-sydney', refunds({ cancellationPercent: 50 }))).thenThrows('REFUND_NOT_AS_RULES', 'Star 2024 15.3.4');
    expect(e.kind).toBe('rule');
    expect(e.field).toBe('terms.refunds.cancellationPercent');
    expect(e.message).toContain('100');
  });

  it('Star 2024 15.5.7, 15.6.7, 15.11.4: Star terms refunding a disqualified player (disqualificationPercent 100) are refused 422, naming the field and the clauses', () => {
    const e = spec.given([]).when(publish('the-star-sydney', refunds({ disqualificationPercent: 100 }))).thenThrows('REFUND_NOT_AS_RULES', 'Star 2024 15.5.7; 15.6.7; 15.11.4');
    expect(e.field).toBe('terms.refunds.disqualificationPercent');
  });

  it('Star 2024 15.3.4: an amendment to Star terms stating another cancellation refund is refused the same way', () => {
    spec
      .given(play([publish()]))
      .when({ type: 'AmendTerms', actor: DIRECTOR, now: BEFORE_START, terms: refunds({ cancellationPercent: 0 }), reason: 'Update' })
      .thenThrows('REFUND_NOT_AS_RULES', 'Star 2024 15.3.4');
  });

  it('Star 2024 15.3.2: refunds the rules leave to the conditions of entry (late withdrawal, retirement) may be stated as the terms choose, and Crown Melbourne 14.4.8(a)(iv) leaves every refund to the terms', () => {
    spec.given([]).when(publish('the-star-sydney', refunds({ lateWithdrawalPercent: 25, retirementPercent: 10 }))).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsPublished'));
    spec.given([]).when(publish('crown-melbourne', crownTerms({ refunds: { lateWithdrawalPercent: 0, retirementPercent: 50, disqualificationPercent: 100, cancellationPercent: 50 } }))).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsPublished'));
  });
});

describe('Terms told before the tournament, and the wager limits while a session is in play', () => {
  const after = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
  const amendAt = (terms: TournamentTerms, now: string) => ({ type: 'AmendTerms' as const, actor: DIRECTOR, now, terms, reason: 'Amended' });
  const approval = { eventKind: 'charity' as const, approvedBy: 'chief-operating-officer' as const, reference: 'COO-2026-4', approvedAt: '2026-02-01T00:00:00.000Z' };

  it('Crown Melbourne 14.4.2(a)(v): an employee-participation approval dated at or after the scheduled start is refused on publication and amendment, naming terms.employeeParticipation.approvedAt', () => {
    for (const approvedAt of [after(60), T0]) {
      const error = spec.given([]).when(publish('crown-melbourne', crownTerms({ employeeParticipation: { ...approval, approvedAt } }))).thenThrows('EMPLOYEE_APPROVAL_AFTER_TOURNAMENT', 'Crown Melbourne 14.4.2(a)(v)');
      expect(error.field).toBe('terms.employeeParticipation.approvedAt');
    }
    const published = play([publish('crown-melbourne', crownTerms({ employeeParticipation: approval }))]);
    const error = spec.given(published).when(amendAt(crownTerms({ employeeParticipation: { ...approval, approvedAt: after(60) } }), BEFORE_START)).thenThrows('EMPLOYEE_APPROVAL_AFTER_TOURNAMENT', 'Crown Melbourne 14.4.2(a)(v)');
    expect(error.field).toBe('terms.employeeParticipation.approvedAt');
    spec.given(published).when(amendAt(crownTerms({ employeeParticipation: { ...approval, approvedAt: '2026-02-02T00:00:00.000Z' } }), BEFORE_START)).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsAmended'));
  });

  it('Crown Melbourne 14.4.1(c): an amendment cites the notice of changes to the VGCCC, not the whole of rule 14', () => {
    spec
      .given(play([publish('crown-melbourne')]))
      .when(amendAt(crownTerms({ location: 'Mahogany Room' }), BEFORE_START))
      .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', clause: 'Crown Melbourne 14.4.1(c)' }));
  });

  it('Crown Melbourne 14.4.3(b): the starting chips, told the players before the tournament commences, cannot change from the scheduled start, before any play', () => {
    const published = play([publish('crown-melbourne', crownTerms({ startingChips: 1_000 }))]);
    const error = spec.given(published).when(amendAt(crownTerms({ startingChips: 2_000 }), after(30))).thenThrows('TOURNAMENT_DETAILS_LOCKED', 'Crown Melbourne 14.4.3(b)');
    expect(error.field).toBe('terms.startingChips');
    spec.given(published).when(amendAt(crownTerms({ startingChips: 2_000 }), BEFORE_START)).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsAmended'));
  });

  it('Star 2024 15.6.15: the wager limits, notified before the tournament commences, cannot change from the scheduled start', () => {
    const published = play([publish('the-star-sydney')]);
    const limits = { ...completeTerms().wagerLimits!, maximum: 200 };
    spec.given(published).when(amendAt(completeTerms({ wagerLimits: limits }), after(30))).thenThrows('TOURNAMENT_DETAILS_LOCKED', 'Star 2024 15.6.15');
  });

  it('Crown Melbourne 14.1; 14.4.4(b): the wager limits cannot change while a session is in play (refused naming terms.wagerLimits); between sessions they may', () => {
    const limits = { ...completeTerms().wagerLimits!, maximum: 200 };
    const running = heatUnderWay(6, 'crown-melbourne', crownTerms());
    const error = spec.given(running).when(amendAt(crownTerms({ wagerLimits: limits }), after(30))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.1; 14.4.4(b)');
    expect(error.field).toBe('terms.wagerLimits');
    const between = play([{ type: 'EndSession', actor: DIRECTOR, now: after(20), sessionId: 'h1' }], running);
    spec.given(between).when(amendAt(crownTerms({ wagerLimits: limits }), after(30))).thenEvents((events) => expect(events[0].type).toBe('TournamentTermsAmended'));
  });

  it('Rapid 12.1.1: every rulebook locks the wager limits while a session is in play', () => {
    for (const rb of [CROWN_MELBOURNE_V29, CROWN_MELBOURNE_RAPID, STAR_SYDNEY_2021, STAR_SYDNEY_2024]) {
      const t = rb.procedures.tournaments!;
      expect([...t.termsLockedDuringSession, ...t.termsLockedDuringPlay].map((l) => l.item)).toContain('wagerLimits');
    }
    expect(CROWN_MELBOURNE_RAPID.procedures.tournaments!.termsLockedDuringSession).toEqual([{ item: 'wagerLimits', clause: 'Rapid 12.1.1; 12.2.1(c)' }]);
  });
});

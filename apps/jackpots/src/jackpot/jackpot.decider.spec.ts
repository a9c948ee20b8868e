import type { JackpotParameters, TieWagerRef } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { jackpotDecider, JackpotCommand, RecordContribution } from './jackpot.decider';
import { FORGOTTEN_SHOES_PER_TABLE, JackpotEvent, KEPT_SHOES_PER_TABLE } from './jackpot.events';

const NOW = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T10:05:00.000Z';
const params: JackpotParameters = {
  seedCents: 100_000,
  contributionCents: 50,
  option: '1',
  percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 },
  division: 'equal',
  roundingUnitCents: 100,
};
const create: JackpotCommand = { type: 'CreateJackpot', jackpotId: 'J1', name: 'Lucky Tie Pit 3', tableIds: ['T1', 'T2'], parameters: params, notifiedToRegulatorAt: '2026-11-20T09:00:00.000Z', now: NOW };
const spec = () => deciderSpec(jackpotDecider);
const decideAll = (commands: JackpotCommand[]): JackpotEvent[] => {
  const events: JackpotEvent[] = [];
  let state = jackpotDecider.initialState();
  for (const c of commands) {
    const produced = jackpotDecider.decide(c, state);
    events.push(...produced);
    state = produced.reduce(jackpotDecider.evolve, state);
  }
  return events;
};
const stateAfter = (commands: JackpotCommand[]) => decideAll(commands).reduce(jackpotDecider.evolve, jackpotDecider.initialState());

const wagers: TieWagerRef[] = [
  { wagerId: 'w1', box: 1, patronId: 'P1', amountCents: 2_500 },
  { wagerId: 'w2', box: 4, patronId: null, amountCents: 7_500 },
];
const coup = (n: number, over: Partial<RecordContribution> = {}): RecordContribution => ({
  type: 'RecordContribution',
  tableId: 'T1',
  shoeId: 'S1',
  coupId: `C${n}`,
  coupNumber: n,
  dummy: false,
  result: 'banker',
  playerCards: ['2H', '3S'],
  bankerCards: ['9D', 'KC'],
  tieWagers: [],
  sourceEventId: `ev-${n}`,
  completedAt: NOW,
  now: NOW,
  ...over,
});
const luckyCoup = (n: number, cards: [string, string, string, string], over: Partial<RecordContribution> = {}) =>
  coup(n, { result: 'tie', playerCards: [cards[0], cards[1]], bankerCards: [cards[2], cards[3]], tieWagers: wagers, ...over });

describe('Jackpot parameters (Crown Melbourne 13.4.1(a), 13.3.1(b), Table 20)', () => {
  it('13.4.1(a): creates a VIC jackpot from notified parameters and seeds the meter', () => {
    spec().given([]).when(create).thenEvents((events, state) => {
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'JackpotCreated', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', meterBeforeCents: 0, meterAfterCents: 100_000, tableIds: ['T1', 'T2'] });
      expect(state.meterCents).toBe(100_000);
    });
  });
  it('Crown Melbourne 13.4.1(a): a jackpot is governed by the version in force when it is created, and refused before any was', () => {
    // Version 29.0 took effect on 5 August 2025 in Melbourne (00:00 there is 14:00Z the day before).
    spec().given([]).when({ ...create, notifiedToRegulatorAt: '2025-08-04T13:00:00.000Z', now: '2025-08-04T13:59:00.000Z' } as JackpotCommand).thenThrows('JACKPOT_RULEBOOK_NOT_IN_FORCE');
    spec().given([]).when({ ...create, notifiedToRegulatorAt: '2025-08-04T13:00:00.000Z', now: '2025-08-04T14:00:00.000Z' } as JackpotCommand).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'JackpotCreated', rulebookId: 'crown-melbourne-v29', clause: 'Crown Melbourne 13.3.1(b); 13.4.1; 13.4.1(a)' }));
  });
  it('13.4.1(a): refuses parameters not notified to the VGCCC before they take effect', () => {
    spec().given([]).when({ ...create, notifiedToRegulatorAt: LATER } as JackpotCommand).thenThrows('PARAMETERS_NOT_NOTIFIED', 'Crown Melbourne 13.4.1(a)');
  });
  it('13.4.1(a): the VGCCC notification time is compared as an instant, whatever its offset', () => {
    // 2026-11-25T20:30+11:00 is 09:30Z, before NOW (10:00Z), though later as a string.
    spec().given([]).when({ ...create, notifiedToRegulatorAt: '2026-11-25T20:30:00+11:00' } as JackpotCommand).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'JackpotCreated' }));
    // 2026-11-25T05:30-05:00 is 10:30Z, after NOW, though earlier as a string.
    spec().given([]).when({ ...create, notifiedToRegulatorAt: '2026-11-25T05:30:00-05:00' } as JackpotCommand).thenThrows('PARAMETERS_NOT_NOTIFIED', 'Crown Melbourne 13.4.1(a)');
  });
  it('Table 20 Option 1: a Non-Coloured share above 10% is refused', () => {
    const bad = { ...create, parameters: { ...params, percentOfMeter: { ...params.percentOfMeter, 'non-coloured-lucky-tie': 11 } } } as JackpotCommand;
    spec().given([]).when(bad).thenThrows('PERCENT_OUT_OF_RANGE', 'Crown Melbourne 13.4.3 Table 20 Option 1');
  });
  it('Table 20: an outcome that is not in the option is refused, and a missing one too', () => {
    spec().given([]).when({ ...create, parameters: { ...params, option: '3' } } as JackpotCommand).thenThrows('OUTCOME_NOT_IN_OPTION');
    spec().given([]).when({ ...create, parameters: { ...params, option: '3', percentOfMeter: {} } } as JackpotCommand).thenThrows('PERCENT_MISSING');
  });
  it('13.3.1(b): a jackpot needs one table or a group of distinct tables', () => {
    spec().given([]).when({ ...create, tableIds: [] } as JackpotCommand).thenThrows('TABLES_INVALID', 'Crown Melbourne 13.3.1(b)');
    spec().given([]).when({ ...create, tableIds: ['T1', 'T1'] } as JackpotCommand).thenThrows('TABLES_INVALID');
  });
  it('13.4.1(a): parameter changes are recorded with before, after and reason', () => {
    const given = decideAll([create]);
    const next = { ...params, contributionCents: 75 };
    spec().given(given).when({ type: 'ChangeJackpotParameters', parameters: next, notifiedToRegulatorAt: NOW, reason: 'VGCCC approved new rate', now: LATER }).thenEvents((events, state) => {
      expect(events[0]).toMatchObject({ type: 'JackpotParametersChanged', previous: params, next, reason: 'VGCCC approved new rate', meterBeforeCents: 100_000, meterAfterCents: 100_000 });
      expect(state.parameters?.contributionCents).toBe(75);
    });
  });
  it('13.4.7: parameters cannot change mid-hit (a Lucky Tie pending confirmation)', () => {
    const given = decideAll([create, luckyCoup(1, ['8H', '8S', '8D', '8C'])]);
    spec().given(given).when({ type: 'ChangeJackpotParameters', parameters: params, notifiedToRegulatorAt: NOW, reason: 'x', now: LATER }).thenThrows('PARAMETERS_LOCKED_DURING_HIT');
  });
});

describe('Contributions (Crown Melbourne 13.4.1, 13.4.2, 7.4)', () => {
  const given = () => decideAll([create]);
  it('13.4.1-13.4.2: a completed coup at a participating table adds the contribution, meter before and after', () => {
    spec().given(given()).when(coup(1)).then([
      {
        type: 'ContributionRecorded', jackpotId: 'J1', tableId: 'T1', shoeId: 'S1', coupId: 'C1', coupNumber: 1, amountCents: 50, sourceEventId: 'ev-1',
        coupCompletedAt: NOW, recordedAt: NOW, meterBeforeCents: 100_000, meterAfterCents: 100_050, clause: 'Crown Melbourne 13.4.1; 13.4.2',
      },
    ]);
  });
  it('7.4: a dummy coup contributes nothing', () => {
    spec().given(given()).when(coup(1, { dummy: true })).then([]);
  });
  it('13.3.1(b), 13.4.1: a table outside the jackpot contributes nothing, and says so once (table-not-in-jackpot) instead of silently', () => {
    spec()
      .given(given())
      .when(coup(1, { tableId: 'T9' }))
      .thenEvents((events, state) => {
        expect(events).toEqual([expect.objectContaining({ type: 'JackpotAttentionFlagged', kind: 'table-not-in-jackpot', tableId: 'T9', coupId: 'C1', notify: 'area-manager', clause: 'Crown Melbourne 13.3.1(b); 13.4.1' })]);
        expect(state.meterCents).toBe(100_000);
      });
    spec().given(decideAll([create, coup(1, { tableId: 'T9' })])).when(coup(2, { tableId: 'T9' })).then([]);
  });
  it('the same coup contributes once, even under another source event', () => {
    spec().given(decideAll([create, coup(1)])).when(coup(1, { sourceEventId: 'republished' })).then([]);
  });
  it('13.4.1: a voided coup has its contribution reversed (and only once)', () => {
    const voidIt: JackpotCommand = { type: 'ReverseContribution', tableId: 'T1', shoeId: 'S1', coupId: 'C1', reason: 'foreign card', sourceEventId: 'void-1', now: LATER };
    spec().given(decideAll([create, coup(1)])).when(voidIt).thenEvents((events, state) => {
      expect(events).toEqual([expect.objectContaining({ type: 'ContributionReversed', amountCents: 50, meterBeforeCents: 100_050, meterAfterCents: 100_000 })]);
      expect(state.meterCents).toBe(100_000);
    });
    spec().given(decideAll([create, coup(1), voidIt])).when(voidIt).then([]);
  });
  it('13.4.1: a void that arrives before its completion keeps the coup from ever contributing', () => {
    const voidIt: JackpotCommand = { type: 'ReverseContribution', tableId: 'T1', shoeId: 'S1', coupId: 'C1', reason: 'foreign card', sourceEventId: 'void-1', now: LATER };
    spec().given(decideAll([create, voidIt])).when(coup(1)).then([]);
  });
});

describe('Hits: detection, handset record and mismatch (Crown Melbourne 13.4.3, 13.4.4, 13.4.7(b))', () => {
  it('13.4.3: a Lucky Tie in the cards is detected with its qualifying Tie wagers', () => {
    spec().given(decideAll([create])).when(luckyCoup(1, ['8H', '8H', '8D', '8D'])).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['ContributionRecorded', 'LuckyTieDetected']);
      expect(events[1]).toMatchObject({ hitId: 'hit-C1', outcome: 'coloured-lucky-tie', tieWagers: wagers });
    });
  });
  it('13.4.4: the dealer records the hit on the handset; agreeing with the cards, nothing is flagged', () => {
    spec().given(decideAll([create, luckyCoup(1, ['8H', '8H', '8D', '8D'])])).when({ type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'coloured-lucky-tie', now: NOW }).then([
      { type: 'LuckyTieHitRecorded', jackpotId: 'J1', hitId: 'hit-C1', tableId: 'T1', coupId: 'C1', outcome: 'coloured-lucky-tie', sequence: 1, recordedAt: NOW, clause: 'Crown Melbourne 13.4.4; 13.4.7(b)' },
    ]);
  });
  it('13.4.4: a handset outcome that differs from the cards is flagged', () => {
    spec().given(decideAll([create, luckyCoup(1, ['8H', '8H', '8D', '8D'])])).when({ type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }).thenEvents((events) => {
      expect(events[1]).toMatchObject({ type: 'HitMismatchFlagged', kind: 'outcome-differs', detectedOutcome: 'coloured-lucky-tie', recordedOutcome: 'suited-lucky-tie' });
    });
  });
  it('13.4.4: a hit recorded on a coup whose cards are no Lucky Tie is flagged, whichever arrives first', () => {
    const record: JackpotCommand = { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW };
    spec().given(decideAll([create, coup(1)])).when(record).thenEvents((events) => expect(events[1]).toMatchObject({ type: 'HitMismatchFlagged', kind: 'recorded-not-detected' }));
    spec().given(decideAll([create, record])).when(coup(1)).thenEvents((events) => expect(events[1]).toMatchObject({ type: 'HitMismatchFlagged', kind: 'recorded-not-detected' }));
  });
  it('13.4.9(a): a suspended table cannot record a hit and contributes nothing', () => {
    const given = decideAll([create, { type: 'SuspendTable', tableId: 'T1', reason: 'handset fault', now: NOW }]);
    spec().given(given).when({ type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }).thenThrows('TABLE_SUSPENDED', 'Crown Melbourne 13.4.9(a)');
    spec().given(given).when(coup(1)).then([]);
  });
  it('13.4.9(a): a resumed table contributes again', () => {
    const given = decideAll([create, { type: 'SuspendTable', tableId: 'T1', reason: 'handset fault', now: NOW }, { type: 'ResumeTable', tableId: 'T1', reason: 'handset replaced', now: NOW }]);
    spec().given(given).when(coup(1)).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['ContributionRecorded']));
  });
});

describe('Confirmation and payment (Crown Melbourne 13.4.5, 13.4.6, 13.4.7)', () => {
  const suitedHit = (): JackpotCommand[] => [
    create,
    coup(1),
    luckyCoup(2, ['8S', '8S', '8S', '8S']),
    { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C2', outcome: 'suited-lucky-tie', now: NOW },
  ];
  it('13.4.5-13.4.7(a): confirming pays 100% of the rounded meter split equally, and the meter resets to the seed', () => {
    // meter: 100_000 seed + 2 x 50 = 100_100; rounded up to $1 = 100_100.
    spec().given(decideAll(suitedHit())).when({ type: 'ConfirmHit', hitId: 'hit-C2', acknowledgeMismatch: false, reason: null, now: LATER }).thenEvents((events, state) => {
      expect(events.map((e) => e.type)).toEqual(['HitConfirmed', 'JackpotPaid', 'MeterReset']);
      expect(events[0]).toMatchObject({ meterCents: 100_100, roundedMeterCents: 100_100, payoutCents: 100_100, percentOfMeter: 100, notify: 'casino-manager' });
      expect(events[1]).toMatchObject({ totalCents: 100_100, meterBeforeCents: 100_100, meterAfterCents: 0, shares: [expect.objectContaining({ wagerId: 'w1', amountCents: 50_050 }), expect.objectContaining({ wagerId: 'w2', amountCents: 50_050 })] });
      expect(events[2]).toMatchObject({ resetToCents: 100_000, fundedCents: 100_000, meterBeforeCents: 0, meterAfterCents: 100_000 });
      expect(state.meterCents).toBe(100_000);
    });
  });
  it('13.4.7(a): the rounding up is paid by the house, and the reset funds the shortfall', () => {
    const commands = [...suitedHit()];
    commands.splice(2, 0, coup(3, { coupId: 'C3' }), { type: 'AdjustMeter', amountCents: 30, reason: 'test odd cents', now: NOW });
    // meter 100_000 + 50 + 50 + 30 + 50 = 100_180 -> rounded 100_200
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C2', acknowledgeMismatch: false, reason: null, now: LATER }).thenEvents((events) => {
      expect(events[0]).toMatchObject({ meterCents: 100_180, roundedMeterCents: 100_200, payoutCents: 100_200 });
      expect(events[2]).toMatchObject({ meterBeforeCents: -20, fundedCents: 100_020, meterAfterCents: 100_000 });
    });
  });
  it('13.4.6(a)(ii) Table 20: a Coloured Lucky Tie pays its configured 20%, proportionally, and the meter keeps the rest', () => {
    const commands: JackpotCommand[] = [
      { ...create, parameters: { ...params, division: 'proportional' } } as JackpotCommand,
      luckyCoup(1, ['8H', '8D', '8H', '8D']),
      { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'coloured-lucky-tie', now: NOW },
    ];
    // meter 100_050 -> rounded 100_100 -> 20% = 20_020; proportional 1:3
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenEvents((events, state) => {
      expect(events.map((e) => e.type)).toEqual(['HitConfirmed', 'JackpotPaid']);
      expect(events[1]).toMatchObject({ totalCents: 20_020, shares: [expect.objectContaining({ amountCents: 5_005 }), expect.objectContaining({ amountCents: 15_015 })] });
      expect(state.meterCents).toBe(100_050 - 20_020);
    });
  });
  it('13.4.4: a detected Lucky Tie cannot be confirmed until the dealer records it', () => {
    spec().given(decideAll([create, luckyCoup(1, ['8S', '8S', '8S', '8S'])])).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenThrows('HIT_NOT_RECORDED', 'Crown Melbourne 13.4.4');
  });
  it('13.4.4-13.4.5: a mismatch must be acknowledged with a reason; then it pays on the cards', () => {
    const commands: JackpotCommand[] = [create, luckyCoup(1, ['8H', '8D', '8H', '8D']), { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }];
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenThrows('HIT_MISMATCH_UNRESOLVED');
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: true, reason: 'shoe read verified by surveillance', now: LATER }).thenEvents((events) => {
      expect(events[0]).toMatchObject({ outcome: 'coloured-lucky-tie', percentOfMeter: 20, mismatchAcknowledged: true });
    });
  });
  it('13.4.7(b): hits in a group are settled in the order the dealers recorded them, each from the meter as it then stands', () => {
    const commands: JackpotCommand[] = [
      create,
      luckyCoup(1, ['8S', '8S', '8S', '8S']),
      luckyCoup(2, ['8H', '8S', '8D', '8C'], { tableId: 'T2', coupId: 'D1', shoeId: 'S9' }),
      { type: 'RecordLuckyTieHit', tableId: 'T2', coupId: 'D1', outcome: 'non-coloured-lucky-tie', now: NOW },
      { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW },
    ];
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenThrows('HIT_OUT_OF_SEQUENCE', 'Crown Melbourne 13.4.7(b)');
    // first the T2 non-coloured 10% from 100_100, then the T1 suited 100% of what is left
    const first = decideAll([...commands, { type: 'ConfirmHit', hitId: 'hit-D1', acknowledgeMismatch: false, reason: null, now: LATER }]);
    const paidFirst = first.filter((e) => e.type === 'JackpotPaid');
    expect(paidFirst).toEqual([expect.objectContaining({ hitId: 'hit-D1', totalCents: 10_010, meterAfterCents: 90_090 })]);
    spec().given(first).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenEvents((events) => {
      expect(events[1]).toMatchObject({ type: 'JackpotPaid', totalCents: 90_100, meterBeforeCents: 90_090 });
    });
  });
  it('13.4.6(a): a Lucky Tie with no Tie wager pays nobody and leaves the pool', () => {
    const commands: JackpotCommand[] = [create, luckyCoup(1, ['8S', '8S', '8S', '8S'], { tieWagers: [] }), { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }];
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenEvents((events, state) => {
      expect(events.map((e) => e.type)).toEqual(['HitConfirmed', 'JackpotPaid']);
      expect(events[1]).toMatchObject({ totalCents: 0, shares: [] });
      expect(state.meterCents).toBe(100_050);
    });
  });
  it('a paid hit cannot be confirmed twice', () => {
    const commands: JackpotCommand[] = [create, luckyCoup(1, ['8S', '8S', '8S', '8S']), { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }, { type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }];
    spec().given(decideAll(commands)).when({ type: 'ConfirmHit', hitId: 'hit-C1', acknowledgeMismatch: false, reason: null, now: LATER }).thenThrows('HIT_CLOSED');
  });
  it('13.4.1: voiding a coup with a pending hit reverses the contribution and dismisses the hit', () => {
    const commands: JackpotCommand[] = [create, luckyCoup(1, ['8S', '8S', '8S', '8S'])];
    spec().given(decideAll(commands)).when({ type: 'ReverseContribution', tableId: 'T1', shoeId: 'S1', coupId: 'C1', reason: 'excess card', sourceEventId: 'v', now: LATER }).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['ContributionReversed', 'HitDismissed']);
    });
  });
});

describe("Meter integrity (1.1 'Jackpot Management Console', 13.4.9(b))", () => {
  it('an adjustment is recorded with its reason and may not take the pool below zero', () => {
    spec().given(decideAll([create])).when({ type: 'AdjustMeter', amountCents: -100_001, reason: 'x', now: NOW }).thenThrows('METER_WOULD_BE_NEGATIVE');
    spec().given(decideAll([create])).when({ type: 'AdjustMeter', amountCents: -500, reason: 'correct mis-keyed seed', now: NOW }).then([
      { type: 'MeterAdjusted', jackpotId: 'J1', amountCents: -500, reason: 'correct mis-keyed seed', adjustedAt: NOW, meterBeforeCents: 100_000, meterAfterCents: 99_500, clause: "Crown Melbourne 1.1 'Jackpot Management Console'" },
    ]);
  });
  it('no adjustment while a recorded hit awaits confirmation', () => {
    const commands: JackpotCommand[] = [create, luckyCoup(1, ['8S', '8S', '8S', '8S']), { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C1', outcome: 'suited-lucky-tie', now: NOW }];
    spec().given(decideAll(commands)).when({ type: 'AdjustMeter', amountCents: 500, reason: 'x', now: NOW }).thenThrows('ADJUSTMENT_DURING_HIT');
  });
  it('13.4.9(b): backfills the contributions of coups the faulty shoe did not record, and those coups never count twice', () => {
    const backfill: JackpotCommand = { type: 'BackfillContributions', tableId: 'T1', shoeId: 'S1', coupCount: 3, coupIds: ['C7', 'C8', 'C9'], reason: 'shoe fault 10:02-10:09', now: NOW };
    spec().given(decideAll([create])).when(backfill).then([
      { type: 'ContributionsBackfilled', jackpotId: 'J1', tableId: 'T1', shoeId: 'S1', coupCount: 3, coupIds: ['C7', 'C8', 'C9'], amountCents: 150, reason: 'shoe fault 10:02-10:09', backfilledAt: NOW, meterBeforeCents: 100_000, meterAfterCents: 100_150, clause: 'Crown Melbourne 13.4.9(b)' },
    ]);
    spec().given(decideAll([create, backfill])).when(coup(8, { coupId: 'C8' })).then([]);
    spec().given(decideAll([create, coup(8, { coupId: 'C8' })])).when(backfill).thenThrows('COUP_ALREADY_RECORDED');
  });
  it('the meter always equals seed + contributions - reversals + backfills - payouts + adjustments + reset funding', () => {
    const events = decideAll([
      create,
      ...Array.from({ length: 20 }, (_, i) => coup(i + 1)),
      { type: 'ReverseContribution', tableId: 'T1', shoeId: 'S1', coupId: 'C3', reason: 'void', sourceEventId: 'v3', now: NOW },
      { type: 'AdjustMeter', amountCents: 1234, reason: 'r', now: NOW },
      { type: 'BackfillContributions', tableId: 'T2', shoeId: 'S9', coupCount: 4, coupIds: ['D1', 'D2', 'D3', 'D4'], reason: 'shoe fault', now: NOW },
      luckyCoup(30, ['8S', '8S', '8S', '8S']),
      { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C30', outcome: 'suited-lucky-tie', now: NOW },
      { type: 'ConfirmHit', hitId: 'hit-C30', acknowledgeMismatch: false, reason: null, now: NOW },
      coup(31),
    ]);
    let sum = 0;
    for (const e of events) {
      if ('meterBeforeCents' in e) expect(e.meterBeforeCents).toBe(sum);
      if (e.type === 'JackpotCreated') sum += e.parameters.seedCents;
      if (e.type === 'ContributionRecorded' || e.type === 'ContributionsBackfilled' || e.type === 'MeterAdjusted') sum += e.amountCents;
      if (e.type === 'ContributionReversed') sum -= e.amountCents;
      if (e.type === 'JackpotPaid') sum -= e.totalCents;
      if (e.type === 'MeterReset') sum += e.fundedCents;
      if ('meterAfterCents' in e) expect(e.meterAfterCents).toBe(sum);
    }
    expect(stateAfter([]).meterCents).toBe(0);
    expect(events.reduce(jackpotDecider.evolve, jackpotDecider.initialState()).meterCents).toBe(sum);
    expect(sum).toBe(100_050);
  });
});

describe('Exactly once across shoes (Crown Melbourne 13.4.1, 13.4.2, 13.4.9(b))', () => {
  const voidOf = (coupId: string, shoeId: string, over: Partial<JackpotCommand> = {}): JackpotCommand =>
    ({ type: 'ReverseContribution', tableId: 'T1', shoeId, coupId, reason: 'foreign card (15.3)', sourceEventId: `void-${shoeId}-${coupId}`, now: LATER, ...over }) as JackpotCommand;
  const backfill = (shoeId: string, coupIds: string[]): JackpotCommand => ({ type: 'BackfillContributions', tableId: 'T1', shoeId, coupCount: coupIds.length, coupIds, reason: 'dealing shoe fault', now: LATER });
  /** Coups 1-3 on the faulty shoe S1, which was replaced by S2 (coup 4). */
  const shoeReplaced = (): JackpotCommand[] => [create, coup(1), coup(2), coup(3), coup(4, { shoeId: 'S2' })];

  it('13.4.9(b): a backfill after the faulty shoe was replaced cannot count a coup of that shoe again', () => {
    spec().given(decideAll(shoeReplaced())).when(backfill('S1', ['C2', 'C9'])).thenThrows('COUP_ALREADY_RECORDED', 'Crown Melbourne 13.4.9(b)');
    spec().given(decideAll(shoeReplaced())).when(backfill('S1', ['C9'])).thenEvents((events, state) => {
      expect(events).toEqual([expect.objectContaining({ type: 'ContributionsBackfilled', shoeId: 'S1', coupIds: ['C9'], amountCents: 50 })]);
      expect(state.meterCents).toBe(100_000 + 5 * 50);
    });
  });
  it('13.4.9(b): the completion of a backfilled coup that arrives later does not contribute again', () => {
    spec().given(decideAll([...shoeReplaced(), backfill('S1', ['C9'])])).when(coup(9)).then([]);
  });
  it('13.4.9(b): a backfill lists the rounds not recorded, one coup id each, and names their shoe', () => {
    spec().given(decideAll(shoeReplaced())).when(backfill('S1', [])).thenThrows('BACKFILL_COUNT_INVALID');
    spec().given(decideAll(shoeReplaced())).when({ ...backfill('S1', ['C9']), coupCount: 2 } as JackpotCommand).thenThrows('BACKFILL_COUPS_INVALID', 'Crown Melbourne 13.4.9(b)');
    spec().given(decideAll(shoeReplaced())).when({ ...backfill('S1', ['C8', 'C9']), coupIds: [] } as JackpotCommand).thenThrows('BACKFILL_COUPS_INVALID');
    spec().given(decideAll(shoeReplaced())).when(backfill('', ['C9'])).thenThrows('BACKFILL_SHOE_MISSING');
  });
  it('13.4.1: a late void of a coup from the previous shoe takes its contribution back, and the current shoe still counts each coup once', () => {
    spec().given(decideAll(shoeReplaced())).when(voidOf('C2', 'S1')).thenEvents((events, state) => {
      expect(events).toEqual([expect.objectContaining({ type: 'ContributionReversed', shoeId: 'S1', coupId: 'C2', amountCents: 50, meterBeforeCents: 100_200, meterAfterCents: 100_150 })]);
      expect(state.meterCents).toBe(100_150);
    });
    spec().given(decideAll([...shoeReplaced(), voidOf('C2', 'S1')])).when(coup(4, { shoeId: 'S2', sourceEventId: 'republished' })).then([]);
    spec().given(decideAll([...shoeReplaced(), voidOf('C2', 'S1')])).when(voidOf('C2', 'S1', { sourceEventId: 'again' })).then([]);
  });
  it('13.4.1: a late void of a backfilled coup takes the backfilled contribution back', () => {
    spec().given(decideAll([...shoeReplaced(), backfill('S1', ['C9'])])).when(voidOf('C9', 'S1')).thenEvents((events) => {
      expect(events).toEqual([expect.objectContaining({ type: 'ContributionReversed', coupId: 'C9', amountCents: 50 })]);
    });
  });
  it('the same coup id on another shoe is another coup', () => {
    spec().given(decideAll(shoeReplaced())).when(coup(1, { shoeId: 'S2' })).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['ContributionRecorded']));
  });
  it(`keeps the coups of the last ${KEPT_SHOES_PER_TABLE} shoes of a table and only the ids of ${FORGOTTEN_SHOES_PER_TABLE} before them`, () => {
    const commands: JackpotCommand[] = [create];
    for (let shoe = 1; shoe <= 150; shoe++) for (let n = 1; n <= 3; n++) commands.push(coup(n, { shoeId: `S${shoe}`, sourceEventId: `ev-${shoe}-${n}` }));
    const state = stateAfter(commands);
    expect(state.tables.T1.shoes.map((s) => s.shoeId)).toEqual(['S147', 'S148', 'S149', 'S150']);
    expect(state.tables.T1.forgottenShoeIds).toHaveLength(FORGOTTEN_SHOES_PER_TABLE);
    expect(state.meterCents).toBe(100_000 + 450 * 50);
  });
  it('15.10: a shoe the jackpot no longer keeps is never counted twice: its coups are flagged for the TG Area Manager, its backfill refused', () => {
    const commands: JackpotCommand[] = [create, coup(1)];
    for (let shoe = 2; shoe <= KEPT_SHOES_PER_TABLE + 1; shoe++) commands.push(coup(1, { shoeId: `S${shoe}`, sourceEventId: `ev-${shoe}` }));
    const given = decideAll(commands);
    spec().given(given).when(coup(1, { sourceEventId: 'republished' })).then([
      expect.objectContaining({ type: 'JackpotAttentionFlagged', kind: 'forgotten-shoe', shoeId: 'S1', coupId: 'C1', amountCents: 50, notify: 'area-manager' }) as unknown as JackpotEvent,
    ]);
    spec().given(given).when(voidOf('C1', 'S1')).thenEvents((events, state) => {
      expect(events).toEqual([expect.objectContaining({ type: 'JackpotAttentionFlagged', kind: 'forgotten-shoe', coupId: 'C1' })]);
      expect(state.meterCents).toBe(100_000 + (KEPT_SHOES_PER_TABLE + 1) * 50);
    });
    spec().given(given).when(backfill('S1', ['C9'])).thenThrows('BACKFILL_SHOE_FORGOTTEN', 'Crown Melbourne 13.4.9(b)');
  });
});

describe('Voids after the meter moved on (Crown Melbourne 13.4.1, 15.5, 15.10)', () => {
  const voidIt = (coupId: string): JackpotCommand => ({ type: 'ReverseContribution', tableId: 'T1', shoeId: 'S1', coupId, reason: 'card found face up (15.3)', sourceEventId: `void-${coupId}`, now: LATER });
  const paidSuitedHit = (seedCents: number): JackpotCommand[] => [
    { ...create, parameters: { ...params, seedCents } } as JackpotCommand,
    coup(1),
    luckyCoup(2, ['8S', '8S', '8S', '8S']),
    { type: 'RecordLuckyTieHit', tableId: 'T1', coupId: 'C2', outcome: 'suited-lucky-tie', now: NOW },
    { type: 'ConfirmHit', hitId: 'hit-C2', acknowledgeMismatch: false, reason: null, now: NOW },
  ];

  it('13.4.1: a reversal never takes the meter below zero; what it cannot take back is recorded and flagged for the TG Area Manager', () => {
    // Seed 0: the 100% payout empties the pool and the reset leaves it at 0; then coup 1 is voided.
    const given = decideAll(paidSuitedHit(0));
    expect(given.reduce(jackpotDecider.evolve, jackpotDecider.initialState()).meterCents).toBe(0);
    spec().given(given).when(voidIt('C1')).thenEvents((events, state) => {
      expect(events).toEqual([
        expect.objectContaining({ type: 'ContributionReversed', coupId: 'C1', amountCents: 0, shortfallCents: 50, meterBeforeCents: 0, meterAfterCents: 0 }),
        expect.objectContaining({ type: 'JackpotAttentionFlagged', kind: 'reversal-shortfall', coupId: 'C1', amountCents: 50, notify: 'area-manager' }),
      ]);
      expect(state.meterCents).toBe(0);
      expect(state.attention).toEqual([expect.objectContaining({ kind: 'reversal-shortfall' })]);
    });
  });
  it('13.4.1: a reversal takes back what the pool holds when it holds less than the contribution', () => {
    const given = decideAll([...paidSuitedHit(0), coup(3)]);
    spec().given(given).when(voidIt('C1')).thenEvents((events, state) => {
      expect(events[0]).toMatchObject({ type: 'ContributionReversed', amountCents: 50, shortfallCents: 0, meterBeforeCents: 50, meterAfterCents: 0 });
      expect(events).toHaveLength(1);
      expect(state.meterCents).toBe(0);
    });
  });
  it('15.5: a coup voided after its Lucky Tie was paid: the contribution is taken back, the payout stands and is flagged for management', () => {
    const given = decideAll(paidSuitedHit(100_000));
    const paid = given.find((e) => e.type === 'JackpotPaid');
    expect(paid).toMatchObject({ totalCents: 100_100 });
    spec().given(given).when(voidIt('C2')).thenEvents((events, state) => {
      expect(events).toEqual([
        expect.objectContaining({ type: 'ContributionReversed', coupId: 'C2', amountCents: 50, meterBeforeCents: 100_000, meterAfterCents: 99_950 }),
        expect.objectContaining({ type: 'JackpotAttentionFlagged', kind: 'voided-after-payout', coupId: 'C2', hitId: 'hit-C2', amountCents: 100_100, notify: 'area-manager', clause: 'Crown Melbourne 15.5; 13.4.5; 15.10' }),
      ]);
      expect(state.hits['hit-C2'].status).toBe('paid');
      expect(state.meterCents).toBe(99_950);
    });
    spec().given(decideAll([...paidSuitedHit(100_000), voidIt('C2')])).when({ ...voidIt('C2'), sourceEventId: 'republished' } as JackpotCommand).then([]);
  });
});

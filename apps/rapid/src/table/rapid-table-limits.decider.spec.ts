import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import { DomainError } from '@app/contracts';
import { LIMITS, openTable } from '../test-support/rapid-fixtures';
import { refusalAsSent } from '../http/rapid-limits';
import type { RapidLimitsDto } from '../http/rapid.dto';
import { rapidTableDecider, type OpenRapidTable } from './rapid-table.decider';

type Limits = OpenRapidTable['limits'];
const refusal = (over: Partial<OpenRapidTable>): DomainError => {
  try {
    rapidTableDecider.decide(openTable('T1', over), rapidTableDecider.initialState());
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('the table opened');
};
const withLimits = (limits: Partial<Limits>, over: Partial<OpenRapidTable> = {}) => refusal({ limits: { ...LIMITS, ...limits } as Limits, ...over });
const opens = (over: Partial<OpenRapidTable>) => expect(rapidTableDecider.decide(openTable('T1', over), rapidTableDecider.initialState())[0]).toMatchObject({ type: 'RapidTableOpened' });
const CHIPS = CROWN_MELBOURNE_RAPID_ATS.chips;

describe('Rapid 5.3: a table\'s limits are wagers the ATS chips can make', () => {
  it('Rapid 5.3.1: a minimum no sum of the ATS chips makes is refused naming the minimum, the clause and the chips', () => {
    const e = withLimits({ player: { minCents: 1, maxCents: 500_000, incrementCents: 1 } });
    expect(e).toMatchObject({ kind: 'rule', code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.player.min' });
    expect(e.clause).toContain('Rapid 5.3.1');
    expect(e.clause).toContain(CHIPS.clause);
    expect(e.message).toMatch(/\$5, \$10, \$25, \$100/);
    expect(e.message).toMatch(/send/);
    // The minimum as the request sent it, in the tables' shape.
    const perBet: RapidLimitsDto = { perBet: [{ bet: 'player', minimumCents: 1, maximumCents: 500_000, incrementCents: 1 }] };
    expect(refusalAsSent(e, perBet)).toMatchObject({ field: 'limits.perBet[0].minimumCents' });
  });

  it('Rapid 5.3.1: minimums of 750 and 700 are refused, whatever their step', () => {
    expect(withLimits({ player: { minCents: 750, maxCents: 500_000, incrementCents: 250 } })).toMatchObject({ code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.player.min' });
    expect(withLimits({ banker: { minCents: 700, maxCents: 500_000, incrementCents: 700 } })).toMatchObject({ code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.banker.min' });
  });

  it('Rapid 5.3.2(a): a step no sum of the chips makes leaves permitted wagers the ATS cannot show: refused naming the step', () => {
    const e = withLimits({ banker: { minCents: 1_000, maxCents: 500_000, incrementCents: 300 } });
    expect(e).toMatchObject({ kind: 'rule', code: 'STEP_NOT_MADE_WITH_CHIPS', field: 'limits.banker.incrementCents' });
    expect(e.clause).toContain('Rapid 5.3.2');
    expect(e.message).toMatch(/send/);
  });

  it('Rapid 5.3.2(b): a maximum that is not a permitted wager (the minimum plus whole steps) is refused naming the maximum and the permitted wagers either side', () => {
    const e = withLimits({ player: { minCents: 1_000, maxCents: 100_300, incrementCents: 500 } });
    expect(e).toMatchObject({ kind: 'rule', code: 'MAXIMUM_NOT_A_PERMITTED_WAGER', field: 'limits.player.max' });
    expect(e.clause).toContain('Rapid 5.3.2');
    expect(e.message).toContain('100000');
    expect(e.message).toContain('100500');
  });

  it('Rapid 5.3.3: a permitted aggregate above what the highest permitted wagers of every offered bet add up to could never be reached: refused naming aggregateMinimumCents', () => {
    const twenty = { minCents: 1_000, maxCents: 2_000, incrementCents: 500 };
    const limits = Object.fromEntries(Object.keys(LIMITS).map((bet) => [bet, twenty])) as Limits;
    const e = refusal({ limits, aggregateMinimumCents: 9_999_900 });
    expect(e).toMatchObject({ kind: 'rule', code: 'AGGREGATE_UNREACHABLE', field: 'aggregateMinimumCents' });
    expect(e.clause).toContain('Rapid 5.3.3');
    expect(e.message).toMatch(/send/);
    opens({ limits, aggregateMinimumCents: 2_000 });
  });

  it('Rapid 5.3.3 with 5.3.1-5.3.2: a permitted aggregate no sum of the ATS chips makes is refused naming aggregateMinimumCents, the clauses and the chips', () => {
    const e = refusal({ aggregateMinimumCents: 1_234 });
    expect(e).toMatchObject({ kind: 'rule', code: 'AGGREGATE_NOT_MADE_WITH_CHIPS', field: 'aggregateMinimumCents' });
    expect(e.clause).toContain('Rapid 5.3.3');
    expect(e.clause).toContain(CHIPS.clause);
    expect(e.message).toMatch(/\$5, \$10, \$25, \$100/);
    expect(e.message).toMatch(/send .*1000|send .*1500/);
    opens({ aggregateMinimumCents: 1_500 });
  });

  it('Rapid 5.3: limits the chips make, consistent with each other, open the table', () => {
    opens({ limits: { ...LIMITS, banker: { minCents: 2_500, maxCents: 102_500, incrementCents: 2_500 } }, aggregateMinimumCents: 3_000 });
  });
});

import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import type { DomainError } from '@app/contracts';
import { at, DEALER, openTable, OUTCOMES } from '../test-support/rapid-fixtures';
import { rapidTableDecider, type RapidTableCommand } from './rapid-table.decider';
import type { RapidTableEvent, RapidTableState } from './rapid-table.events';

const HELD = CROWN_MELBOURNE_RAPID_ATS.sgc.roundsHeld;
const play = (rounds: number): RapidTableState => {
  let state = rapidTableDecider.initialState();
  const apply = (c: RapidTableCommand) => {
    state = rapidTableDecider.decide(c, state).reduce((s: RapidTableState, e: RapidTableEvent) => rapidTableDecider.evolve(s, e), state);
  };
  apply(openTable('T1'));
  for (let n = 1; n <= rounds; n++) {
    const roundId = `R${n}`;
    apply({ type: 'StartRound', roundId, actor: DEALER, now: at(100 * n) });
    apply({ type: 'CloseWagering', roundId, actor: DEALER, now: at(100 * n + 5) });
    apply({ type: 'EnterOutcome', roundId, ...OUTCOMES.bankerWins, actor: DEALER, now: at(100 * n + 6) });
    apply({ type: 'RecordRoundSettled', roundId, accounts: [], actor: DEALER, now: at(100 * n + 6) });
  }
  return state;
};
const freeze = (roundId: string, now: string): RapidTableCommand => ({ type: 'FreezeAccounts', roundId, reason: 'wrong outcome entered', actor: DEALER, now });
const refusal = (state: RapidTableState, c: RapidTableCommand): DomainError => {
  try {
    rapidTableDecider.decide(c, state);
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
};

describe('Rapid 11.11, 11.12, 13.9: the rounds the SGC holds, as the rulebook data states them', () => {
  it('Rapid 11.11, 11.12, 13.9: the rulebook data states the window, its clauses and why', () => {
    expect(HELD).toMatchObject({ count: expect.any(Number), clause: 'Rapid 11.11; 11.12; 13.9' });
    expect(HELD.count).toBeGreaterThan(0);
    expect(HELD.why).toMatch(/Casino Supervisor/);
  });

  it('Rapid 11.11, 11.12, 13.9: a Dealer acting on a round older than the window is refused 409 ROUND_NO_LONGER_HELD citing the window\'s clauses and naming roundId', () => {
    const rounds = HELD.count + 2;
    const e = refusal(play(rounds), freeze('R1', at(100 * rounds + 50)));
    expect(e).toMatchObject({ kind: 'conflict', code: 'ROUND_NO_LONGER_HELD', clause: HELD.clause, field: 'roundId' });
    expect(e.message).toContain(`last ${HELD.count} rounds`);
  });

  it('Rapid 11.11, 11.12, 13.9: the window is read from the rulebook data, not fixed in code', () => {
    const held = HELD as { count: number };
    const count = held.count;
    try {
      held.count = 2;
      const state = play(4);
      expect(Object.keys(state.recentRounds).sort()).toEqual(['R3', 'R4']);
      expect(refusal(state, freeze('R2', at(450)))).toMatchObject({ code: 'ROUND_NO_LONGER_HELD', message: expect.stringContaining('last 2 rounds (rounds 3-4)') });
      expect(rapidTableDecider.decide(freeze('R3', at(450)), state)[0]).toMatchObject({ type: 'RapidAccountsFrozen' });
    } finally {
      held.count = count;
    }
  });
});

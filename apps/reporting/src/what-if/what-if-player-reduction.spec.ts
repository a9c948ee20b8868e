import { REDUCTION_BANKER_ROW, REDUCTION_FROM, REDUCTION_PLAYER_ROW, REDUCTION_TABLE, REDUCTION_TO, playerReductionPlay } from '../../../../test/reporting/support/player-reduction-play';
import { publishedTableEvents } from '../../../../test/reporting/support/stored-table-events';
import { recordedPlay } from './recorded-play';
import { whatIf, type WhatIfAnswer } from './what-if';

const day = (changes: Parameters<typeof whatIf>[1] = []): WhatIfAnswer => {
  const events = playerReductionPlay();
  expect(events.filter((e) => e.type === 'WagerReduced')).toHaveLength(4);
  expect(events.filter((e) => e.type === 'WagerRetracted')).toHaveLength(1);
  return whatIf([recordedPlay(REDUCTION_TABLE, publishedTableEvents(REDUCTION_TABLE, events), REDUCTION_FROM, REDUCTION_TO)], changes, REDUCTION_FROM, REDUCTION_TO);
};
const row = (a: WhatIfAnswer, bet: string) => a.tables[0].bets.find((b) => b.bet === bet)!;
const money = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent }: WhatIfAnswer['total']['actual']) => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent });

describe('Crown Melbourne 10.7(b): a wager the player reduced is replayed at what stood; the no-change what-if equals the table\'s statistics', () => {
  it('with no change the what-if equals the actual to the cent on a table where players reduced and retracted wagers, nothing set apart (10.7(b); 10.9.1(b), (d))', () => {
    const a = day();
    for (const b of a.tables[0].bets) {
      expect({ bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ bet: b.bet, refused: 0, notReplayed: 0 });
      expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(b.actual) });
    }
    expect(money(a.total.whatIf)).toEqual(money(a.total.actual));
  });

  it('counts what stood of a reduced wager, the last reduction where there were two, and a retracted wager not at all', () => {
    const a = day();
    expect(money(row(a, 'player').whatIf)).toEqual(REDUCTION_PLAYER_ROW);
    expect(money(row(a, 'banker').whatIf)).toEqual(REDUCTION_BANKER_ROW);
  });

  it('settles a reduced wager at what stood under a changed configuration too (a Banker paid 1 to 1 less 5% at the Crown Baccarat variant)', () => {
    const banker = row(day([{ variant: 'crown-baccarat' }, { bet: 'banker', option: 'crown' }]), 'banker');
    expect(banker.notReplayed.wagers).toBe(0);
    expect(banker.whatIf.turnoverCents).toBe(REDUCTION_BANKER_ROW.turnoverCents);
  });
});

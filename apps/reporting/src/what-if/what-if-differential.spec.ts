import { DIFFERENTIAL_FROM, DIFFERENTIAL_PLAYER_ROW, DIFFERENTIAL_TABLE, DIFFERENTIAL_TO, differentialPlay } from '../../../../test/reporting/support/differential-play';
import { publishedTableEvents } from '../../../../test/reporting/support/stored-table-events';
import { recordedPlay } from './recorded-play';
import { whatIf, type WhatIfAnswer } from './what-if';

const day = (changes: Parameters<typeof whatIf>[1] = []): WhatIfAnswer => {
  const events = differentialPlay();
  expect(events.filter((e) => e.type === 'WagersReducedToDifferential')).toHaveLength(2);
  return whatIf([recordedPlay(DIFFERENTIAL_TABLE, publishedTableEvents(DIFFERENTIAL_TABLE, events), DIFFERENTIAL_FROM, DIFFERENTIAL_TO)], changes, DIFFERENTIAL_FROM, DIFFERENTIAL_TO);
};
const row = (a: WhatIfAnswer, bet: string) => a.tables[0].bets.find((b) => b.bet === bet)!;
const money = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent }: WhatIfAnswer['total']['actual']) => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent });

describe('Crown Melbourne 6.4 and 6.5: a reduction to the table differential and an arrangement over it are replayed as the table settled them', () => {
  it('with no change the what-if equals the actual to the cent on a table with a 6.5 arrangement and a 6.4 reduction, nothing set apart', () => {
    const a = day();
    for (const b of a.tables[0].bets) {
      expect({ bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ bet: b.bet, refused: 0, notReplayed: 0 });
      expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(b.actual) });
    }
    expect(money(a.total.whatIf)).toEqual(money(a.total.actual));
  });

  it('counts as turnover of a reduced wager the amount that stood, not the amount placed (Crown Melbourne 6.4; 6.3.2)', () => {
    const player = row(day(), 'player');
    expect(money(player.actual)).toEqual(DIFFERENTIAL_PLAYER_ROW);
    expect(money(player.whatIf)).toEqual(DIFFERENTIAL_PLAYER_ROW);
  });

  it('refuses, never guesses, an arranged wager under a variant the arrangement is not made in (Crown Melbourne 6.5: Traditional Baccarat only)', () => {
    const player = row(day([{ variant: 'crown-baccarat' }, { bet: 'banker', option: 'crown' }]), 'player');
    expect(player.refused).toEqual({ wagers: 1, amountCents: 300000, reasons: { 'no arrangement over the table differential in crown-baccarat (Crown Melbourne 6.5; 6.5.1; 6.5.2)': 1 } });
    expect(player.whatIf.turnoverCents).toBe(400000);
  });
});

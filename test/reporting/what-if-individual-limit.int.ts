import { publishedTableEvents } from './support/stored-table-events';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { AREA_MANAGER, DEALER, T0, deal, openCrown, play, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import { recordedPlay } from '../../apps/reporting/src/what-if/recorded-play';
import { whatIf, type WhatIfAnswer } from '../../apps/reporting/src/what-if/what-if';

const FROM = '2025-09-01T00:00:00.000Z';
const TO = '2025-09-02T00:00:00.000Z';
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
/**
 * Box 1's player has an individual maximum of 20,000.00 (Crown Melbourne 6.6) and wagers 10,000.00 on the Banker,
 * over the table's 5,000.00 maximum; box 2 wagers 1,000.00 on the Player.
 */
const place = (coupId: string): TableCommand => ({
  type: 'PlaceWagers', actor: DEALER, now: T0, coupId,
  wagers: [
    { wagerId: `${coupId}-over`, box: 1, bet: 'banker', amountCents: 1000000 },
    { wagerId: `${coupId}-p`, box: 2, bet: 'player', amountCents: 100000 },
  ],
});
const events = play([
  openCrown(),
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 2, sessionId: 'bo', patronId: 'patron-bo' },
  { type: 'SetIndividualLimit', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 2000000 },
  ...readyShoe(),
  // c1: the Banker wins (Player 5, Banker 9); c2: the Player wins (Player 9, Banker 5).
  start('c1'), place('c1'), ...deal('c1', ['2C', '9H', '3S', 'KD']),
  start('c2'), place('c2'), ...deal('c2', ['9H', '2C', 'KD', '3S']),
]);
const day = (changes: Parameters<typeof whatIf>[1] = []): WhatIfAnswer => whatIf([recordedPlay('T1', publishedTableEvents('T1', events), FROM, TO)], changes, FROM, TO);
const money = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents }: WhatIfAnswer['total']['actual']) => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents });
const banker = (a: WhatIfAnswer) => a.tables[0].bets.find((b) => b.bet === 'banker')!;

describe('Crown Melbourne 6.6: a wager standing under a player\'s individual maximum is replayed in full; the no-change what-if equals the actual', () => {
  it('the table settled the wager over its maximum in full, and the what-if, with no change, sets nothing apart and equals the actual to the cent', () => {
    const settled = events.flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).find((x) => x.wagerId === 'c1-over');
    expect(settled).toMatchObject({ outcome: 'win', inPlayCents: 1000000, winCents: 1000000, commissionImmediateCents: 50000 });
    const a = day();
    for (const b of a.tables[0].bets) {
      expect({ bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ bet: b.bet, refused: 0, notReplayed: 0 });
      expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(b.actual) });
    }
    // Two Banker wagers of 10,000.00 in full: one won 10,000.00 less 5% commission, one lost.
    expect(money(banker(a).whatIf)).toEqual({ wagers: 2, turnoverCents: 2000000, paidCents: 1000000, commissionCents: 50000, houseWinCents: 50000 });
  });

  it('a what-if that lowers the table maximum keeps the individual maximum agreed with the player: the wager stands in full', () => {
    const b = banker(day([{ bet: 'banker', maximumCents: 300000 }]));
    expect({ refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ refused: 0, notReplayed: 0 });
    expect(money(b.whatIf)).toEqual(money(b.actual));
  });

});

import { publishedTableEvents } from './support/stored-table-events';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { DEALER, T0, deal, openCrown, play, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import { recordedPlay } from '../../apps/reporting/src/what-if/recorded-play';
import { whatIf, type WhatIfAnswer } from '../../apps/reporting/src/what-if/what-if';

const FROM = '2025-09-01T00:00:00.000Z';
const TO = '2025-09-02T00:00:00.000Z';
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
/** Box 1 wagers 10.00 on the Player, under its 25.00 minimum, and box 2 100.00 on the Banker. */
const place = (coupId: string): TableCommand => ({
  type: 'PlaceWagers', actor: DEALER, now: T0, coupId,
  wagers: [{ wagerId: `${coupId}-under`, box: 1, bet: 'player', amountCents: 1000 }, { wagerId: `${coupId}-b`, box: 2, bet: 'banker', amountCents: 10000 }],
});
/** c1: the first wager under the minimum is settled and its owner warned; c2: the further one is returned whatever the result (Crown Melbourne 6.3.1). */
const events = play([
  openCrown(),
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 2, sessionId: 'bo', patronId: 'patron-bo' },
  ...readyShoe(),
  start('c1'), place('c1'), ...deal('c1', ['9H', '2C', 'KD', '3S']),
  start('c2'), place('c2'), ...deal('c2', ['9H', '2C', 'KD', '3S']),
]);
const day = (changes: Parameters<typeof whatIf>[1] = []): WhatIfAnswer => whatIf([recordedPlay('T1', publishedTableEvents('T1', events), FROM, TO)], changes, FROM, TO);
const money = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents }: WhatIfAnswer['total']['actual']) => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents });

describe('Crown Melbourne 6.3.1: a further wager under the minimum, returned regardless of the result, is replayed as returned; the no-change what-if equals the actual', () => {
  it('the table returned the further wager (its settlement is void) and the what-if, with no change, sets nothing apart and equals the actual to the cent', () => {
    const returned = events.flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).find((x) => x.wagerId === 'c2-under');
    expect(returned).toMatchObject({ outcome: 'void', returnedCents: 1000, clause: 'Crown Melbourne 6.3.1' });
    const a = day();
    for (const b of a.tables[0].bets) {
      expect({ bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ bet: b.bet, refused: 0, notReplayed: 0 });
      expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(b.actual) });
    }
    // The Player row: the first wager under the minimum, paid 10.00; the further one returned is no wager.
    expect(money(a.tables[0].bets.find((b) => b.bet === 'player')!.whatIf)).toEqual({ wagers: 1, turnoverCents: 1000, paidCents: 1000, commissionCents: 0, houseWinCents: -1000 });
  });

  it('a returned wager stays returned under another configuration: it never stood', () => {
    const player = day([{ variant: 'crown-baccarat' }, { bet: 'banker', option: 'crown' }]).tables[0].bets.find((b) => b.bet === 'player')!;
    expect({ wagers: player.whatIf.wagers, notReplayed: player.notReplayed.wagers }).toEqual({ wagers: 1, notReplayed: 0 });
  });

  it("Crown Melbourne 6.3.1 in a what-if: a raised minimum settles the owner's first wager under it and refuses the further one, returned regardless of the result", () => {
    // Bo's 100.00 Banker wagers fall under a 150.00 minimum: c1's is paid or collected after the result, c2's returned.
    const banker = day([{ bet: 'banker', minimumCents: 15000 }]).tables[0].bets.find((b) => b.bet === 'banker')!;
    expect(banker.refused).toEqual({ wagers: 1, amountCents: 10000, reasons: { 'a further wager under the minimum, returned regardless of the result (Crown Melbourne 6.3.1)': 1 } });
    expect(money(banker.whatIf)).toMatchObject({ wagers: 1, turnoverCents: 10000 });
  });
});

/** Coup n of the day, a minute apart from T0: its start, wagers and deal at that minute. */
const at = (n: number): string => new Date(Date.parse(T0) + n * 60_000).toISOString();
const coupAt = (n: number, wagers: { box: number; bet: string; amountCents: number }[]): TableCommand[] => [
  { type: 'StartCoup', actor: DEALER, now: at(n), coupId: `c${n}` },
  ...(wagers.length > 0 ? [{ type: 'PlaceWagers', actor: DEALER, now: at(n), coupId: `c${n}`, wagers: wagers.map((w) => ({ wagerId: `c${n}-box${w.box}`, ...w })) } as TableCommand] : []),
  ...deal(`c${n}`, ['9H', '2C', 'KD', '3S'], DEALER, at(n)),
];
/**
 * Box 1 (Ann): 10.00 on the Player in c1 (under the 25.00 minimum: settled, advised) and c2 (returned), 300.00 in c7.
 * Box 2 (Bo): 300.00 on the Banker in c1 and c7, under no minimum the table had. c3 to c6 carry no wager of theirs.
 */
const advisedDay = play([
  openCrown(),
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
  { type: 'SeatPlayer', actor: DEALER, now: T0, box: 2, sessionId: 'bo', patronId: 'patron-bo' },
  ...readyShoe(),
  ...coupAt(1, [{ box: 1, bet: 'player', amountCents: 1000 }, { box: 2, bet: 'banker', amountCents: 30000 }]),
  ...coupAt(2, [{ box: 1, bet: 'player', amountCents: 1000 }]),
  ...[3, 4, 5, 6].flatMap((n) => coupAt(n, [{ box: 3, bet: 'tie', amountCents: 1000 }])),
  ...coupAt(7, [{ box: 1, bet: 'player', amountCents: 30000 }, { box: 2, bet: 'banker', amountCents: 30000 }]),
]);
const periodFrom = (from: string, changes: Parameters<typeof whatIf>[1]): WhatIfAnswer => whatIf([recordedPlay('T1', publishedTableEvents('T1', advisedDay), from, TO)], changes, from, TO);
const FURTHER = 'a further wager under the minimum, returned regardless of the result (Crown Melbourne 6.3.1)';

describe('Crown Melbourne 6.3.1 in a what-if: advice given before the period still holds: a further wager under the raised minimum is refused whatever the period\'s start', () => {
  const c1Completed = (): string => {
    const done = advisedDay.find((e) => e.type === 'CoupCompleted' && e.coupId === 'c1') as { completedAt: string } | undefined;
    return new Date(Date.parse(done!.completedAt) + 1).toISOString();
  };

  it("the table's advice in c1: c7's 300.00 under a raised 400.00 Player minimum is refused over the whole day and from just after c1", () => {
    const accepted = advisedDay.flatMap((e) => (e.type === 'WagersAccepted' ? e.wagers : []));
    expect(accepted.filter((w) => w.box === 1).map((w) => w.belowMinimum?.effect)).toEqual(['warned', 'returned', undefined]);
    for (const from of [FROM, c1Completed()]) {
      const player = periodFrom(from, [{ bet: 'player', minimumCents: 40000 }]).tables[0].bets.find((b) => b.bet === 'player')!;
      expect({ from, refused: player.refused }).toEqual({ from, refused: { wagers: 1, amountCents: 30000, reasons: { [FURTHER]: 1 } } });
    }
  });

  it("the what-if's own advice in c1: Bo's 300.00 Banker wager, under a raised 400.00 minimum, advised him there; c7's is refused whatever the period's start", () => {
    const whole = periodFrom(FROM, [{ bet: 'banker', minimumCents: 40000 }]).tables[0].bets.find((b) => b.bet === 'banker')!;
    expect(whole.refused).toEqual({ wagers: 1, amountCents: 30000, reasons: { [FURTHER]: 1 } });
    const later = periodFrom(c1Completed(), [{ bet: 'banker', minimumCents: 40000 }]).tables[0].bets.find((b) => b.bet === 'banker')!;
    expect(later.refused).toEqual({ wagers: 1, amountCents: 30000, reasons: { [FURTHER]: 1 } });
    expect(later.whatIf.wagers).toBe(0);
  });
});

describe('Crown Melbourne 6.3.1 in a what-if: the advice is read back to the start of the gaming day (the tables publish no seating), and no further', () => {
  it("the next gaming day (from 06:00 Melbourne), Ann's 300.00 Player wager under a raised 400.00 minimum is her first: settled, not refused", () => {
    // 21:00Z is 07:00 in Melbourne on 2 September: a new gaming day (gaming day from 06:00 local).
    const nextDay = play(coupAt(660, [{ box: 1, bet: 'player', amountCents: 30000 }]), advisedDay);
    const from = '2025-09-01T20:00:00.000Z';
    const player = whatIf([recordedPlay('T1', publishedTableEvents('T1', nextDay), from, TO)], [{ bet: 'player', minimumCents: 40000 }], from, TO).tables[0].bets.find((b) => b.bet === 'player')!;
    expect({ refused: player.refused.wagers, whatIf: player.whatIf.wagers }).toEqual({ refused: 0, whatIf: 1 });
  });
});

import type { IntegrationEvent, TablesIntegrationEventType } from '@app/contracts';
import { recordedPlay } from './recorded-play';
import { whatIf } from './what-if';

/**
 * A Crown Melbourne table whose Super 6 goes from 15 to 1 to 16 to 1 at 14:00 (Melbourne, 03:00 UTC) within the casino
 * day 06:00-06:00, as the tables service publishes it (TableGameChanged), and a Star table whose game goes from
 * Baccarat to Even Money Baccarat (Star 2024 14.8, 11.2).
 */
const DAY_FROM = '2026-10-01T19:00:00.000Z'; // 06:00 AEDT
const DAY_TO = '2026-10-02T19:00:00.000Z';
const CHANGE = '2026-10-02T03:00:00.000Z'; // 14:00 AEDT

let n = 0;
const ev = (type: TablesIntegrationEventType, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
  ({ eventId: `e${++n}`, type, version: 1, source: 'tables', streamId: 'table-T', streamType: 'table', streamVersion: n, position: { transactionId: '1', position: String(n) }, occurredAt, actor: { id: 'x', role: 'dealer' }, commandId: `e${n}`, correlationId: `e${n}`, causationId: null, rulebookVersion: null, data }) as IntegrationEvent;
const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
const minutesAfter = (at: string, m: number) => new Date(Date.parse(at) + m * 60_000).toISOString();

type Wager = [id: string, bet: string, option: string, amountCents: number, outcome: 'win' | 'lose' | 'push', winCents: number, returnedCents: number, commissionCents: number];
const coup = (tableId: string, at: string, coupId: string, playerCards: string[], bankerCards: string[], wagers: Wager[]): IntegrationEvent[] => {
  const accepted = wagers.map(([wagerId, bet, option, amountCents], i) => ({ wagerId, box: i + 1, patronId: null, bet, option, amountCents, medium: 'chips' }));
  return [
    ev('CoupStarted', at, { tableId, shoeId: 's1', coupId, coupNumber: 1, dummy: false, clause: null, startedAt: at }),
    ev('WagersAccepted', at, { tableId, coupId, wagers: accepted }),
    ev('CoupCompleted', at, { tableId, shoeId: 's1', coupId, coupNumber: 1, dummy: false, playerCards, bankerCards, playerTotal: 0, bankerTotal: 0, result: 'banker', naturals: { player: false, banker: false }, pairs: { player: false, banker: false }, jackpotIds: [], tieWagers: [], completedAt: at }),
    ev('WagersSettled', at, {
      tableId, shoeId: 's1', coupId, settledAt: at,
      settlements: accepted.map((w, i) => ({ ...w, outcome: wagers[i][4], winCents: wagers[i][5], returnedCents: wagers[i][6], commissionImmediateCents: wagers[i][7], commissionDeferredCents: 0, odds: '', clause: '' })),
    }),
  ];
};

// Banker 3+3 = 6 beats Player 2+3+10 = 5 (Crown Melbourne Table 2): Super 6 wins; Banker wins less 5% commission.
const SIX = [['2H', '3D', '10H'], ['3C', '3S']] as const;
const crownBets = (super6: string) => [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: super6 }];
const crownDay = (): IntegrationEvent[] => [
  ev('TableOpened', '2026-10-01T18:00:00.000Z', {
    tableId: 'VIC-7', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', variant: 'traditional', decks: 8, minimumChipCents: 100, dealingMethod: 'dealer-retains-shoe', jackpotIds: [], boxes: 7, openedAt: '2026-10-01T18:00:00.000Z',
    offeredBets: crownBets('15'), limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'super-6': lim(500, 20000) } },
  }),
  // Before 14:00 Super 6 pays 15 to 1; from 14:00, 16 to 1 (Crown Melbourne Table 15).
  ...coup('VIC-7', minutesAfter(CHANGE, -60), 'a1', [...SIX[0]], [...SIX[1]], [['a1-b', 'banker', 'traditional', 10000, 'win', 10000, 10000, 500], ['a1-6', 'super-6', '15', 1000, 'win', 15000, 1000, 0]]),
  ev('TableGameChanged', CHANGE, { tableId: 'VIC-7', previousVariant: 'traditional', variant: 'traditional', offeredBets: crownBets('16'), clause: 'Crown Melbourne (no provision)', effectiveAt: CHANGE }),
  ...coup('VIC-7', minutesAfter(CHANGE, 30), 'b1', [...SIX[0]], [...SIX[1]], [['b1-b', 'banker', 'traditional', 4000, 'win', 4000, 4000, 200], ['b1-6', 'super-6', '16', 1000, 'win', 16000, 1000, 0]]),
  ...coup('VIC-7', minutesAfter(CHANGE, 40), 'b2', ['4H', '5D'], ['2C', '3C'], [['b2-6', 'super-6', '16', 2000, 'lose', 0, 0, 0]]),
];

const money = ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent }: { wagers: number; turnoverCents: number; paidCents: number; commissionCents: number; houseWinCents: number; holdPercent: number | null }) => ({ wagers, turnoverCents, paidCents, commissionCents, houseWinCents, holdPercent });

describe('a game or option changed mid-period: each coup is settled under the game in force when it was dealt (Star 2024 14.8; Crown Melbourne Table 15)', () => {
  it('keeps the configuration history of the period: each configuration from when it took effect, with the clause of its change', () => {
    const play = recordedPlay('VIC-7', crownDay(), DAY_FROM, DAY_TO);
    expect(play.configurations.map((c) => [c.from, c.clause, c.configuration.offeredBets.find((b) => b.bet === 'super-6')?.option])).toEqual([
      ['2026-10-01T18:00:00.000Z', null, '15'],
      [CHANGE, 'Crown Melbourne (no provision)', '16'],
    ]);
    expect(play.coups.map((c) => [c.coupId, c.configuration.offeredBets.find((b) => b.bet === 'super-6')?.option])).toEqual([['a1', '15'], ['b1', '16'], ['b2', '16']]);
  });

  it('with no change, the what-if equals the actual to the cent across the change, nothing set apart', () => {
    const answer = whatIf([recordedPlay('VIC-7', crownDay(), DAY_FROM, DAY_TO)], [], DAY_FROM, DAY_TO);
    for (const b of answer.tables[0].bets) {
      expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(b.actual) });
      expect([b.bet, b.notReplayed.wagers, b.refused.wagers]).toEqual([b.bet, 0, 0]);
    }
    const six = answer.tables[0].bets.find((b) => b.bet === 'super-6')!;
    expect(six.actual).toMatchObject({ wagers: 3, turnoverCents: 4000, paidCents: 31000, houseWinCents: 2000 - 31000 });
    expect(six.actual.options.map((o) => o.option)).toEqual(['15', '16']);
  });

  it('Super 6 at 16 to 1 for the whole day moves only the coups dealt at 15 to 1: the 10.00 won before 14:00 pays 10.00 more', () => {
    const answer = whatIf([recordedPlay('VIC-7', crownDay(), DAY_FROM, DAY_TO)], [{ bet: 'super-6', option: '16' }], DAY_FROM, DAY_TO);
    const six = answer.tables[0].bets.find((b) => b.bet === 'super-6')!;
    expect(six.whatIf.paidCents - six.actual.paidCents).toBe(1000);
    expect(six.whatIf.options.map((o) => o.option)).toEqual(['16']);
    const banker = answer.tables[0].bets.find((b) => b.bet === 'banker')!;
    expect(money(banker.whatIf)).toEqual(money(banker.actual));
  });

  it('Star 2024 14.8, 11.2: Baccarat to Even Money Baccarat at 14:00; Banker on a six pays 1 to 2 after it, 19 to 20 before, and the identity holds', () => {
    const starBets = (banker: string) => [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: banker }, { bet: 'tie', option: 'standard' }];
    const events = [
      ev('TableOpened', '2026-10-01T18:00:00.000Z', {
        tableId: 'NSW-3', jurisdiction: 'NSW', rulebookId: 'star-sydney-2024', variant: 'traditional', decks: 8, minimumChipCents: 100, dealingMethod: 'method-a', jackpotIds: [], boxes: 7, openedAt: '2026-10-01T18:00:00.000Z',
        offeredBets: starBets('traditional'), limits: { perBet: { player: lim(1000, 500000), banker: lim(1000, 500000), tie: lim(500, 50000) } },
      }),
      // 20.00 at 19 to 20 is 19.00 (published as 1 to 1 with 1.00 taken, Star 2024 11.1.3).
      ...coup('NSW-3', minutesAfter(CHANGE, -30), 'n1', [...SIX[0]], [...SIX[1]], [['n1-b', 'banker', 'traditional', 2000, 'win', 2000, 2000, 100]]),
      ev('TableGameChanged', CHANGE, { tableId: 'NSW-3', previousVariant: 'traditional', variant: 'even-money', offeredBets: starBets('crown'), clause: 'Star 2024 14.8', effectiveAt: CHANGE }),
      // 20.00 on a Banker six at 1 to 2 is 10.00 (Star 2024 11.2.2).
      ...coup('NSW-3', minutesAfter(CHANGE, 30), 'n2', [...SIX[0]], [...SIX[1]], [['n2-b', 'banker', 'crown', 2000, 'win', 1000, 2000, 0]]),
    ];
    const play = recordedPlay('NSW-3', events, DAY_FROM, DAY_TO);
    expect(play.coups.map((c) => c.configuration.variant)).toEqual(['traditional', 'even-money']);
    const banker = whatIf([play], [], DAY_FROM, DAY_TO).tables[0].bets.find((b) => b.bet === 'banker')!;
    expect(money(banker.whatIf)).toEqual(money(banker.actual));
    expect(banker.actual).toMatchObject({ wagers: 2, paidCents: 1900 + 1000, commissionCents: 0, houseWinCents: -2900 });
    expect(banker.notReplayed.wagers).toBe(0);
  });
});

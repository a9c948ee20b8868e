/**
 * A casino day of real play for the what-if tests: tables driven through the tables service's own decider from real
 * shuffled shoes, stored as the tables service stores them.
 */
import { createRng, createShoe, dealCoup, formatCard, randomBelow, type Rng, type Shoe } from '@app/baccarat';
import type { PostgresEventStore } from '@app/event-store';
import { AREA_MANAGER, DEALER, HASH, openCrown, openStar } from '../../../apps/tables/src/table/table-fixtures';
import { tableDecider, type TableCommand } from '../../../apps/tables/src/table/table.decider';
import type { OpenTable } from '../../../apps/tables/src/table/table-command.types';
import type { TableEvent, TableState } from '../../../apps/tables/src/table/table.events';
import { storedTableEvents } from './stored-table-events';

const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
export const DAY_START = Date.parse('2025-09-01T20:00:00.000Z'); // 06:00 in Melbourne and Sydney (AEST)
export const DAY_END = '2025-09-02T20:00:00.000Z';

/**
 * A whole casino day at three tables, played through the tables service's own decider from real shuffled shoes
 * (engine `createShoe` / `dealCoup`): each shoe to its cutting card and the last coup after it (Crown Melbourne 7.3.4;
 * Star 4.9), seven boxes wagering Player or Banker and, at random, Tie, Super 6 and Dragon Bonus, one box with deferred
 * commission (Crown Melbourne 9.3.1) collected at each shoe's end.
 */
/** A change of the game in play during the day (Star 2024 14.8): asked for at `at` (ms), applied when its sign's notice has run. */
export interface GameChangeDuringDay {
  readonly at: number;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
}

export const casinoDay = (tableId: string, seed: string, crown: boolean, change?: GameChangeDuringDay): TableEvent[] => {
  const rng: Rng = createRng(seed);
  const pick = (n: number) => randomBelow(rng, n);
  let clock = DAY_START + pick(600) * 1000;
  const now = () => new Date((clock += 4000)).toISOString();
  const events: TableEvent[] = [];
  let state: TableState = tableDecider.initialState();
  /** Decides each command at once, so the day follows the table (its shoe ends when its rulebook says). */
  const run = (cmd: TableCommand): readonly TableEvent[] => {
    const out = tableDecider.decide(cmd, state);
    state = out.reduce(tableDecider.evolve, state);
    events.push(...out);
    return out;
  };
  const c = (cmd: Record<string, unknown>): readonly TableEvent[] => run({ actor: DEALER, now: now(), ...cmd } as unknown as TableCommand);
  const bets = (crown
    ? { offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '1' }],
        limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'super-6': lim(500, 20000), 'dragon-bonus-player': lim(500, 20000), 'dragon-bonus-banker': lim(500, 20000) }, tableDifferentialCents: 2000000 } }
    : { offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }],
        limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'super-6': lim(500, 20000) }, tableDifferentialCents: 2000000 } }) as unknown as Partial<OpenTable>;
  run({ ...(crown ? openCrown({ tableId, ...bets }) : openStar({ tableId, ...bets })), now: new Date(clock).toISOString() } as TableCommand);
  for (let box = 1; box <= 7; box++) c({ type: 'SeatPlayer', box, sessionId: `${tableId}-s${box}`, patronId: `${tableId}-patron-${box}` });
  if (crown) run({ type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: now(), box: 2 } as TableCommand);
  let coupNo = 0;
  for (let shoeNo = 1; shoeNo <= 4; shoeNo++) {
    const shoeId = `${tableId}-shoe-${shoeNo}`;
    let shoe: Shoe = createShoe({ decks: 8, seed: `${seed}-${shoeNo}`, salt: shoeId });
    c({ type: 'StartShoe', shoeId, cards: 'new', commitmentHash: HASH });
    c({ type: 'CutShoe', cutBy: 'player-1', cutterKind: 'player', cutCardFromBack: 20 });
    c({ type: 'BurnCards', method: 'standard', count: 1 });
    shoe = { ...shoe, position: 1 };
    let ended = false;
    let reported = false;
    while (!ended) {
      const coupId = `${tableId}-c${++coupNo}`;
      // Play spread over the gaming day: a minute to five and a half between coups.
      clock += (60 + pick(270)) * 1000;
      // Between coups: the game change is asked for, then applied once the sign's notice has run (Star 2024 14.8).
      if (change && clock >= change.at && !state.pendingGame && !events.some((e) => e.type === 'GameChangeAnnounced' || e.type === 'GameChanged')) {
        run({ type: 'ChangeGame', actor: AREA_MANAGER, now: now(), variant: change.variant, offeredBets: change.offeredBets } as unknown as TableCommand);
      }
      if (state.pendingGame && new Date(clock).toISOString() >= state.pendingGame.effectiveAt) run({ type: 'ApplyGameChange', actor: AREA_MANAGER, now: now() } as TableCommand);
      c({ type: 'StartCoup', coupId });
      const wagers: Record<string, unknown>[] = [];
      for (let box = 1; box <= 7; box++) {
        if (pick(5) === 0) continue;
        const unit = 500 * (1 + pick(20));
        wagers.push({ wagerId: `${coupId}-${box}-m`, box, sessionId: `${tableId}-s${box}`, bet: pick(2) ? 'banker' : 'player', amountCents: unit * 5 });
        if (pick(4) === 0) wagers.push({ wagerId: `${coupId}-${box}-t`, box, sessionId: `${tableId}-s${box}`, bet: 'tie', amountCents: unit });
        if (pick(4) === 0) wagers.push({ wagerId: `${coupId}-${box}-6`, box, sessionId: `${tableId}-s${box}`, bet: 'super-6', amountCents: 500 * (1 + pick(8)) });
        if (crown && pick(5) === 0) wagers.push({ wagerId: `${coupId}-${box}-d`, box, sessionId: `${tableId}-s${box}`, bet: pick(2) ? 'dragon-bonus-player' : 'dragon-bonus-banker', amountCents: 500 * (1 + pick(8)) });
      }
      if (wagers.length > 0) c({ type: 'PlaceWagers', coupId, wagers });
      const cutBefore = !reported && shoe.cutCardIndex === shoe.position;
      const dealt = dealCoup(shoe);
      if (dealt.kind !== 'coup') throw new Error(`shoe ran out at ${coupId}`);
      const cards = shoe.cards.slice(shoe.position, dealt.shoe.position).map(formatCard);
      if (cutBefore) { c({ type: 'ReportCutCard' }); reported = true; }
      cards.forEach((card, i) => {
        const out = c({ type: 'DealCard', coupId, card });
        if (out.some((e) => e.type === 'ShoeEnded')) ended = true;
        if (i === 1 && dealt.cutCardAppeared && !reported) { c({ type: 'ReportCutCard' }); reported = true; }
      });
      // The table, not the engine's shoe, decides which coup is the last (its rulebook's clause).
      shoe = { ...dealt.shoe, finished: false, lastCoupAnnounced: false };
      if (!ended && shoe.position > shoe.cards.length - 8) throw new Error(`the table did not end ${shoeId}`);
    }
    if (crown) c({ type: 'SettleCommission', box: 2, trigger: 'end-of-shoe', method: 'collected' });
  }
  return events;
};

export const TABLES = [
  { tableId: 'VIC-A', crown: true },
  { tableId: 'VIC-B', crown: true },
  { tableId: 'NSW-C', crown: false },
];

/** Stores each table's day in the `tables` store, one stream per table, as the tables service appends it. */
export const storeCasinoDay = async (store: PostgresEventStore): Promise<Record<string, TableEvent[]>> => {
  const days: Record<string, TableEvent[]> = {};
  for (const [i, t] of TABLES.entries()) {
    days[t.tableId] = casinoDay(t.tableId, `day-${t.tableId}`, t.crown);
    const events = storedTableEvents(i + 1, days[t.tableId], t.crown ? 'crown-melbourne-v29' : 'star-sydney-2024');
    for (let k = 0; k < events.length; k += 500) await store.append(`table-${t.tableId}`, 'table', 'any', events.slice(k, k + 500));
  }
  return days;
};

/**
 * Simulated play for reporting tests and the rebuild bench: the tables service's integration events
 * (libs/contracts/src/tables.events.ts) for several tables over a gaming day, from a seed, so every run
 * produces the same events. Settlement is simple and exact in cents (Banker 1:1 less 5% commission, some
 * of it deferred to seated players per Crown Melbourne 9.3.1; Player 1:1; Tie 8:1; pairs 11:1); what
 * matters here is that every amount is in the events, so reports can be reconciled against them.
 */
import { createHash } from 'node:crypto';
import { TABLES_INTEGRATION_EVENT_VERSIONS, type TablesIntegrationEventType } from '@app/contracts';
import type { NewEvent } from '@app/event-store';

export interface TableScript {
  readonly streamId: string;
  readonly events: NewEvent[];
}

export interface SimulationOptions {
  readonly seed?: number;
  readonly tables?: number;
  readonly jurisdiction?: 'NSW' | 'VIC';
  readonly coupsPerTable?: number;
  readonly coupsPerShoe?: number;
  readonly boxes?: number;
  /** First coup, ISO instant (default 2025-03-03T08:00:00Z = 19:00 Sydney, 19:00 Melbourne in daylight time). */
  readonly start?: string;
  /** Seconds between coups. */
  readonly coupSeconds?: number;
  readonly tablePrefix?: string;
  /** Include irregularities, voids, corrections, overrides (default true). */
  readonly incidents?: boolean;
}

/** sfc32: a small seeded PRNG (the simulation is reproducible; never Math.random). */
const prng = (seed: number) => {
  let a = seed >>> 0, b = 0x9e3779b9, c = 0x243f6a88, d = 0xb7e15162;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
};

/** Deterministic UUID from a name, so re-running a seed yields the same event ids. */
export const uuidFrom = (name: string): string => {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const RULEBOOK = { NSW: 'star-sydney-2024', VIC: 'crown-melbourne-v29' } as const;
const CARDS = ['AS', '2H', '3D', '4C', '5S', '6H', '7D', '8C', '9S', '10H', 'JD', 'QC', 'KS'];

export function simulateTables(o: SimulationOptions = {}): TableScript[] {
  const rnd = prng(o.seed ?? 42);
  const int = (n: number) => Math.floor(rnd() * n);
  const tables = o.tables ?? 4;
  const jurisdiction = o.jurisdiction ?? 'NSW';
  const coups = o.coupsPerTable ?? 60;
  const perShoe = o.coupsPerShoe ?? 25;
  const boxes = o.boxes ?? 7;
  const startMs = Date.parse(o.start ?? '2025-03-03T08:00:00.000Z');
  const step = (o.coupSeconds ?? 60) * 1000;
  const incidents = o.incidents ?? true;
  const rulebookVersion = RULEBOOK[jurisdiction];
  const scripts: TableScript[] = [];

  for (let t = 0; t < tables; t++) {
    const tableId = `${o.tablePrefix ?? 'BAC'}-${jurisdiction}-${t + 1}`;
    const events: NewEvent[] = [];
    let n = 0;
    const at = (ms: number) => new Date(ms).toISOString();
    const push = (type: string, data: Record<string, unknown>, occurredAt: string, actor = { id: `dealer-${t + 1}`, role: 'dealer' }) => {
      const id = uuidFrom(`${o.seed ?? 42}:${tableId}:${n++}`);
      events.push({
        eventId: id,
        type,
        schemaVersion: TABLES_INTEGRATION_EVENT_VERSIONS[type as TablesIntegrationEventType],
        data: { tableId, ...data },
        metadata: { actor, commandId: id, correlationId: id, causationId: null, rulebookVersion },
        occurredAt,
      });
    };
    const supervisor = { id: `supervisor-${t + 1}`, role: 'gaming-supervisor' };
    const manager = { id: 'manager-1', role: 'area-manager' };
    let clock = startMs + t * 1000;
    push(
      'TableOpened',
      {
        jurisdiction,
        rulebookId: rulebookVersion,
        variant: 'traditional',
        offeredBets: [{ bet: 'banker', option: 'traditional' }, { bet: 'player', option: 'standard' }, { bet: 'tie', option: '8to1' }, { bet: 'player-pair', option: '11to1' }],
        decks: 8,
        limits: { perBet: { banker: { minimumCents: 2500, maximumCents: 5000000 } } },
        minimumChipCents: 100,
        dealingMethod: 'A',
        jackpotIds: [],
        boxes,
        openedAt: at(clock),
      },
      at(clock),
      manager,
    );
    // Deferred commission owed per box in the current shoe (Crown Melbourne 9.3.1).
    let owed = new Map<number, number>();
    let shoe = 0;
    let shoeId = '';
    let coupInShoe = 0;
    const startShoe = () => {
      shoe++;
      shoeId = `${tableId}-S${shoe}`;
      coupInShoe = 0;
      const carried = [...owed.values()].reduce((a, b) => a + b, 0);
      push(
        'ShoeStarted',
        {
          shoeId,
          decks: 8,
          commitmentHash: createHash('sha256').update(shoeId).digest('hex'),
          commissionOverride: carried > 0 ? { outstandingCents: carried, approvedBy: manager.id, reason: 'Patron continuing play; approved carry-over' } : null,
          startedAt: at(clock),
        },
        at(clock),
        carried > 0 ? manager : undefined,
      );
      push('ShoeCut', { shoeId, cutBy: `patron-${t}-1`, cutterKind: 'player', cutCardFromBack: 20, clause: jurisdiction === 'NSW' ? 'Star 2024 4.6' : 'Crown Melbourne 4.2', cutAt: at(clock) }, at(clock));
    };
    const endShoe = () => {
      // Settle deferred commission at the end of the shoe (Crown 9.3.1(a)); one box carries over sometimes.
      const carryBox = incidents && int(4) === 0 ? [...owed.keys()][0] : undefined;
      for (const [box, cents] of [...owed.entries()].sort((a, b) => a[0] - b[0])) {
        if (box === carryBox || cents === 0) continue;
        const waive = incidents && int(10) === 0;
        push(
          'CommissionSettled',
          { shoeId, box, patronId: `patron-${t}-${box}`, amountCents: cents, method: waive ? 'waived' : 'collected', trigger: waive ? 'management-discretion' : 'end-of-shoe', settledAt: at(clock) },
          at(clock),
          waive ? manager : supervisor,
        );
        owed.delete(box);
      }
      if (carryBox === undefined) owed = new Map();
      push('ShoeEnded', { shoeId, coupsPlayed: coupInShoe, reason: 'cut-card', endedAt: at(clock) }, at(clock));
      clock += step;
    };
    startShoe();
    for (let c = 0; c < coups; c++) {
      if (coupInShoe >= perShoe) {
        endShoe();
        // The carried-over commission is settled now it is in the new shoe's ledger under the old shoe.
        const oldShoe = shoeId;
        startShoe();
        for (const [box, cents] of [...owed.entries()].sort((a, b) => a[0] - b[0])) {
          push('CommissionSettled', { shoeId: oldShoe, box, patronId: `patron-${t}-${box}`, amountCents: cents, method: 'collected', trigger: 'player-request', settledAt: at(clock) }, at(clock), supervisor);
        }
        owed = new Map();
      }
      clock += step;
      coupInShoe++;
      const coupId = `${shoeId}-C${coupInShoe}`;
      const dummy = incidents && int(30) === 0;
      push('CoupStarted', { shoeId, coupId, coupNumber: coupInShoe, dummy, startedAt: at(clock) }, at(clock));
      const wagers = dummy
        ? []
        : Array.from({ length: 1 + int(boxes) }, (_, i) => {
            const box = 1 + ((i + int(boxes)) % boxes);
            const r = int(10);
            const bet = r < 5 ? 'banker' : r < 8 ? 'player' : r < 9 ? 'tie' : 'player-pair';
            return { wagerId: `${coupId}-W${i + 1}`, box, patronId: `patron-${t}-${box}`, bet, option: bet === 'banker' ? 'traditional' : 'standard', amountCents: (1 + int(40)) * 2500 };
          });
      if (!dummy) push('WagersAccepted', { coupId, wagers }, at(clock + 10000));
      const r = rnd();
      const result = r < 0.458 ? 'banker' : r < 0.904 ? 'player' : 'tie';
      const playerPair = int(13) === 0;
      const bankerPair = int(13) === 0;
      const pt = result === 'player' ? 8 : result === 'tie' ? 6 : 3;
      const bt = result === 'banker' ? 9 : result === 'tie' ? 6 : 2;
      const voidIt = incidents && !dummy && int(40) === 0;
      if (voidIt) {
        push('IrregularityRecorded', { shoeId, coupId, kind: jurisdiction === 'NSW' ? 'foreign-card' : 'card-exposed', card: jurisdiction === 'NSW' ? 'AS' : '7D', resolution: 'Coup declared void, all wagers returned', clause: jurisdiction === 'NSW' ? 'Star 2024 12.11' : 'Crown Melbourne 10.4', notifiable: jurisdiction === 'NSW', recordedAt: at(clock + 20000) }, at(clock + 20000), supervisor);
        push('CoupVoided', { shoeId, coupId, reason: 'foreign card found in the shoe', clause: jurisdiction === 'NSW' ? 'Star 2024 12.11.2' : 'Crown Melbourne 10.4', returnedWagerIds: wagers.map((w) => w.wagerId), reversedSettlements: [], voidedAt: at(clock + 21000) }, at(clock + 21000), supervisor);
        push('WagersSettled', { shoeId, coupId, settlements: wagers.map((w) => ({ ...w, outcome: 'void', winCents: 0, returnedCents: w.amountCents, commissionImmediateCents: 0, commissionDeferredCents: 0, odds: '0', clause: 'Star 2024 12.11.2' })), settledAt: at(clock + 22000) }, at(clock + 22000));
        continue;
      }
      push(
        'CoupCompleted',
        {
          shoeId, coupId, coupNumber: coupInShoe, dummy,
          playerCards: [CARDS[int(13)], CARDS[int(13)]], bankerCards: [CARDS[int(13)], CARDS[int(13)]],
          playerTotal: pt, bankerTotal: bt, result,
          naturals: { player: pt >= 8, banker: bt >= 8 }, pairs: { player: playerPair, banker: bankerPair },
          jackpotIds: [], tieWagers: wagers.filter((w) => w.bet === 'tie').map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, amountCents: w.amountCents })),
          completedAt: at(clock + 30000),
        },
        at(clock + 30000),
      );
      if (dummy) continue;
      const settlements = wagers.map((w) => {
        let outcome: 'win' | 'lose' | 'push' = 'lose';
        let winCents = 0;
        let commission = 0;
        if (w.bet === 'banker') {
          if (result === 'banker') { outcome = 'win'; winCents = w.amountCents; commission = Math.round(w.amountCents * 0.05); }
          else if (result === 'tie') outcome = 'push';
        } else if (w.bet === 'player') {
          if (result === 'player') { outcome = 'win'; winCents = w.amountCents; }
          else if (result === 'tie') outcome = 'push';
        } else if (w.bet === 'tie') {
          if (result === 'tie') { outcome = 'win'; winCents = w.amountCents * 8; }
        } else if (playerPair) { outcome = 'win'; winCents = w.amountCents * 11; }
        const defer = commission > 0 && w.box % 2 === 0;
        if (defer) owed.set(w.box, (owed.get(w.box) ?? 0) + commission);
        return {
          ...w, outcome, winCents, returnedCents: outcome === 'lose' ? 0 : w.amountCents,
          commissionImmediateCents: defer ? 0 : commission, commissionDeferredCents: defer ? commission : 0,
          odds: w.bet === 'tie' ? '8:1' : w.bet === 'player-pair' ? '11:1' : '1:1', clause: 'Crown Melbourne 9.1',
        };
      });
      push('WagersSettled', { shoeId, coupId, settlements, settledAt: at(clock + 40000) }, at(clock + 40000));
      if (incidents && int(50) === 0) {
        const w = settlements[0];
        const amount = (1 + int(3)) * 60000;
        push('PaymentCorrected', { coupId, wagerId: w.wagerId, kind: int(2) ? 'overpayment' : 'underpayment', amountCents: amount, patronId: w.patronId, reportable: amount > 100000, reason: 'found on the surveillance review of the coup', clause: 'Star 2024 12.18', correctedAt: at(clock + 50000) }, at(clock + 50000), supervisor);
      }
    }
    if (incidents && t === 0) {
      push('ShoeVoided', { shoeId, reason: 'Sequence of cards revealed during the cut', clause: 'Star 2024 4.13', voidedAt: at(clock + 55000) }, at(clock + 55000), supervisor);
    } else {
      endShoe();
    }
    clock += step;
    push('TableClosed', { noticeGivenAt: null, closedAt: at(clock), reason: 'end of session', clause: 'TG 5.2' }, at(clock), manager);
    scripts.push({ streamId: `table-${tableId}`, events });
  }
  return scripts;
}

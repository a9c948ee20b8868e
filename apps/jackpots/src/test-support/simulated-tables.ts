import { randomUUID } from 'node:crypto';
import { createShoe, dealCoup, formatCard, parseCards, rulebookById, Shoe, shoeFromCards } from '@app/baccarat';
import { TABLES_INTEGRATION_EVENT_VERSIONS, type CoupCompleted, type CoupVoided, type TableOpened, type TablesIntegrationEventType } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';

type Data<T> = Omit<T, 'type'>;

/**
 * A stand-in for the tables service in tests and the benchmark: appends the tables integration events
 * (libs/contracts/src/tables.events.ts) to a tables event store exactly as the tables service would, so the
 * jackpot consumer picks them up through @app/messaging (its relay and Kafka, or the embedded transport).
 */
export class SimulatedTables {
  private readonly shoes = new Map<string, { shoeId: string; shoe: Shoe; coupNumber: number }>();

  constructor(readonly store: PostgresEventStore) {}

  private async append(tableId: string, type: string, data: object): Promise<string> {
    const eventId = randomUUID();
    await this.store.append(`table-${tableId}`, 'table', 'any', [
      {
        eventId,
        type,
        schemaVersion: TABLES_INTEGRATION_EVENT_VERSIONS[type as TablesIntegrationEventType],
        data: data as Record<string, unknown>,
        metadata: { actor: { id: `shoe-${tableId}`, role: 'dealer' }, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'crown-melbourne-v29' },
        occurredAt: new Date().toISOString(),
      },
    ]);
    return eventId;
  }

  /** Opens the table under `rulebookId` (default Crown Melbourne's; another casino's for the casino-scope tests). */
  async openTable(tableId: string, jackpotIds: readonly string[], seed = 42, rulebookId = 'crown-melbourne-v29'): Promise<void> {
    const shoeId = `${tableId}-shoe-1`;
    this.shoes.set(tableId, { shoeId, shoe: createShoe({ decks: 8, seed: seed, salt: shoeId }), coupNumber: 0 });
    const opened: Data<TableOpened> = {
      tableId,
      jurisdiction: rulebookById(rulebookId).jurisdiction as TableOpened['jurisdiction'],
      rulebookId,
      variant: 'traditional',
      offeredBets: [{ bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: {} },
      minimumChipCents: 500,
      dealingMethod: 'dealing-shoe',
      jackpotIds,
      boxes: 7,
      openedAt: new Date().toISOString(),
    };
    await this.append(tableId, 'TableOpened', opened);
  }

  /** Stacks the shoe: the next coups come out of exactly these cards (e.g. "8S 8S 8S 8S" for a Suited Lucky Tie). */
  stack(tableId: string, cards: string): void {
    const t = this.shoes.get(tableId)!;
    const rest = t.shoe.cards.slice(t.shoe.position);
    const stacked = [...parseCards(cards), ...rest];
    this.shoes.set(tableId, { ...t, shoe: shoeFromCards(stacked, 8, stacked.length - 13) });
  }

  /** Deals and completes one coup; returns its CoupCompleted data and the source event id. */
  async playCoup(
    tableId: string,
    jackpotIds: readonly string[],
    opts: { readonly tieWagers?: CoupCompleted['tieWagers']; readonly dummy?: boolean } = {},
  ): Promise<{ eventId: string; coup: Data<CoupCompleted> }> {
    let t = this.shoes.get(tableId)!;
    let dealt = dealCoup(t.shoe);
    if (dealt.kind !== 'coup' || dealt.last) {
      t = { shoeId: `${tableId}-shoe-${randomUUID().slice(0, 8)}`, shoe: createShoe({ decks: 8, seed: (t.coupNumber + 7) }), coupNumber: 0 };
      dealt = dealCoup(t.shoe);
      if (dealt.kind !== 'coup') throw new Error('a fresh shoe deals a coup');
    }
    const coupNumber = t.coupNumber + 1;
    this.shoes.set(tableId, { ...t, shoe: dealt.shoe, coupNumber });
    const outcome = dealt.coup;
    const coup: Data<CoupCompleted> = {
      tableId,
      shoeId: t.shoeId,
      coupId: `${t.shoeId}-c${coupNumber}`,
      coupNumber,
      dummy: opts.dummy ?? false,
      playerCards: outcome.player.cards.map(formatCard),
      bankerCards: outcome.banker.cards.map(formatCard),
      playerTotal: outcome.player.total,
      bankerTotal: outcome.banker.total,
      result: outcome.result,
      naturals: { player: outcome.player.natural, banker: outcome.banker.natural },
      pairs: { player: outcome.player.pair, banker: outcome.banker.pair },
      jackpotIds: opts.dummy ? [] : jackpotIds,
      tieWagers: opts.tieWagers ?? [],
      completedAt: new Date().toISOString(),
    };
    const eventId = await this.append(tableId, 'CoupCompleted', coup);
    return { eventId, coup };
  }

  async voidCoup(tableId: string, shoeId: string, coupId: string): Promise<void> {
    const voided: Data<CoupVoided> = { tableId, shoeId, coupId, reason: 'excess card', clause: 'Crown Melbourne 10.6', returnedWagerIds: [], reversedSettlements: [], voidedAt: new Date().toISOString() };
    await this.append(tableId, 'CoupVoided', voided);
  }
}


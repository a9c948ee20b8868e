import { upcastIntegrationEvent, type IntegrationEvent } from '@app/contracts';
import type { TableEntry } from '../tables-directory/tables-directory';
import { registerEntryFor } from './compliance-register.projection';

const table = (rulebookId: string, jurisdiction: string): TableEntry => ({
  table_id: 'T1',
  jurisdiction,
  rulebook_id: rulebookId,
  variant: 'traditional',
  jackpot_ids: [],
  boxes: 7,
  status: 'open',
  opened_at: '2025-09-01T00:00:00.000Z',
  closed_at: null,
  close_reason: null,
  current_shoe_id: 's1',
  shoe_status: 'in-play',
  shoe_started_at: null,
  coups_in_shoe: 0,
  outstanding_cents: 0,
  last_result: null,
  last_event_at: null,
});
const coupStarted = (version: number, data: Record<string, unknown>): IntegrationEvent =>
  upcastIntegrationEvent({
    eventId: 'e1',
    type: 'CoupStarted',
    version,
    source: 'tables',
    occurredAt: '2025-09-01T01:00:00.000Z',
    data: { tableId: 'T1', shoeId: 's1', coupId: 'c1', coupNumber: 3, dummy: true, startedAt: '2025-09-01T01:00:00.000Z', ...data },
  } as unknown as IntegrationEvent);

describe('Compliance register: the clause comes from the event, or the table\'s rulebook, never the jurisdiction', () => {
  it('files a dummy coup under the clause the tables service decided it on (Star 2024 7.5)', () => {
    const entry = registerEntryFor(table('star-sydney-2024', 'NSW'), coupStarted(2, { clause: 'Star 2024 7.5 (all players agreed)' }));
    expect(entry).toMatchObject({ category: 'dummy-coup', clause: 'Star 2024 7.5 (all players agreed)' });
  });

  it('does not file a Crown Sydney dummy coup under a Star clause for being in NSW: its rulebook provides none (Crown Sydney guide)', () => {
    const entry = registerEntryFor(table('crown-sydney-guide', 'NSW'), coupStarted(1, {}));
    expect(entry?.clause ?? null).toBeNull();
  });

  it('falls back on the table\'s own rulebook for an event published before the clause travelled (Crown Melbourne 7.4; 10.8.1)', () => {
    expect(registerEntryFor(table('crown-melbourne-v29', 'VIC'), coupStarted(1, {}))).toMatchObject({ clause: 'Crown Melbourne 7.4; 10.8.1' });
    expect(registerEntryFor(table('star-sydney-2021', 'NSW'), coupStarted(1, {}))).toMatchObject({ clause: 'Star 2021 7.4; 7.5' });
  });
});

describe("Compliance register: Star 2024 15.9.4-15.9.5, a wager the tournament's order of wagering removed is a void the rule required, not a player's retraction", () => {
  it('files it as a wager void under the clause and the reason the order rule gave, with the tournament whose rule decided it', () => {
    const reason = "the order of wagering of tournament star-cup requires box 3's wager of 5000 removed: placed out of sequence, box 1 to wager (Star 2024 15.9.4); not the player's option";
    const voided = upcastIntegrationEvent({
      eventId: 'e2',
      type: 'WagerVoided',
      version: 1,
      source: 'tables',
      occurredAt: '2025-09-01T01:00:00.000Z',
      data: { tableId: 'T1', coupId: 'c1', wagerId: 'w-3a', reason, clause: 'Star 2024 15.9.4', tournamentId: 'star-cup', voidedAt: '2025-09-01T01:00:00.000Z' },
    } as unknown as IntegrationEvent);
    expect(registerEntryFor(table('star-sydney-2024', 'NSW'), voided)).toMatchObject({ category: 'wager-void', clause: 'Star 2024 15.9.4', reason, wagerId: 'w-3a', details: { tournamentId: 'star-cup' } });
  });
});

import { toIntegrationEvent } from './to-integration-event';

const stored = (type: string, data: Record<string, unknown>) => ({
  eventId: 'e1',
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { id: 'gs-1', role: 'gaming-supervisor' }, commandId: 'c1', correlationId: 'c1', causationId: null, rulebookVersion: 'star-sydney-2024' },
  occurredAt: '2026-03-01T09:00:00.000Z',
  streamId: 'tournament-cup',
  streamType: 'tournament',
  version: 7,
  global: { transactionId: '10', position: '7' },
});

describe('tournaments integration events', () => {
  it('publishes an undisclosed wager as its indicator only: no bet, no amount until revealed (Star 2024 15.8.2.5-15.8.2.6)', () => {
    const out = toIntegrationEvent(stored('UndisclosedWagerRecorded', { tournamentId: 'cup', entryId: 'e1', box: 1, remaining: 0, form: { bet: 'banker', amount: 200 } }));
    expect(out?.data).toEqual({ tournamentId: 'cup', entryId: 'e1', box: 1, remaining: 0 });
    expect(JSON.stringify(out)).not.toContain('200');
  });

  it('keeps the table-play notes internal and publishes the contract events as they are', () => {
    expect(toIntegrationEvent(stored('TableWagersNoted', { tableId: 'T1' }))).toBeNull();
    expect(toIntegrationEvent(stored('TournamentCoupScored', { coupId: 'c1' }))).toMatchObject({ source: 'tournaments', type: 'TournamentCoupScored', data: { coupId: 'c1' }, rulebookVersion: 'star-sydney-2024' });
  });

  it('Crown Melbourne 14.4.8(b)(vi): publishes a retirement with who stands in for the place the player left, as a disqualification\'s, so the tables seat the stand-in', () => {
    const standIn = { sessionId: 'h1', tableId: 'T1', advanced: ['e1'], playOff: null, clause: 'x' };
    const out = toIntegrationEvent(stored('TournamentPlayerRetired', { tournamentId: 'cup', entryId: 'e3', standIn }));
    expect(out?.data).toEqual({ tournamentId: 'cup', entryId: 'e3', standIn });
  });
});

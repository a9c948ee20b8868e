import { promotionStreamId, tokenTableStreamId, voucherStreamId } from '@app/contracts';
import { integrationEventOf, reactorSpec } from '@app/testing';
import { NOTHING_KNOWN, reactToTablePlay, type PromotionInPlay, type TablePlayState } from './table-play.reactor';

const reactor = { react: reactToTablePlay, handles: () => true };
const AT = '2026-06-10T03:00:00.000Z';
const promotion = (promotionId: string, rulebookId: string, tableIds: string[] = []): PromotionInPlay => ({
  promotionId,
  rulebookId,
  schedule: { startsAt: '2026-06-01T00:00:00.000Z', entriesCloseAt: '2026-06-30T00:00:00.000Z' },
  entryRule: { tableIds },
});
const settled = (tableId: string, rulebookVersion: string | null) =>
  integrationEventOf(
    'WagersSettled',
    { tableId, coupId: 'c1', settledAt: AT, settlements: [{ wagerId: 'w1', box: 1, patronId: 'p-1', bet: 'player', option: 'standard', amountCents: 10_000, winCents: 10_000, returnedCents: 10_000, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'win', medium: 'chips' }] },
    { rulebookVersion, occurredAt: AT },
  );
const promotionsGiven = (...promotions: PromotionInPlay[]): TablePlayState => ({ ...NOTHING_KNOWN, promotions });
const recordedFor = (reactions: readonly { streamId: string; command: { type: string } }[]) => reactions.filter((r) => r.command.type === 'RecordPlay').map((r) => r.streamId);

describe('promotions react to table play (Star 16.1, 16.7.3-16.7.4, 1.1)', () => {
  it('earns entries only from the promoting casino\'s own gaming: play at a Crown Melbourne table earns nothing in a Star promotion that names no tables (Star 2024 16.1, 16.7.3)', () => {
    const star = promotion('star-winter', 'star-sydney-2024');
    reactorSpec(reactor).given(promotionsGiven(star)).when(settled('MEL-1', 'crown-melbourne-v29')).thenReactions((r) => expect(recordedFor(r)).toEqual([]));
    reactorSpec(reactor).given(promotionsGiven(star)).when(settled('SYD-1', 'crown-sydney-guide')).thenReactions((r) => expect(recordedFor(r)).toEqual([]));
    reactorSpec(reactor).given(promotionsGiven(star)).when(settled('STAR-1', 'star-sydney-2024')).thenReactions((r) => expect(recordedFor(r)).toEqual([promotionStreamId('star-winter')]));
  });

  it('play under the other Star edition is still the Star\'s own gaming (Star 2021 16.1; Star 2024 16.1)', () => {
    reactorSpec(reactor).given(promotionsGiven(promotion('old', 'star-sydney-2021'))).when(settled('STAR-1', 'star-sydney-2024')).thenReactions((r) => expect(recordedFor(r)).toEqual([promotionStreamId('old')]));
  });

  it('earns nothing from play whose rulebook is unknown: whose gaming it was cannot be told (Star 2024 16.7.3)', () => {
    reactorSpec(reactor).given(promotionsGiven(promotion('p', 'star-sydney-2024'))).when(settled('STAR-1', null)).thenReactions((r) => expect(recordedFor(r)).toEqual([]));
  });

  it('a promotion naming tables takes entries at those tables only, during its entry period (Star 2024 16.7.3, 16.7.6)', () => {
    const named = promotion('named', 'star-sydney-2024', ['STAR-9']);
    reactorSpec(reactor).given(promotionsGiven(named)).when(settled('STAR-1', 'star-sydney-2024')).thenReactions((r) => expect(recordedFor(r)).toEqual([]));
    reactorSpec(reactor).given(promotionsGiven(named)).when(settled('STAR-9', 'star-sydney-2024')).thenReactions((r) => expect(recordedFor(r)).toEqual([promotionStreamId('named')]));
    const closed = { ...named, schedule: { startsAt: '2026-05-01T00:00:00.000Z', entriesCloseAt: AT } };
    reactorSpec(reactor).given(promotionsGiven(closed)).when(settled('STAR-9', 'star-sydney-2024')).thenReactions((r) => expect(recordedFor(r)).toEqual([]));
  });

  it('settles a token wager on its voucher, with the event\'s time and no entries for it (Star 2024 1.1)', () => {
    const token = integrationEventOf(
      'WagersSettled',
      { tableId: 'STAR-1', coupId: 'c1', settledAt: AT, settlements: [{ wagerId: 'token:V1:1', box: 2, patronId: 'p-2', bet: 'banker', option: 'traditional', amountCents: 5_000, winCents: 0, returnedCents: 0, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'lose', medium: 'promotional-token' }] },
      { rulebookVersion: 'star-sydney-2024', occurredAt: AT },
    );
    reactorSpec(reactor)
      .given(promotionsGiven(promotion('p', 'star-sydney-2024')))
      .when(token)
      .then([
        { streamId: promotionStreamId('p'), command: { type: 'RecordPlay', tableId: 'STAR-1', coupId: 'c1', settledAt: AT, settlements: [], sourceEventId: token.eventId, now: AT } },
        {
          streamId: voucherStreamId('V1'),
          command: { type: 'SettleTokenWager', wagerId: 'token:V1:1', outcome: 'lose', winCents: 0, returnedCents: 0, commissionImmediateCents: 0, commissionDeferredCents: 0, sourceEventId: token.eventId, settledAt: AT, now: AT },
        },
      ]);
  });

  it("releases at the coup's settlement a token wager recorded at the desk that the table never took, and keeps one settled under its id (Star 2024 1.1)", () => {
    const recorded = [
      { voucherId: 'V7', wagerId: 'token:V7:1', box: 3, bet: 'player', amountCents: 2_500 },
      { voucherId: 'V1', wagerId: 'token:V1:1', box: 2, bet: 'banker', amountCents: 5_000 },
    ];
    const token = integrationEventOf(
      'WagersSettled',
      { tableId: 'STAR-1', coupId: 'c1', settledAt: AT, settlements: [{ wagerId: 'token:V1:1', box: 2, patronId: 'p-2', bet: 'banker', option: 'traditional', amountCents: 5_000, winCents: 0, returnedCents: 0, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'lose', medium: 'promotional-token' }] },
      { rulebookVersion: 'star-sydney-2024', occurredAt: AT },
    );
    reactorSpec(reactor)
      .given({ ...NOTHING_KNOWN, unmatched: recorded })
      .when(token)
      .thenReactions((r) => {
        expect(r.filter((x) => x.command.type === 'ReleaseUnplayedTokenWager')).toEqual([
          { streamId: voucherStreamId('V7'), command: { type: 'ReleaseUnplayedTokenWager', wagerId: 'token:V7:1', tableId: 'STAR-1', coupId: 'c1', sourceEventId: token.eventId, now: AT } },
        ]);
        expect(r.filter((x) => x.command.type === 'SettleTokenWager').map((x) => x.streamId)).toEqual([voucherStreamId('V1')]);
      });
  });
});

describe('Star 2024 1.1, 5.2: a token wager the tables took that the promotions desk never registered is itemised', () => {
  const accepted = (wagers: { wagerId: string; box: number; bet: string; amountCents: number; medium?: string }[]) =>
    integrationEventOf('WagersAccepted', { tableId: 'STAR-1', coupId: 'c9', wagers: wagers.map((w) => ({ patronId: null, option: 'traditional', ...w })) }, { rulebookVersion: 'star-sydney-2024', occurredAt: AT });
  const unregistered = (r: readonly { streamId: string; command: { type: string } }[]) => r.filter((x) => x.command.type === 'RecordUnregisteredTokenWager');

  it('Star 2024 1.1, 5.2: a wager placed as a token that answers no token wager recorded at the desk is recorded with table, coup, box, bet, amount and time', () => {
    const event = accepted([
      { wagerId: 'w-77', box: 4, bet: 'banker', amountCents: 20_000, medium: 'promotional-token' },
      { wagerId: 'w-78', box: 5, bet: 'player', amountCents: 20_000, medium: 'chips' },
    ]);
    reactorSpec(reactor).given(NOTHING_KNOWN).when(event).thenReactions((r) =>
      expect(unregistered(r)).toEqual([
        {
          streamId: tokenTableStreamId('STAR-1'),
          command: { type: 'RecordUnregisteredTokenWager', rulebookId: 'star-sydney-2024', voucherId: null, tableId: 'STAR-1', coupId: 'c9', tablesWagerId: 'w-77', box: 4, bet: 'banker', amountCents: 20_000, acceptedAt: AT, sourceEventId: event.eventId, now: AT },
        },
      ]),
    );
  });

  it('Star 2024 1.1: a wager under the token id of a voucher never issued is recorded as unregistered, not matched; one matched to the desk is not', () => {
    const event = accepted([
      { wagerId: 'token:GHOST:1', box: 1, bet: 'tie', amountCents: 5_000, medium: 'promotional-token' },
      { wagerId: 'w-1', box: 2, bet: 'banker', amountCents: 5_000, medium: 'promotional-token' },
    ]);
    const state = { ...NOTHING_KNOWN, unknownVouchers: ['GHOST'], unmatched: [{ voucherId: 'V1', wagerId: 'token:V1:1', box: 2, bet: 'banker', amountCents: 5_000 }] };
    reactorSpec(reactor).given(state).when(event).thenReactions((r) => {
      expect(unregistered(r).map((x) => x.command)).toEqual([expect.objectContaining({ voucherId: 'GHOST', tablesWagerId: 'token:GHOST:1', box: 1, amountCents: 5_000 })]);
      expect(r.filter((x) => x.command.type === 'MatchTokenWager').map((x) => x.streamId)).toEqual([voucherStreamId('V1')]);
    });
  });
});

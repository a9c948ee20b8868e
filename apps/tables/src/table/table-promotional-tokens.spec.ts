import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, WagersSettled } from './table.events';
import { DEALER, SUPERVISOR, T0, deal, openCrown, openStar, play, readyShoe } from './table-fixtures';

/**
 * Star 5.2: wagers are placed with chips and/or casino promotional tokens. Star 1.1 'Casino Promotional Token': the
 * token is not cash and winnings are paid in chips, so the token's stake is never handed back in chips (what happens
 * to the token itself is the promotion's). Rules without a token provision (Crown Melbourne) refuse token wagers.
 */
const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'];
const TIE = ['8H', '8C', 'KD', 'QS'];

const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const place = (coupId: string, wagers: Wagers): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const settled = (events: readonly TableEvent[], wagerId: string) =>
  events.filter((e): e is WagersSettled => e.type === 'WagersSettled').flatMap((e) => e.settlements).find((s) => s.wagerId === wagerId);

describe("Star 2024 5.2, 1.1 'Casino Promotional Token': a token wager's stake is never chips", () => {
  const star = (wagers: Wagers, cards: readonly string[]) => play([openStar(), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', wagers), ...deal('c1', cards)]);

  it('Star 2024 1.1: a winning token wager is paid its winnings in chips and hands back no stake in chips; a chip wager beside it gets its stake back', () => {
    const events = star(
      [
        { wagerId: 'tok-1', box: 1, bet: 'player', amountCents: 7500, medium: 'promotional-token' },
        { wagerId: 'chip-2', box: 2, bet: 'player', amountCents: 7500 },
      ],
      PLAYER_NATURAL,
    );
    expect(settled(events, 'tok-1')).toMatchObject({ outcome: 'win', winCents: 7500, returnedCents: 0, medium: 'promotional-token' });
    expect(settled(events, 'chip-2')).toMatchObject({ outcome: 'win', winCents: 7500, returnedCents: 7500 });
    expect(settled(events, 'chip-2')?.medium).toBeUndefined();
  });

  it('Star 2024 1.1, 5.2: a wager under a promotions token id (token:<voucher>:<n>) is a token wager even without the medium; a Tie push hands back no chips', () => {
    const events = star([{ wagerId: 'token:V-77:1', box: 1, bet: 'banker', amountCents: 5000 }], TIE);
    expect(settled(events, 'token:V-77:1')).toMatchObject({ outcome: 'push', winCents: 0, returnedCents: 0, medium: 'promotional-token' });
  });

  it('Star 2024 1.1: a losing token wager is lost like any wager (the token stays with the house)', () => {
    const events = star([{ wagerId: 'tok-1', box: 1, bet: 'player', amountCents: 5000, medium: 'promotional-token' }], BANKER_NATURAL);
    expect(settled(events, 'tok-1')).toMatchObject({ outcome: 'lose', winCents: 0, returnedCents: 0, medium: 'promotional-token' });
  });

  it('Star 2024 1.1: a token wager handed back by a void coup returns the token, not chips', () => {
    const history = play([openStar(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'tok-1', box: 1, bet: 'player', amountCents: 5000, medium: 'promotional-token' }])]);
    const voided = play([{ type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'a disruption at the table' }], history);
    expect(settled(voided, 'tok-1')).toMatchObject({ outcome: 'void', returnedCents: 0, medium: 'promotional-token' });
  });
});

describe('Crown Melbourne: no provision for promotional tokens', () => {
  it('Crown Melbourne (no provision): a token wager is refused naming the medium field; nothing is recorded', () => {
    const history = play([openCrown(), seat(1), ...readyShoe(), start('c1')]);
    spec.given(history).when(place('c1', [{ wagerId: 'tok-1', box: 1, bet: 'player', amountCents: 5000, medium: 'promotional-token' }])).thenThrows('PROMOTIONAL_TOKENS_NOT_ACCEPTED');
  });
});

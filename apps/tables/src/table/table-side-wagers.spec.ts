import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import { DEALER, STAR_2021_DAY, T0, on, openCrown, openStar, play, readyShoe } from './table-fixtures';
import type { Actor } from './table.events';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const REGULATOR: Actor = { id: 'r-1', role: 'regulator' };

const wagers = (w: Wagers, coupId = 'c1'): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: w });
const decline = (box: number, bet: string, side: 'player' | 'banker' | undefined, sessionId: string, actor = DEALER): TableCommand => ({
  type: 'DeclineSideWager',
  actor,
  now: T0,
  coupId: 'c1',
  box,
  bet,
  ...(side ? { side } : {}),
  sessionId,
});
// Box 1: Ann (seated) wagers on Player; Bob, standing behind, on Banker at the same box. Cy wagers elsewhere.
const crownCoup = (extra: Wagers = []) =>
  play([
    openCrown(),
    ...readyShoe(),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'P-ann' },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
    wagers([
      { wagerId: 'ann-p', box: 1, bet: 'player', amountCents: 5000 },
      { wagerId: 'bob-b', box: 1, sessionId: 'bob', bet: 'banker', amountCents: 5000 },
      { wagerId: 'cy-p', box: 2, sessionId: 'cy', bet: 'player', amountCents: 5000 },
      ...extra,
    ]),
  ]);
const pairs = (wagerId: string, sessionId: string, side: 'player' | 'banker', box = 1) => ({ wagerId, box, sessionId, bet: 'pairs', side, amountCents: 1000 });

describe('Side Wager entitlement at a betting area (Crown Melbourne 5.8.3-5.8.7)', () => {
  it("gives the area's Player Side Wager first to the player with the Player wager there (Crown Melbourne 5.8.3; 5.8.7)", () => {
    spec.given(crownCoup()).when(wagers([pairs('bob-pp', 'bob', 'player')])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.3; 5.8.7');
    spec.given(crownCoup()).when(wagers([pairs('cy-pp', 'cy', 'player')])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.3; 5.8.7');
    // The entitled player may always take it; the order holds within one batch of wagers too.
    spec.given(crownCoup()).when(wagers([pairs('ann-pp', 'ann', 'player')])).thenEvents((events) => expect(events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'ann-pp', sessionId: 'ann' }] }]));
    const dan = { wagerId: 'dan-p', box: 3, sessionId: 'dan', bet: 'player', amountCents: 5000 };
    spec.given(crownCoup()).when(wagers([dan, pairs('dan-pp', 'dan', 'player', 3)])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
    spec.given(crownCoup()).when(wagers([dan, pairs('eve-pp', 'eve', 'player', 3)])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.3; 5.8.7');
  });

  it("gives the area's Banker Side Wager first to the player with the Banker wager there (Crown Melbourne 5.8.4; 5.8.7)", () => {
    spec.given(crownCoup()).when(wagers([pairs('ann-bp', 'ann', 'banker')])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.4; 5.8.7');
    spec.given(crownCoup()).when(wagers([{ wagerId: 'ann-run', box: 1, sessionId: 'ann', bet: 'runs-banker', length: 2, amountCents: 1000 }])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.4; 5.8.7');
    spec.given(crownCoup()).when(wagers([pairs('bob-bp', 'bob', 'banker')])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('passes it on once the entitled player has elected: placed it, or declined it (Crown Melbourne 5.8.5; 5.8.7)', () => {
    // Ann placed her Player Pairs: Bob (who wagers at box 1, not on Player) is next (5.8.5), before Cy.
    const annPlaced = crownCoup([pairs('ann-pp', 'ann', 'player')]);
    spec.given(annPlaced).when(wagers([pairs('bob-pp', 'bob', 'player')])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
    spec.given(annPlaced).when(wagers([pairs('cy-pp', 'cy', 'player')])).thenThrows('SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.5; 5.8.7');
    // Ann declines, then Bob declines: the remaining players may take it (5.8.7).
    const declined = play([decline(1, 'pairs', 'player', 'ann'), decline(1, 'pairs', 'player', 'bob')], crownCoup());
    spec.given(declined).when(wagers([pairs('cy-pp', 'cy', 'player')])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('records a decline with who declined, and only from a player entitled at that area (Crown Melbourne 5.8.7)', () => {
    spec.given(crownCoup()).when(decline(1, 'pairs', 'player', 'ann')).thenEvents((events) =>
      expect(events).toEqual([
        { type: 'SideWagerDeclined', tableId: 'T1', coupId: 'c1', box: 1, bet: 'pairs', hand: 'player', sessionId: 'ann', clause: 'Crown Melbourne 5.8.7', declinedAt: T0, by: DEALER },
      ]),
    );
    spec.given(crownCoup()).when(decline(1, 'pairs', 'player', 'cy')).thenThrows('NO_SIDE_WAGER_ENTITLEMENT', 'Crown Melbourne 5.8.3-5.8.6');
    spec.given(crownCoup()).when(decline(1, 'tie', undefined, 'ann')).thenThrows('NOT_A_PLAYER_OR_BANKER_SIDE_WAGER', 'Crown Melbourne 5.8.3-5.8.6');
    spec.given(crownCoup([pairs('ann-pp', 'ann', 'player')])).when(decline(1, 'pairs', 'player', 'ann')).thenThrows('SIDE_WAGER_ALREADY_ELECTED', 'Crown Melbourne 5.8.7');
    spec.given(crownCoup()).when(decline(1, 'pairs', 'player', 'ann', REGULATOR)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 5.8.7');
  });

  it('leaves bets that are not on the Player or Banker hand to anyone: Tie (Crown Melbourne 5.8.1)', () => {
    spec.given(crownCoup()).when(wagers([{ wagerId: 'cy-t', box: 1, sessionId: 'cy', bet: 'tie', amountCents: 1000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('has no order of entitlement at a Star table (Star 2021 has no equivalent clause)', () => {
    const star = play(on(STAR_2021_DAY, [
      openStar({ rulebookId: 'star-sydney-2021' }),
      ...readyShoe(),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      wagers([{ wagerId: 'ann-p', box: 1, sessionId: 'ann', bet: 'player', amountCents: 5000 }]),
    ]));
    spec.given(star).when(wagers([pairs('bob-pp', 'bob', 'player')])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
    spec.given(star).when(decline(1, 'pairs', 'player', 'ann')).thenThrows('SIDE_WAGER_ENTITLEMENT_NOT_PROVIDED', 'Star 2021 (no provision)');
  });
});

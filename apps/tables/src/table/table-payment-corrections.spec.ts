import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import { DEALER, SUPERVISOR, T0, deal, openStar, play, readyShoe } from './table-fixtures';

/**
 * Star 2024 12.18-12.20: a wager not correctly settled by an over- or underpayment is rectified, and an individual
 * over/underpayment over $1,000 is reported to the NICC monthly (12.20.2). The error of one wager is one amount,
 * recorded once: a second correction of the same wager would count its money twice (or split a reportable error
 * into unreportable parts).
 */
const spec = deciderSpec(tableDecider);
const CLAUSE = "Star 2024 12.18-12.20; 12.20.2 (monthly report of individual over/underpayments over $1,000)";
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const correct = (wagerId: string, kind: 'overpayment' | 'underpayment', amountCents: number, coupId = 'c1'): TableCommand => ({
  type: 'CorrectPayment',
  actor: SUPERVISOR,
  now: T0,
  coupId,
  wagerId,
  kind,
  amountCents,
  reason: 'found on the surveillance review',
});
/** A Star 2024 table where coup c1 settled: w1 (Player, won 2,000), w2 (Banker, lost 1,000) and w3 (Player, won 300, box 3). */
const settled = () =>
  play([
    openStar(),
    ...readyShoe(),
    seat(1),
    seat(2),
    seat(3),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
    {
      type: 'PlaceWagers',
      actor: DEALER,
      now: T0,
      coupId: 'c1',
      wagers: [
        { wagerId: 'w1', box: 1, bet: 'player', amountCents: 200000 },
        { wagerId: 'w2', box: 2, bet: 'banker', amountCents: 100000 },
        { wagerId: 'w3', box: 3, bet: 'player', amountCents: 30000 },
      ],
    },
    ...deal('c1', PLAYER_NATURAL),
  ]);

describe('Tables: over- and underpayment corrections (Star 2024 12.18-12.20)', () => {
  it('refuses a second correction of the same overpayment, naming the clause (Star 2024 12.18-12.20)', () => {
    const once = play([correct('w1', 'overpayment', 150000)], settled());
    spec.given(once).when(correct('w1', 'overpayment', 150000)).thenThrows('PAYMENT_ALREADY_CORRECTED', CLAUSE);
  });

  it('refuses partial corrections of one wager that would add up past its error: a reportable overpayment is not split below the report threshold (Star 2024 12.20.2)', () => {
    const once = play([correct('w1', 'overpayment', 60000)], settled());
    spec.given(once).when(correct('w1', 'overpayment', 60000)).thenThrows('PAYMENT_ALREADY_CORRECTED', CLAUSE);
    spec.given(once).when(correct('w1', 'underpayment', 1000)).thenThrows('PAYMENT_ALREADY_CORRECTED', CLAUSE);
  });

  it('corrects another wager of the same coup, and the same wager id of another coup, on its own (Star 2024 12.18)', () => {
    const once = play([correct('w1', 'overpayment', 150000)], settled());
    spec.given(once).when(correct('w3', 'underpayment', 30000)).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'PaymentCorrected', wagerId: 'w3', kind: 'underpayment', amountCents: 30000 }]));
    const next = play([{ type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c2' }, { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c2', wagers: [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }] }, ...deal('c2', PLAYER_NATURAL)], once);
    spec.given(next).when(correct('w1', 'overpayment', 5000, 'c2')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'PaymentCorrected', coupId: 'c2', wagerId: 'w1' }]));
  });

  it('refuses an underpayment larger than all the wager was due, stake and winnings (Star 2024 12.18)', () => {
    // w1 was due its 2,000 stake and 2,000 winnings: it cannot have been short paid by more.
    spec.given(settled()).when(correct('w1', 'underpayment', 400001)).thenThrows('CORRECTION_EXCEEDS_AMOUNT_DUE', CLAUSE);
    spec.given(settled()).when(correct('w1', 'underpayment', 400000)).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'PaymentCorrected', amountCents: 400000, reportable: true }]));
    // A losing wager was due nothing back: it can be overpaid, never underpaid.
    spec.given(settled()).when(correct('w2', 'underpayment', 100)).thenThrows('CORRECTION_EXCEEDS_AMOUNT_DUE', CLAUSE);
    spec.given(settled()).when(correct('w2', 'overpayment', 100000)).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'PaymentCorrected', wagerId: 'w2', kind: 'overpayment' }]));
  });
});

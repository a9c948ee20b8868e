import { DomainError } from '@app/contracts';
import { atsPoliciesFor, atsWagerShown, CROWN_MELBOURNE_RAPID_ATS, madeOfNotes } from './ats-policies';
import { CROWN_MELBOURNE_RAPID } from './crown-melbourne-rapid';
import { CROWN_MELBOURNE_V29 } from './crown-melbourne-v29';

const limits = { minCents: 1_000, maxCents: 50_050, incrementCents: 500 };
const shown = (cents: number) => atsWagerShown(CROWN_MELBOURNE_RAPID_ATS, cents, limits);

describe('ATS policies (Crown Melbourne Rapid Baccarat)', () => {
  it('Rapid 8.1(b): the wagering period is 30 seconds unless the operator sets one', () => {
    expect(atsPoliciesFor(CROWN_MELBOURNE_RAPID).wageringPeriod).toMatchObject({ defaultSeconds: 30, setBy: 'casino-operator', endsWhenDealerDraws: true });
  });

  it('a rulebook without ATS has no ATS policies', () => {
    let thrown: unknown;
    try {
      atsPoliciesFor(CROWN_MELBOURNE_V29);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('RULEBOOK_HAS_NO_ATS');
  });

  it('Rapid 5.3.1: under the minimum no chips are shown', () => {
    expect(shown(999)).toMatchObject({ shown: false, amountCents: 0, clause: 'Rapid 5.3.1' });
  });

  it('Rapid 5.3.2(a): between permitted multiples, the next lowest permitted wager', () => {
    expect(shown(1_000)).toEqual({ shown: true, amountCents: 1_000, reduced: false });
    expect(shown(1_499)).toMatchObject({ shown: true, amountCents: 1_000, reduced: true, clause: 'Rapid 5.3.2' });
    expect(shown(2_500)).toEqual({ shown: true, amountCents: 2_500, reduced: false });
  });

  it('Rapid 5.3.2(b): above the maximum, the highest permitted wager not above it', () => {
    // 50,050 is not on the grid of 1,000 + 500k: the next lowest permitted wager is 50,000.
    expect(shown(80_000)).toMatchObject({ shown: true, amountCents: 50_000, reduced: true, clause: 'Rapid 5.3.2' });
    expect(shown(50_050)).toMatchObject({ amountCents: 50_000, reduced: true });
  });
});

describe('The note acceptor (Rapid 6.4, 6.5.2)', () => {
  it('Rapid 6.4: an amount inserted is a sum of the notes the acceptor takes', () => {
    const notes = CROWN_MELBOURNE_RAPID_ATS.buyIn.noteDenominationsCents;
    expect([500, 1_500, 2_500, 100_000].map((a) => madeOfNotes(a, notes))).toEqual([true, true, true, true]);
    expect([0, 100, 750, 1_999, -500].map((a) => madeOfNotes(a, notes))).toEqual([false, false, false, false, false]);
  });

  it('Rapid 6.4: with notes that are not multiples of the smallest, the gaps below the bound are found', () => {
    // $20 and $50 notes only: $30 and $10 cannot be made, $60 (3 x $20) and $110 ($50 + 3 x $20) can.
    expect([1_000, 3_000, 6_000, 11_000, 7_000].map((a) => madeOfNotes(a, [2_000, 5_000]))).toEqual([false, false, true, true, true]);
  });
});

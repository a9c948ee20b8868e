import { PROMOTION_ACT_EDITION, promotionPolicyById, promotionPolicyForAct, promotionPolicyForPayment } from './promotion-policy';

const star21 = promotionPolicyById('star-sydney-2021');
const star24 = promotionPolicyById('star-sydney-2024');

describe('promotion policy per Star edition', () => {
  it('Star 2021 16.4 pays cash, the winner choosing over $10,000; Star 2024 16.4 crossed cheque or EFT only', () => {
    expect(star21.payment).toMatchObject({ methods: ['cash', 'crossed-cheque', 'eft'], winnerChoosesAboveCents: 1_000_000, clause: 'Star 2021 16.4' });
    expect(star24.payment).toMatchObject({ methods: ['crossed-cheque', 'eft'], winnerChoosesAboveCents: null, clause: 'Star 2024 16.4' });
  });

  it('16.3: 2021 excludes slots and casino dollars from cash alternatives, 2024 casino dollars only', () => {
    expect(star21.cashAlternative.excludedKinds).toEqual(expect.arrayContaining(['slots-dollars', 'casino-dollars']));
    expect(star24.cashAlternative.excludedKinds).toContain('casino-dollars');
    expect(star24.cashAlternative.excludedKinds).not.toContain('slots-dollars');
  });

  it('16.11: the inspectorate immediately (2021), the Inspector within 48 hours (2024)', () => {
    expect(star21.compromisedNotice).toMatchObject({ withinHours: 0, clause: 'Star 2021 16.11' });
    expect(star24.compromisedNotice).toMatchObject({ withinHours: 48, clause: 'Star 2024 16.11' });
  });

  it('16.12 and 16.12.1 exist only in 2024', () => {
    expect(star21.termsToRegulator).toBeNull();
    expect(star21.amendmentsResubmitted).toBeNull();
    expect(star24.termsToRegulator).toEqual({ hoursBefore: 24, clause: 'Star 2024 16.12' });
    expect(star24.amendmentsResubmitted).toEqual({ clause: 'Star 2024 16.12.1' });
  });

  it('what both share: 16.7.1-16.7.11, 16.2 $10,000, 16.8 two days, 16.9.1 $100, 16.5.4 twenty litres', () => {
    for (const p of [star21, star24]) {
      expect(p.termsItems.map((i) => i.clause.split(' ').pop())).toEqual(['16.7.1', '16.7.2', '16.7.3', '16.7.4', '16.7.5', '16.7.6', '16.7.7', '16.7.8', '16.7.9', '16.7.10', '16.7.11']);
      expect(p.prizeDetails['real-estate']).toHaveLength(6);
      expect(p.scrutineerAboveCents.cents).toBe(1_000_000);
      expect(p.notifyWinner.withinDays).toBe(2);
      expect(p.retainDeniedClaimsAboveCents.cents).toBe(10_000);
      expect(p.liquorLimit.litres).toBe(20);
    }
  });

  it('rulebooks without promotional prize rules have no policy', () => {
    expect(() => promotionPolicyById('crown-melbourne-v29')).toThrow(expect.objectContaining({ code: 'PROMOTIONS_NOT_IN_RULEBOOK' }));
  });

  it('Star 2024 16.4: a payment follows the edition in force on its Sydney date: a Star 2021 promotion paid on or after 16 May 2024 pays under Star 2024', () => {
    expect(PROMOTION_ACT_EDITION).toMatchObject({ terms: 'commencement', payment: 'in force when paid' });
    expect(promotionPolicyForPayment('star-sydney-2021', '2024-05-15T13:59:59Z').payment.clause).toBe('Star 2021 16.4');
    expect(promotionPolicyForPayment('star-sydney-2021', '2024-05-15T14:00:00Z').payment.clause).toBe('Star 2024 16.4');
    // The edition of the act's own date, even one earlier than the promotion's (16.11 and 16.12.1 are judged so);
    // before any edition of the series took effect, the promotion's own.
    expect(promotionPolicyForAct('star-sydney-2024', '2024-05-15T23:00:00+10:00').compromisedNotice.clause).toBe('Star 2021 16.11');
    expect(promotionPolicyForAct('star-sydney-2021', '2020-01-01T10:00:00+11:00').compromisedNotice.clause).toBe('Star 2021 16.11');
  });

  it('Star 2024 16.5.1-16.5.3: each forbidden item has the words its free-text contents are matched on; 16.5.4 in millilitres', () => {
    expect(star24.forbiddenContents.find((f) => f.content === 'tobacco')?.words).toEqual(expect.arrayContaining(['cigar', 'cigarette']));
    expect(star24.liquorLimit).toMatchObject({ litres: 20, millilitres: 20_000, clause: 'Star 2024 16.5.4' });
  });

  it('Star 2024 16.5.4: the rulebook holds the drinks that are not liquor and the standard sizes the texts are read by', () => {
    expect(star24.liquorLimit.notLiquor).toEqual(expect.arrayContaining(['ginger beer', 'root beer']));
    expect(star24.liquorLimit.notLiquorBefore).toEqual(expect.arrayContaining(['non-alcoholic', 'alcohol-free', '0.0%']));
    const size = (container: string) => star24.liquorLimit.standardSizes.filter((s) => s.container === container).map((s) => s.millilitres);
    expect({ case: size('case'), carton: size('carton'), magnum: size('magnum'), jeroboam: size('jeroboam'), nebuchadnezzar: size('nebuchadnezzar'), cask: size('cask'), can: size('can') }).toEqual({
      case: [9_000], carton: [9_000], magnum: [1_500], jeroboam: [3_000], nebuchadnezzar: [15_000], cask: [4_000], can: [375],
    });
    expect(size('bottle')).toEqual([750, 700]);
  });
});

import { CROWN_MELBOURNE_RAPID, CROWN_MELBOURNE_V29, CROWN_SYDNEY_GUIDE, STAR_SYDNEY_2021, STAR_SYDNEY_2024, roleAtLeast } from './index';

const p = {
  crown: CROWN_MELBOURNE_V29.procedures,
  rapid: CROWN_MELBOURNE_RAPID.procedures,
  star21: STAR_SYDNEY_2021.procedures,
  star24: STAR_SYDNEY_2024.procedures,
  guide: CROWN_SYDNEY_GUIDE.procedures,
};

describe('over/underpayments and the monthly report (Star 2024 12.18-12.20)', () => {
  it('Star 2024 reports individual over/underpayments over $1,000 to the NICC monthly (12.20.2)', () => {
    expect(p.star24.overUnderpayment).toMatchObject({ monthlyReportAboveCents: 100_000, reportTo: 'NICC' });
    expect(p.star24.overUnderpayment?.clause).toContain('Star 2024 12.18');
  });

  it('Star 2021 has no over/underpayment monthly report (12.18-12.20 arrive in 2024)', () => {
    expect(p.star21.overUnderpayment).toBeNull();
  });
});

describe('proxy betting (Star 2024 14.16)', () => {
  it('is banned by Star 2024 14.16 and not addressed by Star 2021 (14.16 does not exist yet)', () => {
    expect(p.star24.proxyBetting).toEqual({ allowed: false, clause: "Star 2024 14.16; 1.1 'Proxy Betting'" });
    expect(p.star21.proxyBetting).toBeNull();
  });
});

describe('promotional prize payment (Star 16.4 differs between editions)', () => {
  it('Star 2021 16.4 lets the winner of a cash prize over $10,000 take cash', () => {
    expect(p.star21.promotionalPrizes).toMatchObject({ cashAllowed: true, termsToRegulatorHoursBefore: null });
    expect(p.star21.promotionalPrizes?.paymentMethods).toContain('cash');
  });

  it('Star 2024 16.4 never pays a promotional prize in cash; 16.12 sends terms to the NICC 24 hours ahead', () => {
    expect(p.star24.promotionalPrizes?.cashAllowed).toBe(false);
    expect(p.star24.promotionalPrizes?.paymentMethods).toEqual(['crossed-cheque', 'eft']);
    expect(p.star24.promotionalPrizes?.termsToRegulatorHoursBefore).toEqual({ hours: 24, clause: 'Star 2024 16.12' });
  });
});

describe('table closing notice', () => {
  it('Crown Melbourne 15.8: three coups\' notice, by a TG Higher Duties Dealer (or above)', () => {
    expect(p.crown.tableClosing).toEqual({ notice: { kind: 'coups', coups: 3 }, authority: { minimumRole: 'gaming-supervisor', clause: 'Crown Melbourne 15.8' } });
  });

  it('Star 14.9 and Rapid 13.7: a sign 20 minutes before closing', () => {
    expect(p.star24.tableClosing?.notice).toEqual({ kind: 'sign-minutes', minutes: 20 });
    expect(p.rapid.tableClosing?.notice).toEqual({ kind: 'sign-minutes', minutes: 20 });
    expect(p.rapid.tableClosing?.authority.clause).toBe('Rapid 13.7');
  });
});

describe('limits', () => {
  it('Crown Melbourne 6.7: a TG Area Manager changes limits, a higher minimum needs a 20-minute sign and nobody keeps the old one', () => {
    expect(p.crown.limitChange).toMatchObject({ authority: { minimumRole: 'area-manager' }, raiseMinimumSignMinutes: 20, grandfatheredMinimum: { allowed: false } });
  });

  it('Star 6.7.1 lets seated players keep the pre-existing minimum, with a marker', () => {
    expect(p.star24.limitChange?.grandfatheredMinimum).toEqual({ allowed: true, marker: true, clause: 'Star 2024 6.7.1-6.7.4' });
  });

  it('individual limits: a Distinctive Marker at Crown Melbourne 6.6, a sign at Star 6.8', () => {
    expect(p.crown.individualLimits).toMatchObject({ allowed: true, indicatedBy: 'distinctive-marker', clause: 'Crown Melbourne 6.6' });
    expect(p.star24.individualLimits).toMatchObject({ allowed: true, indicatedBy: 'sign', clause: 'Star 2024 6.8' });
  });

  it('below the minimum: settled then warned (Crown 6.3.1), valid (Star 6.4), not accepted by the ATS (Rapid 5.3.1)', () => {
    expect([p.crown, p.star24, p.rapid].map((x) => x.minimumMaximum?.belowMinimum)).toEqual(['settled-then-warned', 'valid', 'not-accepted']);
  });

  it('Crown Melbourne 6.5: over the differential on Traditional Baccarat costs an extra 2.5% on the excess; Star 6.2 has no such commission', () => {
    expect(p.crown.tableDifferential?.overDifferentialCommission).toMatchObject({ variants: ['traditional'], bankerExtra: { num: 25, den: 1000 }, playerExtra: { num: 25, den: 1000 } });
    expect(p.star24.tableDifferential).toMatchObject({ offered: true, overDifferentialCommission: null, discoveredAfterFirstCard: 'wagers-valid' });
  });

  it('chip rounding pays the next highest payable amount (Star 5.8, Crown Melbourne 6.3.3)', () => {
    expect(p.star24.chipRounding?.clause).toBe('Star 2024 5.8');
    expect(p.crown.chipRounding?.clause).toBe('Crown Melbourne 6.3.3');
  });
});

describe('commission', () => {
  it('Crown Melbourne 9.3.1 defers commission for seated players only, settled by the end of the shoe', () => {
    expect(p.crown.commission?.deferral).toMatchObject({ allowed: true, seatedPlayersOnly: true, settleBy: 'end-of-shoe' });
    expect(p.crown.commission?.deferral?.earlierWhen).toHaveLength(3);
  });

  it('Rapid 4.8.2(a) deducts commission before crediting the ATS account, so nothing is deferred', () => {
    expect(p.rapid.commission?.deferral?.allowed).toBe(false);
  });
});

describe('dealing, dummy coups, burn and cut', () => {
  it('Star 8.1 allows Methods A, B and C; Crown Melbourne 7.1 its three methods; Rapid 8.3.1 the dealer only', () => {
    expect(p.star24.dealingMethods?.allowed).toEqual(['method-a', 'method-b', 'method-c']);
    expect(p.crown.dealingMethods?.allowed).toHaveLength(3);
    expect(p.rapid.dealingMethods?.allowed).toEqual(['dealer-retains-shoe']);
  });

  it('Crown Melbourne 7.4: a TG Higher Duties Dealer directs Dummy Coups; Runs and Dragon Tails carry over them (10.8.4)', () => {
    expect(p.crown.dummyCoups?.directedBy?.minimumRole).toBe('gaming-supervisor');
    expect(p.crown.dummyCoups?.wagersOnDummyCoup.exceptBets).toEqual(expect.arrayContaining(['runs-player', 'dragon-tail-late']));
  });

  it('Star 7.4-7.5: No Bet Coups only with a card shoe and no patrons, or with every player agreeing; no wagers (12.4)', () => {
    expect(p.star24.dummyCoups?.when.map((w) => w.clause)).toEqual(['Star 2024 7.4', 'Star 2024 7.5']);
    expect(p.star24.dummyCoups?.wagersOnDummyCoup.effect).toBe('not-permitted');
  });

  it('Rapid 11.8.2: dummy coups only where a rule forces one, nobody may direct them', () => {
    expect(p.rapid.dummyCoups?.directedBy).toBeNull();
  });

  it('face-value burn: on a player\'s request at Crown Melbourne 4.3.1(b), with casino supervisor approval at Star 4.7.3', () => {
    expect(p.crown.burn?.methods.find((m) => m.method === 'face-value')).toMatchObject({ onRequestOf: 'player' });
    expect(p.star24.burn?.methods.find((m) => m.method === 'face-value')?.approval?.clause).toBe('Star 2024 4.7.3-4.7.5');
    expect(p.star21.burn?.methods.find((m) => m.method === 'face-value')?.approval?.clause).toBe('Star 2021 4.7.3-4.7.3.2');
  });

  it('cut card: approximately 20 cards or 13 fanned at Crown Melbourne 4.2.4, at least 20 at Star 4.6', () => {
    expect(p.crown.cut?.cutCardPlacement.map((x) => [x.cardsFromBack, x.qualifier])).toEqual([[20, 'approximately'], [13, 'exactly']]);
    expect(p.star24.cut?.cutCardPlacement.map((x) => [x.cardsFromBack, x.qualifier])).toEqual([[20, 'at-least']]);
  });
});

describe('who may void a coup or wager', () => {
  it('Crown Melbourne 15.3: fraud needs a Casino Manager; 15.4: disruption a TG Higher Duties Dealer', () => {
    expect(p.crown.voiding?.fraud).toEqual({ minimumRole: 'casino-manager', clause: 'Crown Melbourne 15.3' });
    expect(p.crown.voiding?.disruption).toEqual({ minimumRole: 'gaming-supervisor', clause: 'Crown Melbourne 15.4' });
    expect(roleAtLeast('area-manager', p.crown.voiding?.fraud.minimumRole ?? 'dealer')).toBe(false);
  });

  it('Star 14.4: a casino supervisor, which Star 1.1 says includes a gaming supervisor', () => {
    expect(p.star24.voiding?.fraud).toEqual({ minimumRole: 'gaming-supervisor', clause: 'Star 2024 14.4.2' });
    expect(roleAtLeast('dealer', p.star24.voiding?.disruption.minimumRole ?? 'casino-manager')).toBe(false);
  });
});

describe('Lucky Tie Jackpot (Crown Melbourne 13)', () => {
  const jackpot = p.crown.luckyTieJackpot;

  it('offers options 1-3 of Table 20 with their meter percentages', () => {
    expect(jackpot?.options.map((o) => o.option)).toEqual(['1', '2', '3']);
    expect(jackpot?.options[0].outcomes.map((o) => [o.outcome, o.percentOfMeter])).toEqual([
      ['non-coloured-lucky-tie', { min: 1, max: 10 }],
      ['coloured-lucky-tie', { min: 5, max: 20 }],
      ['suited-lucky-tie', { min: 100, max: 100 }],
    ]);
    expect(jackpot?.options[1].outcomes[0].percentOfMeter).toEqual({ min: 1, max: 20 });
  });

  it('divides equally or by Tie wager (13.4.6(a)), rounds the meter up to a payable amount (13.4.7(a))', () => {
    expect(jackpot?.division.methods).toEqual(['equal', 'proportional']);
    expect(jackpot?.rounding.rule).toBe('meter-rounded-up-to-payable-amount');
  });

  it('is confirmed by a TG Area Manager on the Jackpot Management Console, who notifies the Casino Manager (13.4.5)', () => {
    expect(jackpot?.confirmation).toEqual({ minimumRole: 'area-manager', via: 'jackpot-console', notify: 'casino-manager', clause: 'Crown Melbourne 13.4.5' });
  });

  it('exists only at Crown Melbourne', () => {
    expect([p.rapid, p.star24, p.guide].map((x) => x.luckyTieJackpot)).toEqual([null, null, null]);
  });
});

describe('the Crown Sydney guide is a summary', () => {
  it('addresses no procedures beyond commission (null = not addressed, not "allowed")', () => {
    expect(p.guide.voiding).toBeNull();
    expect(p.guide.tableClosing).toBeNull();
    expect(p.guide.commission?.banker).toEqual({ num: 5, den: 100 });
  });
});

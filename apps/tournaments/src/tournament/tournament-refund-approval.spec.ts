import { rulebookInForce } from '@app/baccarat';
import { DomainError } from '@app/contracts';
import { requireRefundApprovalApplies, tournamentRulesOf } from './tournament-rules.decider';

const star = tournamentRulesOf(rulebookInForce('the-star-sydney', '2026-03-01'));
const crown = tournamentRulesOf(rulebookInForce('crown-melbourne', '2026-03-01'));
const refused = (f: () => void) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, code: e.code, clause: e.clause, field: e.field };
    throw e;
  }
  return null;
};

describe("the Tournament Manager's approval of a refund on a disqualification (Star 2024 15.5.6.2, 15.5.7)", () => {
  it('Star 2024 15.5.6.2: a player disqualified for absence may be refunded on the approval', () => {
    expect(refused(() => requireRefundApprovalApplies(star, 'absent', true))).toBeNull();
  });

  it('Star 2024 15.5.7: an approval sent with a disqualification for a contravention is refused 422 naming refundApproved and the clause, never ignored', () => {
    expect(refused(() => requireRefundApprovalApplies(star, 'contravention', true))).toEqual({ kind: 'rule', code: 'REFUND_APPROVAL_NOT_APPLICABLE', clause: 'Star 2024 15.5.7; 15.6.7; 15.11.4', field: 'refundApproved' });
    expect(refused(() => requireRefundApprovalApplies(star, 'concealing-chips', true))).toMatchObject({ code: 'REFUND_APPROVAL_NOT_APPLICABLE', field: 'refundApproved' });
    expect(refused(() => requireRefundApprovalApplies(star, 'contravention', false))).toBeNull();
  });

  it('Crown Melbourne 14.4.8(a)(iv): where the terms state the refund, an approval changes nothing and is refused naming the clause', () => {
    expect(refused(() => requireRefundApprovalApplies(crown, 'absent', true))).toEqual({ kind: 'rule', code: 'REFUND_APPROVAL_NOT_APPLICABLE', clause: 'Crown Melbourne 14.4.8(a)(iv)', field: 'refundApproved' });
  });
});

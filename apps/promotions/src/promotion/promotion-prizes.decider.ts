/**
 * After the draw (Star 16.3, 16.4, 16.8, 16.9): winners notified within 2 days when not present, prizes paid as
 * the edition allows (2021: cash allowed, the winner chooses over $10,000; 2024: crossed cheque or EFT only),
 * cash alternatives, and refused claims retained with the claimant's name, address and reasons over $100.
 */
import { conflict, notFound, ruleViolation } from '@app/contracts';
import { PromotionPolicy, promotionPolicyForPayment } from '@app/baccarat';
import { atOrBefore, instantMs } from './instants';
import { assertNoticeNotInFuture } from './promotion-draw.decider';
import type { DenyClaim, NotifyWinner, PayPrize } from './promotion-command.types';
import type { PromotionEvent, PromotionState } from './promotion.events';

const winnerOf = (s: PromotionState, prizeId: string) => {
  if (s.status !== 'drawn') throw conflict('NOT_DRAWN', 'The draw has not taken place.');
  const winner = s.winners.find((w) => w.prizeId === prizeId);
  if (!winner) throw notFound('PRIZE_NOT_WON', `No winner was drawn for prize ${prizeId}.`);
  return winner;
};

export const notifyWinner = (policy: PromotionPolicy, s: PromotionState, c: NotifyWinner): PromotionEvent[] => {
  const winner = winnerOf(s, c.prizeId);
  if (!policy.notifyWinner.methods.includes(c.method)) {
    throw ruleViolation('NOTIFICATION_METHOD_INVALID', `Notify by ${policy.notifyWinner.methods.join(', ')}.`, policy.notifyWinner.clause, 'method');
  }
  assertNoticeNotInFuture(c.notifiedAt, c.now, 'notifiedAt', policy.notifyWinner.clause);
  // 16.8: a winner is notified of a draw that has taken place; a notice dated earlier notified nobody of a win.
  if (s.drawnAt !== null && instantMs(c.notifiedAt) < instantMs(s.drawnAt)) {
    throw ruleViolation('WINNER_NOTIFIED_BEFORE_DRAW', `notifiedAt (${c.notifiedAt}) is before the draw (${s.drawnAt}): record when the winner was told of the win.`, policy.notifyWinner.clause, 'notifiedAt');
  }
  if (s.notified.includes(c.prizeId)) throw conflict('WINNER_ALREADY_NOTIFIED', `The winner of ${c.prizeId} was notified already.`);
  const dueBy = s.notifyWinnersBy;
  return [
    {
      type: 'PromotionWinnerNotified',
      promotionId: s.promotionId,
      prizeId: c.prizeId,
      patronId: winner.patronId,
      method: c.method,
      notifiedAt: c.notifiedAt,
      dueBy,
      onTime: dueBy === null || atOrBefore(c.notifiedAt, dueBy),
      clause: policy.notifyWinner.clause,
    },
  ];
};

export const denyClaim = (policy: PromotionPolicy, s: PromotionState, c: DenyClaim): PromotionEvent[] => {
  if (s.claims.includes(c.claimId)) throw conflict('CLAIM_ALREADY_DECIDED', `Claim ${c.claimId} was decided already.`);
  const reasons = c.reasons.map((r) => r.trim()).filter((r) => r !== '');
  if (reasons.length === 0) throw ruleViolation('CLAIM_REASONS_REQUIRED', `Give the reasons the claimant is told (${policy.clauses.claimDenied}).`, policy.clauses.claimDenied, 'reasons');
  const prize = c.prizeId === null ? undefined : s.prizes.find((p) => p.prizeId === c.prizeId);
  if (c.prizeId !== null && !prize) throw notFound('PRIZE_NOT_FOUND', `No prize ${c.prizeId} in promotion ${s.promotionId}.`);
  const valueCents = prize?.valueCents ?? c.valueCents;
  if (valueCents === null || !Number.isInteger(valueCents) || valueCents < 0) {
    throw ruleViolation('CLAIM_VALUE_REQUIRED', 'Name the prize claimed, or give its value in cents.', policy.retainDeniedClaimsAboveCents.clause, 'valueCents');
  }
  const retained = valueCents > policy.retainDeniedClaimsAboveCents.cents;
  if (retained && (!c.claimant.name?.trim() || !c.claimant.address?.trim())) {
    throw ruleViolation(
      'CLAIMANT_DETAILS_REQUIRED',
      `A denied claim for a prize over $${policy.retainDeniedClaimsAboveCents.cents / 100} is retained with the claimant's name and address: give both.`,
      policy.retainDeniedClaimsAboveCents.clause,
      c.claimant.name?.trim() ? 'claimant.address' : 'claimant.name',
    );
  }
  return [
    {
      type: 'PromotionClaimDenied',
      promotionId: s.promotionId,
      claimId: c.claimId,
      prizeId: c.prizeId,
      claimant: c.claimant,
      reasons,
      valueCents,
      retained,
      complaintRight: `${policy.disputes.description} (${policy.disputes.clause})`,
      deniedAt: c.now,
      clause: retained ? policy.retainDeniedClaimsAboveCents.clause : policy.clauses.claimDenied,
    },
  ];
};

/**
 * 16.3, 16.4 as in force when the prize is paid (PROMOTION_ACT_EDITION in @app/baccarat): a payment made on or
 * after 16 May 2024 follows Star 2024 16.4 whichever edition the promotion commenced under.
 */
export const payPrize = (commenced: PromotionPolicy, s: PromotionState, c: PayPrize): PromotionEvent[] => {
  const policy = promotionPolicyForPayment(commenced.rulebookId, c.now);
  const winner = winnerOf(s, c.prizeId);
  if (s.paid.includes(c.prizeId)) throw conflict('PRIZE_ALREADY_PAID', `Prize ${c.prizeId} was paid already.`);
  const prize = s.prizes.find((p) => p.prizeId === c.prizeId)!;
  const pay = policy.payment;
  let amountCents = prize.valueCents;
  if (c.form === 'cash-alternative') {
    if (policy.cashAlternative.excludedKinds.includes(prize.kind)) {
      throw ruleViolation('CASH_ALTERNATIVE_NOT_ALLOWED', `A prize of ${prize.kind} has no cash alternative.`, policy.cashAlternative.clause, 'form');
    }
    if (prize.cashAlternativeCents === null) throw ruleViolation('CASH_ALTERNATIVE_NOT_OFFERED', `Prize ${prize.prizeId} offers no cash alternative.`, policy.cashAlternative.clause, 'form');
    amountCents = prize.cashAlternativeCents;
  }
  const monetary = prize.kind === 'cash' || c.form === 'cash-alternative';
  if (!monetary) {
    if (c.payments.length > 0) throw ruleViolation('PRIZE_NOT_MONETARY', `Prize ${prize.prizeId} is ${prize.kind}: it is handed over, not paid (leave payments empty).`, pay.clause, 'payments');
  } else {
    if (c.payments.length === 0) throw ruleViolation('PAYMENT_REQUIRED', `Say how the ${amountCents} cents are paid: ${pay.methods.join(', ')}.`, pay.clause, 'payments');
    c.payments.forEach((p, i) => {
      if (!pay.methods.includes(p.method)) {
        throw ruleViolation('PAYMENT_METHOD_NOT_ALLOWED', `${p.method} is not allowed: ${pay.description}.`, pay.clause, `payments[${i}].method`);
      }
      if (!Number.isInteger(p.amountCents) || p.amountCents <= 0) throw ruleViolation('PAYMENT_AMOUNT_INVALID', 'Each payment is a positive whole number of cents.', pay.clause, `payments[${i}].amountCents`);
    });
    const total = c.payments.reduce((sum, p) => sum + p.amountCents, 0);
    if (total !== amountCents) throw ruleViolation('PAYMENT_DOES_NOT_ADD_UP', `The payments add up to ${total} cents; the prize is ${amountCents} cents.`, pay.clause, 'payments');
    if (pay.winnerChoosesAboveCents !== null && amountCents > pay.winnerChoosesAboveCents && !c.chosenByWinner) {
      throw ruleViolation('PAYMENT_NOT_WINNERS_CHOICE', `Over $${pay.winnerChoosesAboveCents / 100} the winner chooses how to be paid (${pay.methods.join(', ')} or a combination): record their choice (chosenByWinner).`, pay.clause, 'chosenByWinner');
    }
  }
  return [
    {
      type: 'PromotionPrizePaid',
      promotionId: s.promotionId,
      prizeId: c.prizeId,
      patronId: winner.patronId,
      form: c.form,
      payments: c.payments,
      amountCents,
      chosenByWinner: c.chosenByWinner,
      paidAt: c.now,
      clause: c.form === 'cash-alternative' ? `${policy.cashAlternative.clause}; ${pay.clause}` : pay.clause,
    },
  ];
};

import { BadRequestException } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import { violationsBody } from '@app/platform-kit';

/**
 * When a malfunction occurred is input (Rapid 11.14, 11.15): the table's decider, which knows when the round opened,
 * refuses a time in the future or before the round naming `occurredAt`; the request is then malformed, a 400 naming
 * the field as any other, with the rule and the clause. Every other refusal passes as it is.
 */
export const malfunctionTimeAsBadRequest = (error: unknown, field = 'occurredAt'): unknown => {
  if (!(error instanceof DomainError) || error.field !== 'occurredAt') return error;
  return new BadRequestException({ ...violationsBody([{ field, rule: error.code, message: error.message }]), code: error.code, ...(error.clause ? { clause: error.clause } : {}) });
};

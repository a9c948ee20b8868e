import { BadRequestException } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import { violationsBody } from '@app/platform-kit';

/** A request field the table's decider checks against the rules, as the request names it. */
export interface CheckedInput {
  /** The field as the decider's refusal names it. */
  readonly field: string;
  /** The field as the request sent it, where it is nested (`malfunction.occurredAt`); the same by default. */
  readonly sentAs?: string;
  /** Only these refusals about the field are malformed input; every refusal about it by default. */
  readonly codes?: readonly string[];
}

/**
 * What only the table knows makes some input malformed: a field a rule requires in one case and not another (an
 * ATS malfunction names its ATS, Rapid 11.14; a claim that an incorrect outcome was entered names its round, 11.12),
 * or a malfunction's time in the future or before its round (11.14, 11.15). The table's decider refuses it naming
 * the field, the rule and the clause from the rulebook; the request is then a 400 as any other malformed one, with
 * `violations` naming the field and, at the top of the body as every refusal has them, `code`, `clause` and `field`.
 * Every other refusal passes as it is. Nothing was recorded: the decider refuses before any event.
 */
export const inputRefusalAsBadRequest = (error: unknown, inputs: readonly CheckedInput[]): unknown => {
  if (!(error instanceof DomainError) || error.kind !== 'rule') return error;
  const input = inputs.find((i) => i.field === error.field && (!i.codes || i.codes.includes(error.code)));
  if (!input) return error;
  const field = input.sentAs ?? input.field;
  return new BadRequestException({
    ...violationsBody([{ field, rule: error.code, message: error.message }]),
    code: error.code,
    ...(error.clause ? { clause: error.clause } : {}),
    field,
  });
};

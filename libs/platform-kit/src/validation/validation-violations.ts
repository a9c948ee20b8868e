import { ValidationError } from 'class-validator';
import { FIELD_REQUIRED } from './required-field';

/** One broken constraint: the dotted path of the field (array items by index) and the class-validator rule. */
export interface Violation {
  readonly field: string;
  /** The rule: a class-validator constraint name (`min`, `isString`), FIELD_REQUIRED, or UNKNOWN_FIELD (a field the operation does not take). */
  readonly rule: string;
  readonly message: string;
  /** The clause the rule comes from, where the DTO names it (`RequiredField`, a `{ context: { clause } }`). */
  readonly clause?: string;
}

export interface ValidationErrorBody {
  readonly statusCode: 400;
  readonly error: 'Bad Request';
  readonly message: string;
  readonly violations: readonly Violation[];
  /**
   * At the top of the body as every refusal has them: the rule and field of the first violation naming its clause, with
   * the clause; where none names one (an unknown field breaks the API document, not a rule of the game), the first's.
   */
  readonly code?: string;
  readonly clause?: string;
  readonly field?: string;
}

/**
 * Flattens class-validator's error tree into violations named by their full path (`limits.maximum`), each with the
 * clause its rule's `context` names. A required field that is missing (`RequiredField`) is that one violation alone.
 */
/**
 * The rule a field the operation does not take breaks: refused, never silently dropped, so a misspelt `maximun` cannot
 * pass as "no maximum". class-validator calls it `whitelistValidation`; the platform names it for the caller.
 */
export const UNKNOWN_FIELD = 'UNKNOWN_FIELD';

/** The violation of a field the operation does not take, saying what to do. */
export const unknownField = (field: string, why = 'the operation does not take it'): Violation => ({
  field,
  rule: UNKNOWN_FIELD,
  message: `${field} is not a field of this operation (${why}): remove it, or check its spelling against the API document`,
});

/** class-validator's type checks: a field failing one is named for its type alone. */
const TYPE_RULES = new Set(['isInt', 'isNumber', 'isString', 'isBoolean', 'isArray', 'isObject', 'isDateString', 'isIso8601', 'isEnum']);

export const violationsFrom = (errors: readonly ValidationError[], parentPath = ''): Violation[] =>
  errors.flatMap((error) => {
    const field = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    const missing = constraints.filter(([rule]) => rule === FIELD_REQUIRED);
    // A value of the wrong type breaks its type alone: its bounds (`max` of a string) say nothing the caller can act on.
    const mistyped = constraints.filter(([rule]) => TYPE_RULES.has(rule));
    const own = (missing.length > 0 ? missing : mistyped.length > 0 ? mistyped : constraints).map(([rule, message]) => {
      if (rule === 'whitelistValidation') return unknownField(field);
      const clause = (error.contexts?.[rule] as { clause?: unknown } | undefined)?.clause;
      return { field, rule, message: withPath(message, error.property, field), ...(typeof clause === 'string' ? { clause } : {}) };
    });
    return [...own, ...violationsFrom(error.children ?? [], field)];
  });

// class-validator starts messages with the bare property name ("maximum must not be less than 1");
// naming the full path tells the caller which `maximum` is meant.
const withPath = (message: string, property: string, field: string): string =>
  field !== property && message.startsWith(`${property} `) ? `${field}${message.slice(property.length)}` : message;

export const validationErrorBody = (errors: readonly ValidationError[]): ValidationErrorBody => violationsBody(violationsFrom(errors));

/** The 400 body for violations found by any check. */
export const violationsBody = (violations: readonly Violation[]): ValidationErrorBody => {
  // A sentence's own full stop is the message's, not doubled ("... (Rapid 11.14).." read as a typo).
  const sentences = violations.map((v) => v.message.replace(/\.+$/, ''));
  const message =
    sentences.length === 0
      ? 'The request is invalid.'
      : sentences.length === 1
        ? `The request is invalid: ${sentences[0]}.`
        : `The request has ${sentences.length} problems: ${sentences.join('; ')}.`;
  const top = violations.find((v) => v.clause) ?? violations[0];
  return { statusCode: 400, error: 'Bad Request', message, violations, ...(top ? { code: top.rule, ...(top.clause ? { clause: top.clause } : {}), field: top.field } : {}) };
};

import { ValidationError } from 'class-validator';

/** One broken constraint: the dotted path of the field (array items by index) and the class-validator rule. */
export interface Violation {
  readonly field: string;
  /** class-validator constraint name, e.g. `min`, `isString`, `whitelistValidation` (unknown property). */
  readonly rule: string;
  readonly message: string;
}

export interface ValidationErrorBody {
  readonly statusCode: 400;
  readonly error: 'Bad Request';
  readonly message: string;
  readonly violations: readonly Violation[];
}

/** Flattens class-validator's error tree into violations named by their full path (`limits.maximum`). */
export const violationsFrom = (errors: readonly ValidationError[], parentPath = ''): Violation[] =>
  errors.flatMap((error) => {
    const field = parentPath ? `${parentPath}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({ field, rule, message: withPath(message, error.property, field) }));
    return [...own, ...violationsFrom(error.children ?? [], field)];
  });

// class-validator starts messages with the bare property name ("maximum must not be less than 1");
// naming the full path tells the caller which `maximum` is meant.
const withPath = (message: string, property: string, field: string): string =>
  field !== property && message.startsWith(`${property} `) ? `${field}${message.slice(property.length)}` : message;

export const validationErrorBody = (errors: readonly ValidationError[]): ValidationErrorBody => violationsBody(violationsFrom(errors));

/** The 400 body for violations found by any check. */
export const violationsBody = (violations: readonly Violation[]): ValidationErrorBody => {
  const sentences = violations.map((v) => v.message);
  const message =
    sentences.length === 0
      ? 'The request is invalid.'
      : sentences.length === 1
        ? `The request is invalid: ${sentences[0]}.`
        : `The request has ${sentences.length} problems: ${sentences.join('; ')}.`;
  return { statusCode: 400, error: 'Bad Request', message, violations };
};

import { ValidateBy, ValidationOptions } from 'class-validator';

/** The rule a missing required field breaks, as the 400 names it (`code` and the violation's `rule`). */
export const FIELD_REQUIRED = 'FIELD_REQUIRED';

/**
 * A field the request must send, with the clause that requires it and what to send: missing (or null) it is refused
 * 400 `FIELD_REQUIRED` naming the field and the clause, alone (the field's other rules are not listed for a value
 * that is not there). The clause travels as class-validator's `context`; `violationsFrom` puts it on the violation
 * and the body names the field, the rule and the clause at its top. Give the field's other rules
 * `{ context: { clause } }` (`clauseContext`) to name the clause when a value is sent but wrong.
 */
export const RequiredField = (clause: string, send: string, options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: FIELD_REQUIRED,
      validator: {
        validate: (value: unknown) => value !== undefined && value !== null,
        defaultMessage: (args) => `${args?.property} is required (${clause}): send ${send}`,
      },
    },
    { ...options, context: { ...(options?.context as object | undefined), clause } },
  );

/** Validation options naming the clause a field's rule comes from, for any class-validator decorator. */
export const clauseContext = (clause: string, options?: ValidationOptions): ValidationOptions => ({ ...options, context: { ...(options?.context as object | undefined), clause } });

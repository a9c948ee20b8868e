/**
 * A record of named texts (a prize's make, model, persons...): an object whose every value is a string. A number or
 * a yes/no where text is expected is a 400 naming the field, never a crash deeper in (rule `isTextRecord`).
 */
import { ValidateBy, type ValidationOptions } from 'class-validator';

export const IsTextRecord = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isTextRecord',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string'),
        defaultMessage: (args) => {
          const value = args?.value as Record<string, unknown> | undefined;
          const bad = value && typeof value === 'object' ? Object.keys(value).find((k) => typeof value[k] !== 'string') : undefined;
          return bad !== undefined
            ? `${args?.property}.${bad} must be text (write it in words, e.g. "2 adults"); ${JSON.stringify(value![bad])} is not`
            : `${args?.property} must be an object of named texts`;
        },
      },
    },
    options,
  );

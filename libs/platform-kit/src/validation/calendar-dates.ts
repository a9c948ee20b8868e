/**
 * The request validation of dates for every service (class-validator decorators): a gaming day or a range's
 * first and last day is a calendar date, and a time is an instant (an ISO 8601 date-time with its offset). Impossible dates
 * (2025-13-45, 2025-02-30) are a 400 naming the field, never a query for a day that does not exist.
 */
import { isISO8601, ValidateBy, type ValidationOptions } from 'class-validator';
import { hasCalendarDate, hasUtcOffset, instantFault, isCalendarDate } from '@app/contracts';

/** 'YYYY-MM-DD', a date the calendar has (rule `isCalendarDate`). */
export const IsCalendarDate = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value),
        defaultMessage: (args) => `${args?.property} must be a calendar date written YYYY-MM-DD (e.g. 2025-03-03); "${String(args?.value)}" is not one`,
      },
    },
    options,
  );

/** Why a value is not an instant (`instantFault`), so the refusal names the real fault, not always the missing offset. */
const whyNotAnInstant = (value: unknown): string => instantFault(value) ?? 'is not an ISO 8601 date-time (hours 00-23, minutes and seconds 00-59, an offset written ±hh:mm or Z)';

/**
 * An instant: an ISO 8601 date-time with its offset or Z (e.g. 2026-03-01T09:00:00+11:00). A time without one would
 * be read in the server's zone, not the casino's, and shift a period by hours (rule `isIsoInstant`).
 */
export const IsIsoInstant = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isIsoInstant',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isISO8601(value, { strict: true }) && hasCalendarDate(value) && hasUtcOffset(value),
        defaultMessage: (args) => `${args?.property} must be an ISO 8601 date-time with its offset from UTC (e.g. 2026-03-01T09:00:00+11:00, or Z); "${String(args?.value)}" ${whyNotAnInstant(args?.value)}`,
      },
    },
    options,
  );

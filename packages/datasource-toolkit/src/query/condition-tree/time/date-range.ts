import { DateTime, type DurationLikeObject } from 'luxon';
import { ValidationError } from '../../../errors/errors';
import type { RelativeDateOperator } from './relative-date-operators';

/**
 * A half-open interval `[start, end)`; a missing bound is unbounded. `exclusiveStart` marks the
 * few ranges whose start is excluded too (`AfterXHoursAgo`, `Future` on dates).
 */
export interface DateRange {
  readonly start?: DateTime;
  readonly end?: DateTime;
  readonly exclusiveStart?: boolean;
}

type Unit = 'week' | 'month' | 'quarter' | 'year';

/**
 * Largest `X` of `PreviousXDays` and `PreviousXDaysToDate`: about 999 years, so that every range
 * starts within what the databases store (MySQL and MariaDB `DATETIME` begin in year 1000).
 */
export const MAX_RELATIVE_DAYS = 365_000;

/** Largest `X` of `BeforeXHoursAgo` and `AfterXHoursAgo`: the same span as `MAX_RELATIVE_DAYS`. */
export const MAX_RELATIVE_HOURS = MAX_RELATIVE_DAYS * 24;

/**
 * Why `value` is not a valid `X` for `operator`, if it is not: a whole number from 0 to the
 * operator's maximum. Operators without `X` have nothing to check.
 */
export function relativeDateValueProblem(operator: RelativeDateOperator, value: unknown): string | undefined {
  const max =
    operator === 'PreviousXDays' || operator === 'PreviousXDaysToDate'
      ? MAX_RELATIVE_DAYS
      : operator === 'BeforeXHoursAgo' || operator === 'AfterXHoursAgo'
        ? MAX_RELATIVE_HOURS
        : undefined;
  if (max === undefined) return undefined;
  if (Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max) return undefined;

  const unit = max === MAX_RELATIVE_DAYS ? 'days' : 'hours';
  return `expected a whole number of ${unit} from 0 to at most ${max.toLocaleString('en-US')}`;
}

/**
 * The interval a relative date operator designates, computed in `timezone` so that days follow
 * the caller's calendar: a day across a DST change lasts 23 or 25 hours, weeks start on Monday
 * (ISO 8601). With `dayPrecision` (Dateonly columns), "now" is rounded to whole days: ranges that
 * run "to date" include today, `Past` ends before today and `Future` starts tomorrow.
 *
 * @throws Error when `timezone` is not a valid IANA zone.
 * @throws ValidationError when `X` is not a whole number within `MAX_RELATIVE_DAYS` / `MAX_RELATIVE_HOURS`.
 */
export function getDateRange(
  operator: RelativeDateOperator,
  value: unknown,
  timezone: string,
  now: Date,
  dayPrecision: boolean,
): DateRange {
  const problem = relativeDateValueProblem(operator, value);
  if (problem !== undefined) {
    throw new ValidationError(`Invalid value for ${operator}: ${problem}.`, { details: { operator } });
  }
  const current = DateTime.fromJSDate(now, { zone: timezone });
  if (!current.isValid) throw new Error(`Invalid time zone "${timezone}": ${current.invalidExplanation ?? ''}`);
  const today = current.startOf('day');
  const toDateEnd = dayPrecision ? today.plus({ days: 1 }) : current;
  const previous = (unit: Unit): DateRange => {
    const start = current.startOf(unit);

    return { start: start.minus({ [`${unit}s`]: 1 } as DurationLikeObject), end: start };
  };
  const toDate = (unit: Unit): DateRange => ({ start: current.startOf(unit), end: toDateEnd });
  const count = Number(value);

  switch (operator) {
    case 'Today':
      return { start: today, end: today.plus({ days: 1 }) };
    case 'Yesterday':
      return { start: today.minus({ days: 1 }), end: today };
    case 'PreviousXDays':
      return { start: today.minus({ days: count }), end: today };
    case 'PreviousXDaysToDate':
      return { start: today.minus({ days: count }), end: toDateEnd };
    case 'PreviousWeek':
      return previous('week');
    case 'PreviousMonth':
      return previous('month');
    case 'PreviousQuarter':
      return previous('quarter');
    case 'PreviousYear':
      return previous('year');
    case 'PreviousWeekToDate':
      return toDate('week');
    case 'PreviousMonthToDate':
      return toDate('month');
    case 'PreviousQuarterToDate':
      return toDate('quarter');
    case 'PreviousYearToDate':
      return toDate('year');
    case 'Past':
      return { end: dayPrecision ? today : current };
    case 'Future':
      return dayPrecision ? { start: today.plus({ days: 1 }) } : { start: current, exclusiveStart: true };
    case 'BeforeXHoursAgo':
      return { end: current.minus({ hours: count }) };
    case 'AfterXHoursAgo':
      return { start: current.minus({ hours: count }), exclusiveStart: true };
    default: {
      const unhandled: never = operator;
      throw new Error(`Unhandled relative date operator ${String(unhandled)}`);
    }
  }
}

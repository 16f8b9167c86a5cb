import { DateTime, type DurationLikeObject } from 'luxon';
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
 * The interval a relative date operator designates, computed in `timezone` so that days follow
 * the caller's calendar: a day across a DST change lasts 23 or 25 hours, weeks start on Monday
 * (ISO 8601). With `dayPrecision` (Dateonly columns), "now" is rounded to whole days: ranges that
 * run "to date" include today, `Past` ends before today and `Future` starts tomorrow.
 *
 * @throws Error when `timezone` is not a valid IANA zone.
 */
export function getDateRange(
  operator: RelativeDateOperator,
  value: unknown,
  timezone: string,
  now: Date,
  dayPrecision: boolean,
): DateRange {
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

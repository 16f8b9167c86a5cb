import type { Operator } from '../../operators';

/** Date operators whose meaning depends on the current time and the caller's time zone. */
export const RELATIVE_DATE_OPERATORS = [
  'Today',
  'Yesterday',
  'PreviousXDays',
  'PreviousXDaysToDate',
  'PreviousWeek',
  'PreviousWeekToDate',
  'PreviousMonth',
  'PreviousMonthToDate',
  'PreviousQuarter',
  'PreviousQuarterToDate',
  'PreviousYear',
  'PreviousYearToDate',
  'Past',
  'Future',
  'BeforeXHoursAgo',
  'AfterXHoursAgo',
] as const satisfies readonly Operator[];

export type RelativeDateOperator = (typeof RELATIVE_DATE_OPERATORS)[number];

export function isRelativeDateOperator(operator: Operator): operator is RelativeDateOperator {
  return (RELATIVE_DATE_OPERATORS as readonly Operator[]).includes(operator);
}

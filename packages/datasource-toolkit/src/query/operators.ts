/**
 * Every filter operator. Spec agent-library §2.7 lists the user-facing ones; the others exist so
 * that the user-facing ones can be expressed with fewer native operators (see equivalence).
 */
export const OPERATORS = [
  // comparison
  'Present',
  'Blank',
  'Missing',
  'Equal',
  'NotEqual',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'In',
  'NotIn',
  // strings
  'Like',
  'ILike',
  'Contains',
  'NotContains',
  'IContains',
  'NotIContains',
  'StartsWith',
  'IStartsWith',
  'EndsWith',
  'IEndsWith',
  'LongerThan',
  'ShorterThan',
  'Match',
  // dates
  'Before',
  'After',
  'AfterXHoursAgo',
  'BeforeXHoursAgo',
  'Future',
  'Past',
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
  // arrays
  'IncludesAll',
  'IncludesNone',
] as const;

export type Operator = (typeof OPERATORS)[number];

/** Operators that take no value. */
export const UNIQUE_OPERATORS: readonly Operator[] = [
  'Present',
  'Blank',
  'Missing',
  'Future',
  'Past',
  'Today',
  'Yesterday',
  'PreviousWeek',
  'PreviousWeekToDate',
  'PreviousMonth',
  'PreviousMonthToDate',
  'PreviousQuarter',
  'PreviousQuarterToDate',
  'PreviousYear',
  'PreviousYearToDate',
];

/** Operators whose value is a whole number (days or hours). */
export const INTERVAL_OPERATORS: readonly Operator[] = [
  'PreviousXDays',
  'PreviousXDaysToDate',
  'AfterXHoursAgo',
  'BeforeXHoursAgo',
];

/** Operators whose value is a list. */
export const LIST_OPERATORS: readonly Operator[] = ['In', 'NotIn', 'IncludesAll', 'IncludesNone'];

/** Validation operators accepted by `addFieldValidation` (spec §2.7). */
export const VALIDATION_OPERATORS = [
  'Present',
  'LongerThan',
  'ShorterThan',
  'Contains',
  'Like',
  'Match',
  'GreaterThan',
  'LessThan',
  'Before',
  'After',
] as const satisfies readonly Operator[];

export type ValidationOperator = (typeof VALIDATION_OPERATORS)[number];

export function isOperator(value: unknown): value is Operator {
  return typeof value === 'string' && (OPERATORS as readonly string[]).includes(value);
}

/** Whether a value is there at all. */
export const PRESENCE_OPERATORS = ['Present', 'Blank', 'Missing'] as const;
export const EQUALITY_OPERATORS = ['Equal', 'NotEqual'] as const;
export const ORDER_OPERATORS = ['LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual'] as const;
export const MEMBERSHIP_OPERATORS = ['In', 'NotIn'] as const;
/** Text patterns; the `I` forms ignore case. */
export const PATTERN_OPERATORS = [
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
] as const;
export const TEXT_CHECK_OPERATORS = ['LongerThan', 'ShorterThan', 'Match'] as const;
/** Date operators whose meaning depends on the current time and the caller's time zone. */
export const RELATIVE_DATE_OPERATORS = [
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
] as const;
export const DATE_OPERATORS = ['Before', 'After', ...RELATIVE_DATE_OPERATORS] as const;
export const ARRAY_OPERATORS = ['IncludesAll', 'IncludesNone'] as const;

/**
 * Every filter operator, family by family. Spec agent-library §2.7 lists the user-facing ones; the
 * others exist so that the user-facing ones can be expressed with fewer native operators (see
 * equivalence).
 */
export const OPERATORS = [
  ...PRESENCE_OPERATORS,
  ...EQUALITY_OPERATORS,
  ...ORDER_OPERATORS,
  ...MEMBERSHIP_OPERATORS,
  ...PATTERN_OPERATORS,
  ...TEXT_CHECK_OPERATORS,
  ...DATE_OPERATORS,
  ...ARRAY_OPERATORS,
] as const;

export type Operator = (typeof OPERATORS)[number];

/** Operators whose value is a whole number (days or hours). */
export const INTERVAL_OPERATORS: readonly Operator[] = [
  'PreviousXDays',
  'PreviousXDaysToDate',
  'AfterXHoursAgo',
  'BeforeXHoursAgo',
];

/** Operators that take no value: presence, and the relative dates without a number of days or hours. */
export const UNIQUE_OPERATORS: readonly Operator[] = [
  ...PRESENCE_OPERATORS,
  ...RELATIVE_DATE_OPERATORS.filter((operator) => !INTERVAL_OPERATORS.includes(operator)),
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

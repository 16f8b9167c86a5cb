import { z } from 'zod';
import { withoutNul } from '../text-rules';
import type { Range } from './range';

export const RANGE_OPERATORS = ['eq', 'lt', 'lte', 'gt', 'gte'] as const;

export type RangeOperator = (typeof RANGE_OPERATORS)[number];

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 10;

/** `limit`: an integer from 1 to 100, 10 when omitted. */
export const limitParam = z
  .string()
  .regex(/^[0-9]+$/, `limit must be an integer from 1 to ${MAX_LIMIT}.`)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, `limit must be an integer from 1 to ${MAX_LIMIT}.`)
      .max(MAX_LIMIT, `limit must be an integer from 1 to ${MAX_LIMIT}.`),
  )
  .optional()
  .transform((limit) => limit ?? DEFAULT_LIMIT)
  .meta({
    description: `Maximum number of items returned, from 1 to ${MAX_LIMIT}.`,
    override: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
  });

/** A positive integer id, such as `userId`. */
export function idParam(name: string) {
  return z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a positive integer.`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be a positive integer.`).max(2_147_483_647, `${name} is too large.`))
    .meta({ override: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } });
}

/** A non-empty text filter, compared exactly. */
export function textParam(description: string) {
  return withoutNul(z.string().min(1, 'Give a non-empty value or omit the parameter.'), 'The value').meta({
    description,
  });
}

/**
 * zod's ISO 8601 checks (real calendar days, hours below 24, a zone required): a date, or a date
 * and time to the minute, second or up to the millisecond (precision -1 is minutes, n is n digits).
 */
const ISO_8601 = z.union([
  z.iso.date(),
  ...[-1, 0, 1, 2, 3].map((precision) => z.iso.datetime({ offset: true, precision })),
]);

/**
 * An ISO 8601 date (`2026-01-31`, midnight UTC) or date and time with a zone
 * (`2026-01-31T12:00:00.000Z`, `2026-01-31T13:00:00+01:00`), at most to the millisecond: the
 * precision the API stores and returns, so a value copied from a response is always accepted.
 */
export function isoDateParam(name: string) {
  const message = `${name} must be an ISO 8601 date (2026-01-31) or date and time with a time zone (2026-01-31T12:00:00.000Z), at most to the millisecond.`;
  return z
    .string()
    .transform((value, context) => {
      const date = parseIsoDate(value);
      if (date === undefined) {
        context.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      if (!isWithinStorableYears(date)) {
        context.addIssue({ code: 'custom', message: outOfRangeMessage(name), input: value });
        return z.NEVER;
      }
      return date;
    })
    .meta({
      description: `ISO 8601 date or date and time with a time zone, at most to the millisecond.`,
      override: { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] },
    });
}

/** The first and last instants PostgreSQL's timestamptz compares here: years 0001 to 9999, UTC. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Checked on the instant, after the zone is applied: `0001-01-01T00:00:00+01:00` is still in the
 * year 0 in UTC, and PostgreSQL refuses the year 0 (it has none) as it refuses 10000.
 */
function isWithinStorableYears(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST && time <= LATEST;
}

function outOfRangeMessage(name: string): string {
  return `${name} must fall between 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z once its time zone is applied.`;
}

function parseIsoDate(value: string): Date | undefined {
  return ISO_8601.safeParse(value).success ? new Date(value) : undefined;
}

type RangeKey<Field extends string> = `${Field}.${RangeOperator}`;

/** `<field>.eq`, `.lt`, `.lte`, `.gt` and `.gte`, each parsed by `schema`. */
export function rangeParams<Field extends string, Schema extends z.ZodType>(
  field: Field,
  schema: (name: string) => Schema,
): { [Key in RangeKey<Field>]: z.ZodOptional<Schema> } {
  return Object.fromEntries(
    RANGE_OPERATORS.map((operator) => [`${field}.${operator}`, schema(`${field}.${operator}`).optional()]),
  ) as { [Key in RangeKey<Field>]: z.ZodOptional<Schema> };
}

/** The bounds of `field` among parsed query parameters, or undefined when none is given. */
export function readRange<Field extends string, Value>(
  query: { readonly [Key in RangeKey<Field>]?: Value },
  field: Field,
): Range<Value> | undefined {
  const range: Record<string, Value> = {};
  for (const operator of RANGE_OPERATORS) {
    const value = query[`${field}.${operator}` as RangeKey<Field>];
    if (value !== undefined) range[operator] = value;
  }
  return Object.keys(range).length > 0 ? (range as Range<Value>) : undefined;
}

/** Emails are stored lower-cased; the filter compares the same way. */
export const emailParam = withoutNul(
  z.string().trim().min(1, 'Give a non-empty email or omit the parameter.'),
  'The email',
)
  .transform((email) => email.toLowerCase())
  .meta({ description: 'Email of the user, compared case-insensitively.', override: { type: 'string' } });

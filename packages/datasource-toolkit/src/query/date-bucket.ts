import { DateTime } from 'luxon';
import type { DateOperation } from '../contracts/chart';
import { ValidationError } from '../errors/errors';

/**
 * The key of the date group `value` falls in, computed in `timezone`: the first day of its day,
 * week (Monday), month, quarter or year, as `YYYY-MM-DD`. Dates without an offset
 * (`2026-01-01`, `2026-01-01T10:00`) are read as local times of `timezone`.
 *
 * @internal The SQL datasource produces the same keys.
 * @throws ValidationError when the value is not a date or the time zone is unknown.
 */
export function getDateBucket(value: unknown, operation: DateOperation, timezone: string): string {
  const date = toDateTime(value, timezone);
  if (!date.isValid) {
    if (!DateTime.now().setZone(timezone).isValid) throw new ValidationError(`Unknown time zone "${timezone}".`);
    throw new ValidationError(`Cannot group by ${operation}: ${JSON.stringify(value)} is not a date.`);
  }

  return date.startOf(toUnit(operation)).toFormat('yyyy-MM-dd');
}

function toDateTime(value: unknown, zone: string): DateTime {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone });
  if (typeof value === 'number') return DateTime.fromMillis(value, { zone });
  if (typeof value === 'string') return DateTime.fromISO(value, { zone });

  return DateTime.invalid('not a date');
}

function toUnit(operation: DateOperation): 'day' | 'week' | 'month' | 'quarter' | 'year' {
  switch (operation) {
    case 'Day':
      return 'day';
    case 'Week':
      return 'week';
    case 'Month':
      return 'month';
    case 'Quarter':
      return 'quarter';
    case 'Year':
      return 'year';
    default: {
      const unknownOperation: never = operation;
      throw new ValidationError(`Unknown date operation "${String(unknownOperation)}".`);
    }
  }
}

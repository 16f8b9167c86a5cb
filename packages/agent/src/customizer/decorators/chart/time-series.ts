import type { DateOperation } from '@platform/datasource-toolkit';
import { DateTime } from 'luxon';

/** A filled series would be longer than this: the dates are surely wrong (a year 1 among 2026s). */
export const MAX_TIME_POINTS = 10_000;

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** @internal Labels and, per line, one value per label. */
export interface TimeSeries {
  readonly labels: string[];
  readonly lines: Array<Array<number | null>>;
}

/**
 * Groups `dates` into the periods of `range` in `timezone` and sums, per line, the values at the
 * same index. Every period between the first and the last one is present: a period with no date
 * is 0, a period whose values were all null stays null. Periods are computed like the toolkit's
 * date groups: weeks start on Monday, and dates without an offset are local times of `timezone`.
 *
 * Labels: Day `dd/MM/yyyy`, Week `W{week}-{week year}` (ISO weeks), Month `MMM yy` (English),
 * Quarter `Q{n}-{yyyy}`, Year `yyyy`.
 *
 * @internal
 * @throws Error on an unknown range or time zone, a value that is not a date, or too many periods.
 */
export function buildTimeSeries(
  method: string,
  range: DateOperation,
  timezone: string,
  dates: readonly unknown[],
  lines: ReadonlyArray<ReadonlyArray<number | null>>,
): TimeSeries {
  const unit = toUnit(method, range);
  if (!DateTime.now().setZone(timezone).isValid) throw new Error(`${method}(): unknown time zone "${timezone}".`);
  const starts = dates.map((date, index) => {
    const parsed = toDateTime(date, timezone);
    if (!parsed.isValid)
      throw new Error(`${method}(): the date at index ${index} is not a date: ${JSON.stringify(date)}.`);
    return parsed.startOf(unit);
  });
  if (starts.length === 0) return { labels: [], lines: lines.map(() => []) };

  const timeline = fillTimeline(method, starts, unit);
  const positions = new Map(timeline.map((start, position) => [key(start), position]));
  const sums = lines.map((values) => {
    const line: Array<number | null | undefined> = timeline.map(() => undefined);
    starts.forEach((start, index) => {
      const position = positions.get(key(start)) as number;
      line[position] = add(line[position], values[index] ?? null);
    });
    return line.map((value) => (value === undefined ? 0 : value));
  });

  return { labels: timeline.map((start) => toLabel(start, range)), lines: sums };
}

function fillTimeline(method: string, starts: readonly DateTime[], unit: Unit): DateTime[] {
  // A loop, not Math.min(...): spreading a long series would overflow the call stack.
  let first = starts[0] as DateTime;
  let last = first.toMillis();
  for (const start of starts) {
    if (start < first) first = start;
    last = Math.max(last, start.toMillis());
  }
  const timeline: DateTime[] = [];
  // plus() in the zone keeps local midnight across DST changes; startOf re-aligns after month ends.
  for (let cursor = first; cursor.toMillis() <= last; cursor = cursor.plus({ [unit]: 1 }).startOf(unit)) {
    if (timeline.length >= MAX_TIME_POINTS) {
      throw new Error(`${method}(): the dates span more than ${MAX_TIME_POINTS} ${unit}s; use a larger time range.`);
    }
    timeline.push(cursor);
  }

  return timeline;
}

function add(sum: number | null | undefined, value: number | null): number | null {
  if (value === null) return sum ?? null;

  return (sum ?? 0) + value;
}

function key(start: DateTime): string {
  return start.toFormat('yyyy-MM-dd');
}

function toLabel(start: DateTime, range: DateOperation): string {
  switch (range) {
    case 'Day':
      return start.toFormat('dd/MM/yyyy');
    case 'Week':
      return `W${start.weekNumber}-${start.weekYear}`;
    case 'Month':
      return start.setLocale('en-US').toFormat('MMM yy');
    case 'Quarter':
      return `Q${start.quarter}-${start.year}`;
    case 'Year':
      return String(start.year);
    default: {
      const unknownRange: never = range;
      throw new Error(`Unknown time range ${String(unknownRange)}.`);
    }
  }
}

function toUnit(method: string, range: unknown): Unit {
  const units: Record<DateOperation, Unit> = {
    Day: 'day',
    Week: 'week',
    Month: 'month',
    Quarter: 'quarter',
    Year: 'year',
  };
  if (typeof range !== 'string' || !Object.hasOwn(units, range)) {
    throw new Error(`${method}(): unknown time range ${JSON.stringify(range)}; use ${Object.keys(units).join(', ')}.`);
  }

  return units[range as DateOperation];
}

function toDateTime(value: unknown, zone: string): DateTime {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone });
  if (typeof value === 'number') return DateTime.fromMillis(value, { zone });
  if (typeof value === 'string') return DateTime.fromISO(value, { zone });

  return DateTime.invalid('not a date');
}

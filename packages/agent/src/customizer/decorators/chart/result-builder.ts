import type { Chart, DateOperation } from '@platform/datasource-toolkit';
import { buildTimeSeries } from './time-series';

/** A date of a time-based chart: a `Date`, an ISO string (local time of the caller without offset) or epoch ms. */
export type ChartDate = Date | string | number;

/**
 * Builds the charts of spec §2.9. Time-based charts are grouped in the caller's time zone.
 * Misuse (a value that is not a finite number, a date that is not a date) throws an `Error`.
 *
 * @example return resultBuilder.timeBased('Month', orders.map((order) => ({ date: order.createdAt, value: order.total })));
 */
export class ChartResultBuilder {
  /** @param timezone IANA time zone the periods of time-based charts are computed in. */
  constructor(private readonly timezone = 'UTC') {}

  /** A single number, optionally compared with a previous one. */
  value(value: number, previousValue?: number): Chart {
    return {
      type: 'Value',
      value: {
        countCurrent: checkNumber('value', 'value', value),
        ...(previousValue === undefined ? {} : { countPrevious: checkNumber('value', 'previousValue', previousValue) }),
      },
    };
  }

  /** A pie: one slice per key, in the object's order. */
  distribution(values: Record<string, number>): Chart {
    return { type: 'Distribution', value: toEntries('distribution', values) };
  }

  /**
   * A line over time: values in the same period are summed; periods between the first and the
   * last date with no value are 0, periods whose values were all null stay null.
   */
  timeBased(timeRange: DateOperation, values: ReadonlyArray<{ date: ChartDate; value: number | null }>): Chart {
    if (!Array.isArray(values)) throw new Error('timeBased(): values must be an array of { date, value }.');
    const points = values.map((point, index) => checkPoint(point, index));
    const series = buildTimeSeries(
      'timeBased',
      timeRange,
      this.timezone,
      points.map((point) => point.date),
      [points.map((point) => point.value)],
    );

    return {
      type: 'TimeBased',
      value: series.labels.map((label, index) => ({ label, values: { value: series.lines[0]?.[index] ?? null } })),
    };
  }

  /**
   * Several lines over the same dates: `lines[i].values[j]` is the value of line i at `dates[j]`.
   * Periods are grouped and filled as in `timeBased`.
   */
  multipleTimeBased(
    timeRange: DateOperation,
    dates: readonly ChartDate[],
    lines: ReadonlyArray<{ label: string; values: ReadonlyArray<number | null> }>,
  ): Chart {
    if (!Array.isArray(dates)) throw new Error('multipleTimeBased(): dates must be an array.');
    if (!Array.isArray(lines)) throw new Error('multipleTimeBased(): lines must be an array of { label, values }.');
    for (const [index, line] of lines.entries()) checkLine(line, index, dates.length);
    const series = buildTimeSeries(
      'multipleTimeBased',
      timeRange,
      this.timezone,
      dates,
      lines.map((line) => line.values),
    );

    return {
      type: 'MultipleTimeBased',
      value: {
        labels: series.labels,
        values: lines.map((line, index) => ({ key: line.label, values: series.lines[index] ?? [] })),
      },
    };
  }

  /** A percentage (50 for 50%). */
  percentage(value: number): Chart {
    return { type: 'Percentage', value: checkNumber('percentage', 'value', value) };
  }

  /** Progress of `value` toward `objective`. */
  objective(value: number, objective: number): Chart {
    return {
      type: 'Objective',
      value: {
        value: checkNumber('objective', 'value', value),
        objective: checkNumber('objective', 'objective', objective),
      },
    };
  }

  /** A ranking: keys sorted by value, highest first (ties keep the object's order). */
  leaderboard(values: Record<string, number>): Chart {
    return { type: 'Leaderboard', value: toEntries('leaderboard', values).sort((a, b) => b.value - a.value) };
  }

  /** Any structure, rendered by a custom (smart) chart component. */
  smart(data: unknown): Chart {
    return { type: 'Smart', value: data };
  }
}

function checkNumber(method: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`${method}(): ${name} must be a finite number, got ${JSON.stringify(value) ?? String(value)}.`);
  }

  return value;
}

function toEntries(method: string, values: unknown): Array<{ key: string; value: number }> {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new Error(`${method}(): expected an object mapping each label to a number.`);
  }

  return Object.entries(values).map(([key, value]) => ({
    key,
    value: checkNumber(method, `the value of '${key}'`, value),
  }));
}

function checkPoint(point: unknown, index: number): { date: unknown; value: number | null } {
  if (typeof point !== 'object' || point === null)
    throw new Error(`timeBased(): values[${index}] must be { date, value }.`);
  const { date, value } = point as { date?: unknown; value?: unknown };

  return { date, value: value === null ? null : checkNumber('timeBased', `values[${index}].value`, value) };
}

function checkLine(line: unknown, index: number, length: number): void {
  const { label, values } = (line ?? {}) as { label?: unknown; values?: unknown };
  if (typeof label !== 'string') throw new Error(`multipleTimeBased(): lines[${index}].label must be a string.`);
  if (!Array.isArray(values) || values.length !== length) {
    throw new Error(`multipleTimeBased(): line '${label}' must have one value per date (${length}).`);
  }
  values.forEach((value: unknown, position) => {
    if (value !== null) checkNumber('multipleTimeBased', `line '${label}' value ${position}`, value);
  });
}

import { ValidationError } from '../errors/errors';
import { compareValues } from './compare-values';

/** How an aggregation combines the values of a group. */
export const AGGREGATION_OPERATIONS = ['Count', 'Sum', 'Avg', 'Max', 'Min'] as const;
export type AggregationOperation = (typeof AGGREGATION_OPERATIONS)[number];

/**
 * Combines the values of one group. `values` is undefined for a Count without field (count the
 * records: `recordCount`). Nulls are ignored; Sum, Avg, Max and Min of no value are null.
 *
 * @internal
 */
export function aggregateValues(
  operation: AggregationOperation,
  values: readonly unknown[] | undefined,
  recordCount: number,
): number | string | boolean | Date | null {
  if (values === undefined) return recordCount;
  const present = values.filter((value) => value !== null && value !== undefined);

  switch (operation) {
    case 'Count':
      return present.length;
    case 'Sum':
      return present.length === 0 ? null : sum(present);
    case 'Avg':
      return present.length === 0 ? null : sum(present) / present.length;
    case 'Max':
      return extreme(present, 1);
    case 'Min':
      return extreme(present, -1);
    default: {
      const unknownOperation: never = operation;
      throw new ValidationError(`Unknown aggregation "${String(unknownOperation)}".`);
    }
  }
}

function sum(values: readonly unknown[]): number {
  return values.reduce<number>((total, value) => total + toNumber(value), 0);
}

// Numeric SQL types (decimal, bigint) often travel as strings: accept them when they parse.
function toNumber(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ValidationError(`Cannot sum or average ${JSON.stringify(value)}: it is not a number.`);
  }

  return number;
}

function extreme(values: readonly unknown[], sign: 1 | -1): number | string | boolean | Date | null {
  let best: unknown = null;
  for (const value of values) if (best === null || compareValues(value, best) * sign > 0) best = value;

  return best as number | string | boolean | Date | null;
}

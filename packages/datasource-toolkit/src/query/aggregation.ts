import type { DateOperation } from '../contracts/chart';
import { DATE_OPERATIONS } from '../contracts/chart';
import { ValidationError } from '../errors/errors';
import type { AggregateResult, RecordData } from '../records/record';
import { RecordUtils } from '../records/record-utils';
import { AGGREGATION_OPERATIONS, type AggregationOperation, aggregateValues } from './aggregate-values';
import { compareValues } from './compare-values';
import { getDateBucket } from './date-bucket';
import { Projection } from './projection';

export { AGGREGATION_OPERATIONS, type AggregationOperation } from './aggregate-values';

/** One grouping of an aggregation: a field, and for dates the period its values are cut into. */
export type AggregationGroup = { readonly field: string; readonly operation?: DateOperation };

/** What an aggregation is made of. */
export interface AggregationParts {
  readonly operation: AggregationOperation;
  /** The aggregated field; required except for Count, which then counts records. */
  readonly field?: string;
  readonly groups?: readonly AggregationGroup[];
}

/**
 * A Count, Sum, Avg, Max or Min over a field, optionally per group. Date groups are keyed by the
 * first day of their period, as `YYYY-MM-DD` in the caller's time zone (Week starts on Monday).
 *
 * @example new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'createdAt', operation: 'Month' }] })
 */
export class Aggregation implements AggregationParts {
  readonly operation: AggregationOperation;
  readonly field?: string;
  readonly groups: readonly AggregationGroup[];

  /** @throws ValidationError on an unknown operation or date operation, or a missing field. */
  constructor(parts: AggregationParts) {
    if (!(AGGREGATION_OPERATIONS as readonly string[]).includes(parts.operation)) {
      throw new ValidationError(
        `Unknown aggregation "${String(parts.operation)}": expected one of ${AGGREGATION_OPERATIONS.join(', ')}.`,
      );
    }
    if (parts.operation !== 'Count' && !parts.field) {
      throw new ValidationError(`Aggregation ${parts.operation} needs a field; only Count may omit it.`);
    }
    for (const group of parts.groups ?? []) {
      if (group.operation !== undefined && !(DATE_OPERATIONS as readonly string[]).includes(group.operation)) {
        throw new ValidationError(
          `Unknown date operation "${String(group.operation)}" on group '${group.field}': ` +
            `expected one of ${DATE_OPERATIONS.join(', ')}.`,
        );
      }
    }

    this.operation = parts.operation;
    this.field = parts.field;
    this.groups = Object.freeze((parts.groups ?? []).map((group) => Object.freeze({ ...group })));
    Object.freeze(this);
  }

  /** The fields the aggregation reads. */
  get projection(): Projection {
    return new Projection(...(this.field ? [this.field] : []), ...this.groups.map((group) => group.field));
  }

  /** A copy with `parts` replacing the matching fields. */
  override(parts: Partial<AggregationParts>): Aggregation {
    return new Aggregation({ operation: this.operation, field: this.field, groups: this.groups, ...parts });
  }

  /** The same aggregation with every field path (aggregated and grouped) passed through `handler`. */
  replaceFields(handler: (field: string) => string): Aggregation {
    return this.override({
      field: this.field === undefined ? undefined : handler(this.field),
      groups: this.groups.map((group) => ({ ...group, field: handler(group.field) })),
    });
  }

  /** The same aggregation on the collection reached through relation `prefix`. */
  nest(prefix?: string | null): Aggregation {
    return prefix ? this.replaceFields((field) => `${prefix}:${field}`) : this;
  }

  /**
   * Aggregates `records` in memory. Rows are sorted by value, descending (nulls last), then cut
   * to `limit`. Without groups there is always one row: Count 0, or null for other operations.
   */
  apply(records: readonly RecordData[], timezone: string, limit?: number): AggregateResult[] {
    const rows = new Map<string, { group: Record<string, unknown>; records: RecordData[] }>();
    for (const record of records) {
      const group = Object.fromEntries(this.groups.map((g) => [g.field, this.groupValue(record, g, timezone)]));
      const key = JSON.stringify(this.groups.map((g) => group[g.field] ?? null));
      const row = rows.get(key) ?? { group, records: [] };
      row.records.push(record);
      rows.set(key, row);
    }
    if (this.groups.length === 0 && rows.size === 0) rows.set('[]', { group: {}, records: [] });

    const results = [...rows.values()].map(({ group, records: rowRecords }) => {
      const { field } = this;
      const values = field === undefined ? undefined : rowRecords.map((r) => RecordUtils.getFieldValue(r, field));

      return { value: aggregateValues(this.operation, values, rowRecords.length), group };
    });
    results.sort((a, b) => descendingNullsLast(a.value, b.value));

    return limit === undefined ? results : results.slice(0, limit);
  }

  private groupValue(record: RecordData, group: AggregationGroup, timezone: string): unknown {
    const value = RecordUtils.getFieldValue(record, group.field) ?? null;

    return value === null || group.operation === undefined ? value : getDateBucket(value, group.operation, timezone);
  }
}

function descendingNullsLast(a: unknown, b: unknown): number {
  const aIsNull = a === null || a === undefined;
  const bIsNull = b === null || b === undefined;
  if (aIsNull || bIsNull) return Number(aIsNull) - Number(bIsNull);

  return compareValues(b, a);
}

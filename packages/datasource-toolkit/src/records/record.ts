/** One record as collections exchange it: field name to value; relations nest as objects. */
export type RecordData = { [field: string]: unknown };

/** Values of the primary key fields, in schema order. */
export type CompositeId = ReadonlyArray<string | number>;

/** One row of an aggregation: the aggregated value and the value of each group field. */
export interface AggregateResult {
  readonly value: unknown;
  readonly group: { readonly [field: string]: unknown };
}

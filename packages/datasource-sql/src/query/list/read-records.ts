import type { RecordData } from '@platform/datasource-toolkit';
import type { SqlFlavor } from '../flavors/sql-flavor';
import type { SqlExpression } from '../sql-expression';
import type { ColumnInfo } from '../table-model';

/** A projected column, selected as `alias`. @internal */
export interface Selection {
  readonly alias: string;
  readonly path: string;
  readonly ref: SqlExpression;
  readonly column: ColumnInfo;
}

/** A joined relation, whose join column is selected as `alias` to tell a missing record apart. @internal */
export interface Presence {
  readonly alias: string;
  readonly path: string;
}

/**
 * Rows of generated aliases back into records: `author:name` becomes `{ author: { name } }`, and a
 * relation with no joined row becomes `null` (its fields are not read).
 * @internal
 */
export function readRecords(
  rows: ReadonlyArray<Record<string, unknown>>,
  selections: readonly Selection[],
  presences: readonly Presence[],
  flavor: SqlFlavor,
): RecordData[] {
  // Shallow relations first, so that a missing parent hides its children. Paths are split once.
  const relations = presences
    .map(({ alias, path }) => ({ alias, segments: path.split(':') }))
    .sort((a, b) => a.segments.length - b.segments.length);
  const values = selections.map(({ alias, path, column }) => ({ alias, column, segments: path.split(':') }));

  return rows.map((row) => {
    const record: RecordData = {};
    for (const { alias, segments } of relations) {
      const isPresent = row[alias] !== null && row[alias] !== undefined;
      setAt(record, segments, isPresent ? {} : null);
    }
    for (const { alias, column, segments } of values) {
      const value = flavor.fromDatabase(row[alias], column);
      if (segments.length === 1) record[segments[0] as string] = value;
      else setAt(record, segments, value);
    }

    return record;
  });
}

function setAt(record: RecordData, segments: readonly string[], value: unknown): void {
  let target: RecordData = record;
  for (const segment of segments.slice(0, -1)) {
    const next = target[segment];
    if (typeof next !== 'object' || next === null) return;
    target = next as RecordData;
  }
  const last = segments[segments.length - 1] as string;
  if (!(typeof target[last] === 'object' && target[last] !== null && value !== null && typeof value === 'object')) {
    target[last] = value;
  }
}

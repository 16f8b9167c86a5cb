import type { RecordData } from '@platform/datasource-toolkit';
import type { SqlFlavor } from '../../dialects/sql-flavor';
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

/** Rows of generated aliases back into records. @internal */
export type RecordReader = (rows: ReadonlyArray<Record<string, unknown>>) => RecordData[];

interface Target {
  readonly alias: string;
  /** Path to the object that receives the value (empty for the record itself). */
  readonly parents: readonly string[];
  readonly name: string;
}

/**
 * Rows of generated aliases back into records: `author:name` becomes `{ author: { name } }`, and a
 * relation with no joined row becomes `null` (its fields are not read). Paths are split and sorted
 * once here, so that reading a page only walks the rows (lists of one shape reuse the reader).
 * @internal
 */
export function createRecordReader(
  selections: readonly Selection[],
  presences: readonly Presence[],
  flavor: SqlFlavor,
): RecordReader {
  // Shallow relations first, so that a missing parent hides its children.
  const relations = presences
    .map(({ alias, path }) => toTarget(alias, path))
    .sort((a, b) => a.parents.length - b.parents.length);
  const values = selections.map(({ alias, path, column }) => ({
    ...toTarget(alias, path),
    read: flavor.valueReader(column),
  }));

  return (rows) => {
    const records: RecordData[] = new Array(rows.length);
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as Record<string, unknown>;
      const record: RecordData = {};
      for (let at = 0; at < relations.length; at += 1) {
        const { alias, parents, name } = relations[at] as Target;
        const presence = row[alias];
        setAt(record, parents, name, presence !== null && presence !== undefined ? {} : null);
      }
      for (let at = 0; at < values.length; at += 1) {
        const { alias, parents, name, read } = values[at] as (typeof values)[number];
        const value = read(row[alias]);
        if (parents.length === 0) record[name] = value;
        else if (parents.length === 1) setIn(record[parents[0] as string], name, value);
        else setAt(record, parents, name, value);
      }
      records[index] = record;
    }

    return records;
  };
}

function toTarget(alias: string, path: string): Target {
  const segments = path.split(':');
  const name = segments.pop() as string;

  return { alias, parents: segments, name };
}

function setAt(record: RecordData, parents: readonly string[], last: string, value: unknown): void {
  let target: unknown = record;
  for (const segment of parents) {
    if (typeof target !== 'object' || target === null) return;
    target = (target as RecordData)[segment];
  }
  setIn(target, last, value);
}

/** Sets `target[name]` when `target` is a record (not a missing relation), keeping a record already there. */
function setIn(target: unknown, name: string, value: unknown): void {
  if (typeof target !== 'object' || target === null) return;
  const current = (target as RecordData)[name];
  if (!(typeof current === 'object' && current !== null && value !== null && typeof value === 'object')) {
    (target as RecordData)[name] = value;
  }
}

import type { Projection, RecordData } from '@platform/datasource-toolkit';

/**
 * Same result as `projection.apply(records)`: copies of `records` keeping only the projected
 * paths, null relations staying null.
 *
 * Workaround: the toolkit's `Projection#apply` recomputes `columns` and `relations` (new arrays
 * and projections) for every record, which made it the main cost of a customized page. This
 * computes them once per call. Remove when the toolkit does the same.
 * @internal
 */
export function applyProjection(projection: Projection, records: readonly RecordData[]): RecordData[] {
  const project = compile(projection);

  return records.map(project);
}

type Projector = (record: RecordData) => RecordData;

function compile(projection: Projection): Projector {
  const columns = projection.columns;
  const relations = Object.entries(projection.relations).map(([name, sub]) => [name, compile(sub)] as const);

  return (record) => {
    const result: RecordData = {};
    for (const column of columns) {
      if (Object.hasOwn(record, column)) result[column] = record[column];
    }
    for (const [name, project] of relations) {
      if (!Object.hasOwn(record, name)) continue;
      const value = record[name];
      result[name] =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? project(value as RecordData) : null;
    }

    return result;
  };
}

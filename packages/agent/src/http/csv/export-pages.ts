import {
  type Caller,
  type Collection,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  getPrimaryKeys,
  Page,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';

/**
 * Offset paging is kept for the first records of an export (it is cheap there, and a small export
 * stays plain offset queries); past this many records, an export sorted by its numeric primary
 * key switches to keyset paging.
 */
export const KEYSET_AFTER = 10_000;

/**
 * The page reader of a CSV export (`StreamCsvOptions.fetchPage`). It must be called in order,
 * page after page, as `streamCsv` does.
 *
 * When the export is sorted by a single numeric primary key (the default sort), pages after the
 * first `KEYSET_AFTER` records are read with `pk > last` (`<` descending) intersected into the
 * filter, at offset 0, instead of an ever-growing OFFSET that makes the database walk every
 * skipped row again (quadratic over the export). Otherwise, and for data sources that do not
 * filter their primary key with `GreaterThan`/`LessThan`, pages are read by offset.
 *
 * Safety net: if a keyset page does not start after the last key (a data source ignoring the
 * condition), the reader goes back to offset paging for the rest of the export, rather than
 * writing the same page forever.
 */
export function createExportPageReader(
  collection: Collection,
  caller: Caller,
  filter: PaginatedFilter,
  projection: Projection,
): (page: Page) => Promise<RecordData[]> {
  const keyset = getKeysetField(collection, filter);
  if (!keyset) return (page) => collection.list(caller, filter.override({ page }), projection);

  const withPk = projection.union([keyset.field]);
  let last: number | undefined;
  let useKeyset = true;

  return async (page) => {
    let records: RecordData[] | undefined;
    if (useKeyset && last !== undefined && page.skip >= KEYSET_AFTER) {
      const after = new ConditionTreeLeaf(keyset.field, keyset.ascending ? 'GreaterThan' : 'LessThan', last);
      const keysetPage = new Page(0, page.limit);
      const keysetFilter = filter.override({
        conditionTree: ConditionTreeFactory.intersect(filter.conditionTree, after),
        page: keysetPage,
      });
      records = await collection.list(caller, keysetFilter, withPk);
      const first = records[0]?.[keyset.field];
      const honoured = first === undefined || (keyset.ascending ? Number(first) > last : Number(first) < last);
      if (!honoured) {
        useKeyset = false;
        records = undefined;
      }
    }
    records ??= await collection.list(caller, filter.override({ page }), withPk);

    const lastKey = records.at(-1)?.[keyset.field];
    if (typeof lastKey === 'number') last = lastKey;
    else if (records.length > 0) useKeyset = false; // not a number after all: stay on offsets

    return records;
  };
}

/** The primary key the export can page on: a single numeric key, sorted alone, filterable by range. */
function getKeysetField(
  collection: Collection,
  filter: PaginatedFilter,
): { field: string; ascending: boolean } | undefined {
  const pks = getPrimaryKeys(collection.schema);
  const clauses = filter.sort ? [...filter.sort] : [];
  const [pk] = pks;
  const [clause] = clauses;
  if (pks.length !== 1 || clauses.length !== 1 || pk === undefined || clause?.field !== pk) return undefined;

  const field = collection.schema.fields[pk];
  const { ascending } = clause;
  const operator = ascending ? 'GreaterThan' : 'LessThan';
  if (field?.type !== 'Column' || field.columnType !== 'Number' || !field.filterOperators.has(operator)) {
    return undefined;
  }

  return { field: pk, ascending };
}

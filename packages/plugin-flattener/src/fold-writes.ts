import type { WriteDefinition } from '@platform/agent';
import {
  type Caller,
  type Collection,
  ConditionTreeFactory,
  Filter,
  getPrimaryKeys,
  Page,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
  ValidationError,
} from '@platform/datasource-toolkit';
import { setAt } from './nested-shape';

/** Records read at once while folding an update; the writes follow once every page is read. */
export const FOLD_PAGE_SIZE = 500;

/**
 * Writing definitions of the flattened fields of one column (`pathOf` maps each of them to its
 * path in the nested value); `definitionFor(field)` gives the one of a field.
 *
 * On create, a field becomes `{ column: { ...path: value } }` and the write layer merges the
 * fields of one record into one nested value. On update, the nested value must keep the keys the
 * patch does not name, and the records of the filter may hold different values: they are read a
 * page at a time, grouped by current value, and each group gets its own merged value. A single
 * group is returned as the patch, so it is written with the rest of the patch in one update;
 * several are written group by group (one update per distinct value), before the rest of the patch.
 */
export function makeFoldingWriter(
  columnName: string,
  pathOf: ReadonlyMap<string, readonly string[]>,
): (field: string) => WriteDefinition {
  // Every flattened field of a patch calls its definition, all in one synchronous pass: the first
  // call folds them all, the others share its result (the write layer merges identical patches).
  // The entry goes once settled, so a patch object sent again is folded again.
  const folds = new WeakMap<RecordData, Promise<RecordData>>();

  return (field) => (value, context) => {
    if (context.action === 'create') return { [columnName]: setAt({}, pathOf.get(field) ?? [], value) };

    let fold = folds.get(context.record);
    if (!fold) {
      const partial = [...pathOf].filter(([name]) => Object.hasOwn(context.record, name));
      fold = foldUpdate(
        columnName,
        partial,
        context.collection,
        context.caller,
        context.filter ?? new Filter(),
        context.record,
      );
      folds.set(context.record, fold);
      const forget = () => folds.delete(context.record);
      fold.then(forget, forget);
    }

    return fold;
  };
}

async function foldUpdate(
  columnName: string,
  partial: ReadonlyArray<readonly [string, readonly string[]]>,
  collection: Collection,
  caller: Caller,
  filter: Filter,
  record: RecordData,
): Promise<RecordData> {
  const groups = await readGroups(columnName, collection, caller, filter);
  const merge = (current: unknown) =>
    partial.reduce<unknown>((value, [name, path]) => setAt(value, path, record[name]), current);

  if (groups.size === 0) return {};
  if (groups.size === 1) {
    const [group] = groups.values();
    return { [columnName]: merge(group?.current) };
  }

  assertFilterHolds(columnName, partial, filter, record);
  for (const { current, records } of groups.values()) {
    const conditionTree = ConditionTreeFactory.matchRecords(collection.schema, records);
    await collection.update(caller, new Filter({ conditionTree }), { [columnName]: merge(current) });
  }

  return {};
}

/**
 * Several groups are written before the rest of the patch, which then goes down with the original
 * filter: when the written keys are ones the filter tests, it might no longer match the records.
 * @throws ValidationError before anything is written in that case.
 */
function assertFilterHolds(
  columnName: string,
  partial: ReadonlyArray<readonly [string, readonly string[]]>,
  filter: Filter,
  record: RecordData,
): void {
  const written = new Set(partial.map(([name]) => name));
  const hasOtherFields = Object.keys(record).some((key) => !written.has(key));
  const tested = filter.conditionTree?.someLeaf((leaf) => leaf.field === columnName || written.has(leaf.field));
  if (hasOtherFields && tested) {
    throw new ValidationError(
      `This update filters on ${[...written].join(', ')} and changes it, for records of different '${columnName}' ` +
        'values, along with other fields: update the other fields in a separate call.',
      { details: { fields: [...written] } },
    );
  }
}

interface Group {
  readonly current: unknown;
  readonly records: RecordData[];
}

/** The records of `filter` (their primary keys), grouped by the current value of the column. */
async function readGroups(
  columnName: string,
  collection: Collection,
  caller: Caller,
  filter: Filter,
): Promise<Map<string, Group>> {
  const primaryKeys = getPrimaryKeys(collection.schema);
  const projection = new Projection(...primaryKeys, columnName);
  const sort = new Sort(...primaryKeys.map((field) => ({ field, ascending: true })));
  const groups = new Map<string, Group>();

  for (let skip = 0; ; skip += FOLD_PAGE_SIZE) {
    const page = await collection.list(
      caller,
      new PaginatedFilter({
        conditionTree: filter.conditionTree,
        search: filter.search,
        searchExtended: filter.searchExtended,
        segment: filter.segment,
        sort,
        page: new Page(skip, FOLD_PAGE_SIZE),
      }),
      projection,
    );
    for (const record of page) {
      const current = record[columnName] ?? null;
      const key = JSON.stringify(current);
      const group = groups.get(key) ?? { current, records: [] };
      group.records.push(record);
      groups.set(key, group);
    }
    if (page.length < FOLD_PAGE_SIZE) return groups;
  }
}

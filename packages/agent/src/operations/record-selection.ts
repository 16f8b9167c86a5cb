import {
  type Collection,
  type CompositeId,
  type ConditionTree,
  ConditionTreeFactory,
  packId,
} from '@platform/datasource-toolkit';

/**
 * The records a bulk operation targets: a list of ids, or every record matching `conditionTree`
 * (every record without it) but the `excludedIds`.
 */
export type RecordSelection =
  | { readonly ids: readonly CompositeId[]; readonly allRecords?: undefined }
  | {
      readonly allRecords: true;
      readonly conditionTree?: ConditionTree;
      readonly excludedIds?: readonly CompositeId[];
    };

/** The condition tree of `selection` (before the caller's scope is intersected). */
export function selectionTree(collection: Collection, selection: RecordSelection): ConditionTree | undefined {
  if (selection.allRecords !== true) return ConditionTreeFactory.matchIds(collection.schema, selection.ids);

  const excluded = selection.excludedIds ?? [];

  return ConditionTreeFactory.intersect(
    selection.conditionTree,
    excluded.length > 0 ? ConditionTreeFactory.matchIds(collection.schema, excluded).inverse() : undefined,
  );
}

/** The packed ids a selection names, for the activity log; undefined for a selection of all records. */
export function selectionRecordIds(collection: Collection, selection: RecordSelection): string[] | undefined {
  if (selection.allRecords === true) return undefined;

  return selection.ids.map((id) => packId(collection.schema, id));
}

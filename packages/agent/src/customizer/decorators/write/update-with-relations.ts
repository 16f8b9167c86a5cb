import {
  type Caller,
  type Collection,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  type FilterParts,
  getPrimaryKeys,
  type ManyToOneSchema,
  type OneToOneSchema,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { isPlainObject } from './merge-patches';
import {
  bothGiven,
  createRelated,
  distinct,
  findRelations,
  type RelationWriteTarget,
  type ToOne,
  withoutKeys,
} from './to-one-writes';

/**
 * Updates the records of `filter`: their to-one related records (one query per relation, plus one
 * per record that must be linked to a new ManyToOne record), then their own columns.
 */
export async function updateWithRelations(
  { collection, child }: RelationWriteTarget,
  caller: Caller,
  filter: Filter,
  patch: RecordData,
): Promise<void> {
  const relations = findRelations(collection, [patch]);
  if (relations.length === 0) return child.update(caller, filter, patch);

  const columns = withoutKeys(patch, relations);
  const withObjects = relations.filter(({ name }) => isPlainObject(patch[name]));
  const oneToOneNulls = relations.filter(({ name, schema }) => schema.type === 'OneToOne' && patch[name] === null);
  for (const { name, schema } of relations) {
    if (schema.type !== 'ManyToOne') continue;
    if (columns[schema.foreignKey] !== undefined) throw bothGiven(collection, name, schema.foreignKey);
    if (patch[name] === null) columns[schema.foreignKey] = null;
  }

  // The targets are read before anything changes, since the update may change what the filter matches.
  if (withObjects.length > 0 || oneToOneNulls.length > 0) {
    const keys = [...withObjects, ...oneToOneNulls].map(({ schema }) =>
      schema.type === 'ManyToOne' ? schema.foreignKey : schema.originKeyTarget,
    );
    const targets = await child.list(
      caller,
      new PaginatedFilter(filterParts(filter)),
      new Projection(...getPrimaryKeys(collection.schema), ...keys),
    );
    for (const relation of [...withObjects, ...oneToOneNulls]) {
      const value = patch[relation.name] as RecordData | null;
      if (relation.schema.type === 'ManyToOne')
        await updateManyToOne(collection, child, caller, relation, targets, value as RecordData);
      else await updateOneToOne(collection, caller, relation, targets, value);
    }
  }

  if (Object.keys(columns).length > 0) await child.update(caller, filter, columns);
}

/** Updates the existing related records in one query; creates one for each record that has none. */
async function updateManyToOne(
  collection: Collection,
  child: Collection,
  caller: Caller,
  { schema }: ToOne,
  targets: readonly RecordData[],
  value: RecordData,
): Promise<void> {
  const { foreignKey, foreignKeyTarget, foreignCollection } = schema as ManyToOneSchema;
  const foreign = collection.dataSource.getCollection(foreignCollection);
  const linked = distinct(targets.map((target) => target[foreignKey]));
  if (linked.length > 0) {
    await foreign.update(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf(foreignKeyTarget, 'In', linked) }),
      value,
    );
  }

  const unlinked = targets.filter((target) => target[foreignKey] === null || target[foreignKey] === undefined);
  if (unlinked.length === 0) return;
  const created = await createRelated(
    collection,
    caller,
    schema,
    unlinked.map(() => ({ ...value })),
  );
  // Each record gets its own new related record, so each needs its own key: one update per record.
  for (const [index, target] of unlinked.entries()) {
    const conditionTree = ConditionTreeFactory.matchRecords(collection.schema, [target]);
    await child.update(caller, new Filter({ conditionTree }), { [foreignKey]: created[index]?.[foreignKeyTarget] });
  }
}

/** Updates the existing related records in one query and creates the missing ones in another. */
async function updateOneToOne(
  collection: Collection,
  caller: Caller,
  { schema }: ToOne,
  targets: readonly RecordData[],
  value: RecordData | null,
): Promise<void> {
  const { originKey, originKeyTarget, foreignCollection } = schema as OneToOneSchema;
  const foreign = collection.dataSource.getCollection(foreignCollection);
  const keys = distinct(targets.map((target) => target[originKeyTarget]));
  if (keys.length === 0) return;
  const byKeys = new Filter({ conditionTree: new ConditionTreeLeaf(originKey, 'In', keys) });
  if (value === null) return foreign.update(caller, byKeys, { [originKey]: null });

  const existing = await foreign.list(caller, new PaginatedFilter(filterParts(byKeys)), new Projection(originKey));
  const existingKeys = new Set(existing.map((record) => String(record[originKey])));
  if (existingKeys.size > 0) await foreign.update(caller, byKeys, value);

  const missing = keys.filter((key) => !existingKeys.has(String(key)));
  if (missing.length > 0)
    await createRelated(
      collection,
      caller,
      schema,
      missing.map((key) => ({ ...value, [originKey]: key })),
    );
}

function filterParts(filter: Filter): FilterParts {
  return {
    conditionTree: filter.conditionTree,
    search: filter.search,
    searchExtended: filter.searchExtended,
    segment: filter.segment,
  };
}

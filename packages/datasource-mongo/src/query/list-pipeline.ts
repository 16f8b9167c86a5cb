import type { PaginatedFilter, Projection, RecordData } from '@platform/datasource-toolkit';
import type { MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel } from '../schema/collection-model';
import { fromMongoValue } from './bson-values';
import { filterTree, type QueryContext } from './filter-to-match';
import { lookupStages } from './lookup-stages';
import { matchStages } from './match-stages';
import { resolveField } from './resolve-field';
import { sourceStages } from './source-stages';

/**
 * One aggregation pipeline for a page of records: match, sort, skip and limit run before the
 * lookups of relations only projected, so those run for the page alone; `$project` keeps what the
 * projection asks for.
 * @internal
 */
export function listPipeline(
  model: CollectionModel,
  filter: PaginatedFilter,
  projection: Projection,
  context: QueryContext,
): MongoDocument[] {
  const done = new Set<string>();
  const stages = [...sourceStages(model), ...matchStages(filterTree(filter, model, context), model, context, done)];

  const sort = filter.sort ?? [];
  if (sort.length > 0) {
    const fields = sort.map((clause) => resolveField(model, clause.field, context.lookup));
    stages.push(
      ...lookupStages(
        model,
        fields.flatMap((field) => field.relationPrefixes),
        context.lookup,
        done,
      ),
    );
    const spec: Record<string, 1 | -1> = {};
    sort.forEach((clause, index) => {
      spec[fields[index]?.mongoPath ?? clause.field] ??= clause.ascending ? 1 : -1;
    });
    // A unique last key, so that pages never overlap when sort values tie.
    spec._id ??= 1;
    stages.push({ $sort: spec });
  }
  const { page } = filter;
  if (page && page.skip > 0) stages.push({ $skip: page.skip });
  if (page?.limit !== undefined) stages.push({ $limit: page.limit });

  const relations = Object.keys(projection.relations);
  const prefixes = projection.flatMap((path) => resolveField(model, path, context.lookup).relationPrefixes);
  stages.push(...lookupStages(model, [...relations, ...prefixes], context.lookup, done));
  const keep: Record<string, 1 | 0> = {};
  for (const path of projection) keep[resolveField(model, path, context.lookup).mongoPath] = 1;
  if (!('_id' in keep)) keep._id = 0;
  stages.push({ $project: keep });

  return stages;
}

/** A document of the pipeline as the record the projection describes, relations nested. @internal */
export function toRecord(
  document: MongoDocument,
  model: CollectionModel,
  projection: Projection,
  context: QueryContext,
): RecordData {
  const record: Record<string, unknown> = {};
  for (const name of projection.columns) {
    const column = model.columns.get(name);
    record[name] = column ? fromMongoValue(document[column.path]) : null;
  }
  for (const [name, nested] of Object.entries(projection.relations)) {
    const relation = model.relations[name];
    const value = document[name];
    record[name] =
      relation && value !== null && typeof value === 'object'
        ? toRecord(value as MongoDocument, context.lookup(relation.foreignCollection), nested, context)
        : null;
  }

  return record;
}

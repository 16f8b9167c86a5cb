import { ConflictError, type Filter, type RecordData, ValidationError } from '@platform/datasource-toolkit';
import type { MongoCollectionLike, MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel } from '../schema/collection-model';
import { fromMongoValue, toMongoValue } from './bson-values';
import { filterTree, type QueryContext } from './filter-to-match';
import { matchStages } from './match-stages';

/**
 * Inserts records in one `insertMany` and returns them as stored, with their `_id`. When the
 * collection's `_id` is a number and a record has none, the next numbers after the largest are
 * given (one more aggregate): a concurrent insert of the same number fails as a duplicate key
 * (`ConflictError`), never overwrites.
 * @internal
 */
export async function insertRecords(
  collection: MongoCollectionLike,
  model: CollectionModel,
  records: readonly RecordData[],
  context: QueryContext,
): Promise<RecordData[]> {
  const documents = records.map((record) => toDocument(record, model, context));
  const id = [...model.columns.values()].find((column) => column.path === '_id');
  const isNumeric = id?.mongoType.kind === 'scalar' && id.mongoType.type === 'Number';
  if (isNumeric && documents.some((document) => document._id === undefined)) {
    const [row] = await collection.aggregate([{ $group: { _id: null, max: { $max: '$_id' } } }]).toArray();
    let next = typeof row?.max === 'number' ? row.max + 1 : 1;
    for (const document of documents) {
      if (document._id === undefined) {
        document._id = next;
        next += 1;
      }
    }
  }
  const result = await collection.insertMany(documents);

  return documents.map((document, index) => {
    const stored: MongoDocument = { ...document, _id: document._id ?? result.insertedIds[index] };

    return Object.fromEntries(
      [...model.columns.values()]
        .filter((column) => column.path in stored)
        .map((column) => [column.name, fromMongoValue(stored[column.path])]),
    );
  });
}

/** `$set` of a patch on the records a filter matches, in one `updateMany`. @internal */
export async function updateRecords(
  collection: MongoCollectionLike,
  model: CollectionModel,
  filter: Filter,
  patch: RecordData,
  context: QueryContext,
): Promise<void> {
  const document = toDocument(patch, model, context);
  if (Object.keys(document).length === 0) return;
  await collection.updateMany(await targetQuery(collection, model, filter, context), { $set: document });
}

/** Deletes the records a filter matches, in one `deleteMany`. @internal */
export async function deleteRecords(
  collection: MongoCollectionLike,
  model: CollectionModel,
  filter: Filter,
  context: QueryContext,
): Promise<void> {
  await collection.deleteMany(await targetQuery(collection, model, filter, context));
}

/**
 * The query of the documents a filter matches. `updateMany` and `deleteMany` take a query, not a
 * pipeline: a filter on relations first reads the matching `_id`s with one aggregate.
 */
async function targetQuery(
  collection: MongoCollectionLike,
  model: CollectionModel,
  filter: Filter,
  context: QueryContext,
): Promise<MongoDocument> {
  const stages = matchStages(filterTree(filter, model, context), model, context, new Set());
  if (stages.length === 0) return {};
  const [first] = stages;
  if (stages.length === 1 && first?.$match) return first.$match as MongoDocument;
  const rows = await collection.aggregate([...stages, { $project: { _id: 1 } }]).toArray();

  return { _id: { $in: rows.map((row) => row._id) } };
}

function toDocument(record: RecordData, model: CollectionModel, context: QueryContext): MongoDocument {
  const document: MongoDocument = {};
  for (const [name, value] of Object.entries(record)) {
    const column = model.columns.get(name);
    if (!column) {
      throw new ValidationError(
        `Unknown field '${name}' on '${model.name}': expected one of ${[...model.columns.keys()].join(', ')}.`,
        { details: { collection: model.name, field: name } },
      );
    }
    document[column.path] = toMongoValue(value, column.mongoType, context.ObjectId, {
      collection: model.name,
      field: name,
    });
  }

  return document;
}

/** The driver reports a duplicate key with code 11000. @internal */
export function mapWriteError(error: unknown, collection: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 11000) {
    return new ConflictError(`A record of '${collection}' with the same unique key already exists.`, { cause: error });
  }

  return error;
}

import type { MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel } from '../schema/collection-model';

/**
 * The stages that turn the stored documents into the collection's records. None for a stored
 * collection; for a virtual one, one record per array item, with `_id` `<parent id>.<index>` and
 * `parentId` the parent's `_id`.
 * @internal
 */
export function sourceStages(model: CollectionModel): MongoDocument[] {
  const field = model.virtualField;
  if (field === undefined) return [];

  return [
    { $unwind: { path: `$${field}`, includeArrayIndex: '__index' } },
    {
      $replaceRoot: {
        newRoot: {
          $mergeObjects: [
            `$${field}`,
            { _id: { $concat: [{ $toString: '$_id' }, '.', { $toString: '$__index' }] }, parentId: '$_id' },
          ],
        },
      },
    },
  ];
}

import { ValidationError } from '@platform/datasource-toolkit';
import type { MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel, ModelLookup } from '../schema/collection-model';
import { resolveRelation } from './resolve-field';

/**
 * The stages that embed the to-one relations of `prefixes` (request prefixes such as `author` or
 * `author:country`) into each document, under their names. Each is a `$lookup` on the keys,
 * then the first match replaces the array: a missing relation leaves the field absent, and a
 * OneToOne matched twice never duplicates the record.
 * @internal
 */
export function lookupStages(
  model: CollectionModel,
  prefixes: Iterable<string>,
  lookup: ModelLookup,
  done: Set<string>,
): MongoDocument[] {
  const stages: MongoDocument[] = [];
  // Outer relations first: `author` must be embedded before `author:country` reads `author.countryId`.
  const sorted = [...new Set(prefixes)].sort((a, b) => a.split(':').length - b.split(':').length);
  for (const prefix of sorted) {
    if (done.has(prefix)) continue;
    done.add(prefix);
    const { relation, name } = resolveRelation(model, prefix, lookup);
    const foreign = lookup(relation.foreignCollection);
    if (relation.type === 'OneToMany' || foreign.virtualField !== undefined) {
      throw new ValidationError(
        `Cannot read '${prefix}' of '${model.name}' in one query: only to-one relations to stored collections can be.`,
        { details: { collection: model.name, field: prefix } },
      );
    }
    const parentPath = prefix.split(':').slice(0, -1).join('.');
    const at = (field: string) => (parentPath ? `${parentPath}.${field}` : field);
    const as = at(name);
    const [localField, foreignField] =
      relation.type === 'ManyToOne'
        ? [at(relation.foreignKey), relation.foreignKeyTarget]
        : [at(relation.originKeyTarget), relation.originKey];
    stages.push(
      { $lookup: { from: foreign.source, localField, foreignField, as } },
      { $set: { [as]: { $arrayElemAt: [`$${as}`, 0] } } },
    );
  }

  return stages;
}

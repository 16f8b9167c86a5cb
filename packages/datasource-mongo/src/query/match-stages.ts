import { type ConditionTree, ConditionTreeBranch } from '@platform/datasource-toolkit';
import type { MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel } from '../schema/collection-model';
import { type QueryContext, relationsOfTree, treeToMatch } from './filter-to-match';
import { lookupStages } from './lookup-stages';

/**
 * The `$match` of a tree, as early as correct: conditions on the collection's own fields run first,
 * so that `$lookup` only runs on the documents they keep; conditions on relations run after their
 * lookups. `done` collects the relations embedded.
 * @internal
 */
export function matchStages(
  tree: ConditionTree | null,
  model: CollectionModel,
  context: QueryContext,
  done: Set<string>,
): MongoDocument[] {
  if (!tree) return [];
  const parts = tree instanceof ConditionTreeBranch && tree.aggregator === 'And' ? tree.conditions : [tree];
  const isOwn = (part: ConditionTree) => relationsOfTree(part, model, context).length === 0;
  const own = parts.filter(isOwn);
  const related = parts.filter((part) => !isOwn(part));
  const stages: MongoDocument[] = [];
  if (own.length > 0) stages.push({ $match: and(own.map((part) => treeToMatch(part, model, context))) });
  if (related.length > 0) {
    const prefixes = related.flatMap((part) => relationsOfTree(part, model, context));
    stages.push(...lookupStages(model, prefixes, context.lookup, done));
    stages.push({ $match: and(related.map((part) => treeToMatch(part, model, context))) });
  }

  return stages;
}

function and(parts: MongoDocument[]): MongoDocument {
  return parts.length === 1 ? (parts[0] ?? {}) : { $and: parts };
}

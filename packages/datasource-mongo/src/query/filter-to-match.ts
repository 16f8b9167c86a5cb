import {
  buildSearchTree,
  type ConditionTree,
  ConditionTreeBranch,
  ConditionTreeEquivalent,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  type Filter,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { MongoDocument, ObjectIdClass } from '../connection/mongo-driver';
import type { CollectionModel, ModelLookup } from '../schema/collection-model';
import { nativeOperatorsFor } from '../schema/native-operators';
import { leafToMatch } from './leaf-to-match';
import { resolveField } from './resolve-field';

/** What translating a request needs besides the request. @internal */
export interface QueryContext {
  readonly lookup: ModelLookup;
  readonly ObjectId: ObjectIdClass;
  readonly timezone: string;
  readonly now?: Date;
}

/** The condition tree of a filter and its search, intersected; null when it has neither. @internal */
export function filterTree(
  filter: Filter | undefined,
  model: CollectionModel,
  context: QueryContext,
): ConditionTree | null {
  if (!filter) return null;
  if (filter.segment) {
    throw new ValidationError(`Unknown segment '${filter.segment}' on '${model.name}': it has none.`);
  }
  const text = filter.search?.trim();
  const search = text
    ? buildSearchTree(text, filter.searchExtended === true, model.schema, (name) => context.lookup(name).schema)
    : null;

  return ConditionTreeFactory.intersect(filter.conditionTree, search) ?? null;
}

/** The request prefixes of the relations a tree reads (`author` for `author:name`). @internal */
export function relationsOfTree(tree: ConditionTree | null, model: CollectionModel, context: QueryContext): string[] {
  const prefixes: string[] = [];
  tree?.forEachLeaf((leaf) => prefixes.push(...resolveField(model, leaf.field, context.lookup).relationPrefixes));

  return prefixes;
}

/**
 * A condition tree as a `$match` query. Leafs whose operator MongoDB has no native form for are
 * first rewritten with the toolkit's equivalence, in the caller's time zone.
 * @internal
 */
export function treeToMatch(tree: ConditionTree, model: CollectionModel, context: QueryContext): MongoDocument {
  if (tree instanceof ConditionTreeBranch) {
    const parts = tree.conditions.map((condition) => treeToMatch(condition, model, context));
    if (parts.length === 0) return tree.aggregator === 'And' ? {} : { _id: { $exists: false } };

    return { [tree.aggregator === 'And' ? '$and' : '$or']: parts };
  }
  if (!(tree instanceof ConditionTreeLeaf)) throw new Error('Unknown condition tree node.');

  const field = resolveField(model, tree.field, context.lookup);
  const natives = nativeOperatorsFor(field.column.columnType);
  if (natives.has(tree.operator)) return leafToMatch(tree, field, context.ObjectId);

  const { columnType } = field.column;
  const equivalent = ConditionTreeEquivalent.getEquivalentTree(
    tree,
    natives,
    columnType,
    context.timezone,
    context.now,
  );
  if (!equivalent) {
    throw new ValidationError(`Operator '${tree.operator}' is not supported on '${tree.field}' by MongoDB.`, {
      details: { field: tree.field, operator: tree.operator },
    });
  }

  return treeToMatch(equivalent, model, context);
}

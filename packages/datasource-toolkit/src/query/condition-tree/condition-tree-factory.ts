import { getCompositeId, getPrimaryKeys } from '../../records/packed-id';
import type { CompositeId, RecordData } from '../../records/record';
import type { CollectionSchema } from '../../schema/collection-schema';
import type { ConditionTree } from './condition-tree';
import { ConditionTreeBranch } from './condition-tree-branch';
import { ConditionTreeLeaf } from './condition-tree-leaf';
import { parsePlainConditionTree } from './parse-plain-condition-tree';
import type { Aggregator } from './plain-condition-tree';

let matchAll: ConditionTree | undefined;
let matchNone: ConditionTree | undefined;

/** Builds condition trees: from JSON, by combining trees, or from primary keys. */
export class ConditionTreeFactory {
  /** A tree that matches every record: an `And` of no condition. */
  // Getters (not static fields) so that module load order between the tree classes never matters.
  static get MatchAll(): ConditionTree {
    matchAll ??= new ConditionTreeBranch('And', []);

    return matchAll;
  }

  /** A tree that matches no record: an `Or` of no condition. */
  static get MatchNone(): ConditionTree {
    matchNone ??= new ConditionTreeBranch('Or', []);

    return matchNone;
  }

  /**
   * Parses and validates the JSON form of a tree (`{ field, operator, value }` or
   * `{ aggregator, conditions }`).
   * @throws ValidationError naming the problem and its path (`conditions[1].operator`).
   *
   * @example ConditionTreeFactory.fromPlainObject({ field: 'title', operator: 'Contains', value: 'war' })
   */
  static fromPlainObject(json: unknown): ConditionTree {
    return parsePlainConditionTree(json);
  }

  /** All of `trees` (`And`), flattening nested `And`s and dropping nulls and match-all trees. */
  static intersect(...trees: Array<ConditionTree | null | undefined>): ConditionTree {
    return ConditionTreeFactory.group('And', trees);
  }

  /** Any of `trees` (`Or`), flattening nested `Or`s and dropping nulls and match-none trees. */
  static union(...trees: Array<ConditionTree | null | undefined>): ConditionTree {
    return ConditionTreeFactory.group('Or', trees);
  }

  /**
   * A tree matching the records with these ids: `In` for a single primary key, an `Or` of `And`s
   * of `Equal` for a composite one. An empty list matches nothing.
   * @throws Error when the schema has no primary key or an id has the wrong number of values.
   */
  static matchIds(schema: CollectionSchema, ids: ReadonlyArray<CompositeId>): ConditionTree {
    const pks = getPrimaryKeys(schema);
    if (pks.length === 0) throw new Error('Cannot match ids: the collection has no primary key.');
    if (ids.length === 0) return ConditionTreeFactory.MatchNone;
    for (const id of ids) {
      if (id.length !== pks.length) {
        throw new Error(`Cannot match id [${id.join(', ')}]: expected ${pks.length} values (${pks.join(', ')}).`);
      }
    }

    const [pk] = pks;
    if (pk !== undefined && pks.length === 1)
      return new ConditionTreeLeaf(
        pk,
        'In',
        ids.map((id) => id[0]),
      );

    return ConditionTreeFactory.union(
      ...ids.map((id) =>
        ConditionTreeFactory.intersect(...pks.map((name, index) => new ConditionTreeLeaf(name, 'Equal', id[index]))),
      ),
    );
  }

  /** A tree matching these records, through their primary key values. */
  static matchRecords(schema: CollectionSchema, records: RecordData[]): ConditionTree {
    return ConditionTreeFactory.matchIds(
      schema,
      records.map((record) => getCompositeId(schema, record)),
    );
  }

  private static group(aggregator: Aggregator, trees: Array<ConditionTree | null | undefined>): ConditionTree {
    const conditions: ConditionTree[] = [];
    for (const tree of trees) {
      if (!tree) continue;
      if (isBranch(tree) && (tree.aggregator === aggregator || tree.conditions.length === 0)) {
        // An empty branch of the same aggregator is neutral; of the other one it absorbs everything.
        if (tree.conditions.length === 0 && tree.aggregator !== aggregator) return tree;
        conditions.push(...tree.conditions);
      } else {
        conditions.push(tree);
      }
    }

    const [single] = conditions;
    if (conditions.length === 1 && single) return single;

    return new ConditionTreeBranch(aggregator, conditions);
  }
}

function isBranch(tree: ConditionTree): tree is ConditionTreeBranch {
  return 'aggregator' in tree && 'conditions' in tree;
}

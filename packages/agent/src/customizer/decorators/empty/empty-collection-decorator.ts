import type {
  AggregateResult,
  Aggregation,
  Caller,
  ConditionTree,
  ConditionTreeBranch,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  RecordData,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/**
 * Skips the child when a filter provably matches nothing (`In []`, an `Or` of nothing, `Equal 1`
 * And `Equal 2` on one field...): lists return [], aggregations their empty result, updates and
 * deletes do nothing. Saves a query, and spares databases that reject `IN ()`.
 */
export class EmptyCollectionDecorator extends CollectionDecorator {
  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    return isEmpty(filter) ? [] : super.list(caller, filter, projection);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    // Aggregating no record: one row (Count 0, null otherwise) without groups, no row with groups.
    if (isEmpty(filter)) return aggregation.apply([], caller.timezone, limit);

    return super.aggregate(caller, filter, aggregation, limit);
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    if (!isEmpty(filter)) await super.update(caller, filter, patch);
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    if (!isEmpty(filter)) await super.delete(caller, filter);
  }
}

function isEmpty(filter: Filter): boolean {
  return filter.conditionTree !== undefined && matchesNothing(filter.conditionTree);
}

/** True when no record can match `tree`. False means "maybe": the child decides. */
export function matchesNothing(tree: ConditionTree): boolean {
  if (isLeaf(tree)) return tree.operator === 'In' && isEmptyList(tree.value);
  if (!isBranch(tree)) return false;
  if (tree.aggregator === 'Or') return tree.conditions.every(matchesNothing);

  return tree.conditions.some(matchesNothing) || hasContradictoryValues(tree.conditions);
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/** An `And` of `Equal`/`In` leaves on one field whose value sets do not intersect. */
function hasContradictoryValues(conditions: readonly ConditionTree[]): boolean {
  const allowedByField = new Map<string, Set<string>>();
  for (const condition of conditions) {
    if (!isLeaf(condition)) continue;
    if (condition.operator !== 'Equal' && condition.operator !== 'In') continue;
    const values = condition.operator === 'Equal' ? [condition.value] : (condition.value as unknown[]);
    const keys = new Set(values.map((value) => JSON.stringify(value)));
    const previous = allowedByField.get(condition.field);
    const allowed = previous ? new Set([...previous].filter((key) => keys.has(key))) : keys;
    if (allowed.size === 0) return true;
    allowedByField.set(condition.field, allowed);
  }

  return false;
}

// Duck-typed rather than `instanceof`, so that trees built by another copy of the toolkit count.
function isLeaf(tree: ConditionTree): tree is ConditionTreeLeaf {
  return 'operator' in tree && 'field' in tree;
}

function isBranch(tree: ConditionTree): tree is ConditionTreeBranch {
  return 'aggregator' in tree && 'conditions' in tree;
}

import type { Collection } from '../../contracts/collection';
import type { RecordData } from '../../records/record';
import { ConditionTree, type LeafReplacement } from './condition-tree';
import type { ConditionTreeLeaf } from './condition-tree-leaf';
import type { Aggregator, PlainConditionTreeBranch } from './plain-condition-tree';

/**
 * Conditions combined with `And` or `Or`. An `And` of nothing matches every record; an `Or` of
 * nothing matches none.
 *
 * @example new ConditionTreeBranch('Or', [new ConditionTreeLeaf('a', 'Missing'), new ConditionTreeLeaf('b', 'Missing')])
 */
export class ConditionTreeBranch extends ConditionTree {
  readonly aggregator: Aggregator;
  readonly conditions: readonly ConditionTree[];

  constructor(aggregator: Aggregator, conditions: readonly ConditionTree[]) {
    super();
    this.aggregator = aggregator;
    this.conditions = Object.freeze([...conditions]);
    Object.freeze(this);
  }

  /** De Morgan: the inverse of `a And b` is `not a Or not b`. */
  override inverse(): ConditionTree {
    return new ConditionTreeBranch(
      this.aggregator === 'And' ? 'Or' : 'And',
      this.conditions.map((condition) => condition.inverse()),
    );
  }

  override replaceLeafs(handler: (leaf: ConditionTreeLeaf) => LeafReplacement): ConditionTree {
    return this.withConditions(this.conditions.map((condition) => condition.replaceLeafs(handler)));
  }

  override async replaceLeafsAsync(
    handler: (leaf: ConditionTreeLeaf) => Promise<LeafReplacement>,
  ): Promise<ConditionTree> {
    return this.withConditions(await Promise.all(this.conditions.map((c) => c.replaceLeafsAsync(handler))));
  }

  override match(record: RecordData, collection: Collection, timezone: string): boolean {
    return this.aggregator === 'And'
      ? this.conditions.every((condition) => condition.match(record, collection, timezone))
      : this.conditions.some((condition) => condition.match(record, collection, timezone));
  }

  override forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void {
    for (const condition of this.conditions) condition.forEachLeaf(handler);
  }

  override everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return this.conditions.every((condition) => condition.everyLeaf(handler));
  }

  override someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return this.conditions.some((condition) => condition.someLeaf(handler));
  }

  override toPlainObject(): PlainConditionTreeBranch {
    return { aggregator: this.aggregator, conditions: this.conditions.map((condition) => condition.toPlainObject()) };
  }

  private withConditions(conditions: ReadonlyArray<ConditionTree | null>): ConditionTree {
    return new ConditionTreeBranch(
      this.aggregator,
      conditions.filter((condition): condition is ConditionTree => condition !== null),
    );
  }
}

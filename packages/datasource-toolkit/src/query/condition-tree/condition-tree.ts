import type { Collection } from '../../contracts/collection';
import type { RecordData } from '../../records/record';
import { Projection } from '../projection';
import type { ConditionTreeLeaf } from './condition-tree-leaf';
import { deepEqual } from './match/deep-equal';
import type { PlainConditionTree } from './plain-condition-tree';

/** What a leaf handler may return: a tree, its JSON form, or null to remove the leaf. */
export type LeafReplacement = ConditionTree | PlainConditionTree | null;

/**
 * A filter condition: a leaf (`field operator value`) or a branch (`And`/`Or` of conditions).
 * Trees are immutable: every transformation returns a new tree.
 */
export abstract class ConditionTree {
  /** The negation of this tree (De Morgan on branches, operator negation on leafs). */
  abstract inverse(): ConditionTree;

  /**
   * Rebuilds the tree, replacing each leaf with what `handler` returns. A null removes the leaf;
   * a branch left empty keeps its aggregator (`And` of nothing matches all, `Or` of nothing none).
   */
  abstract replaceLeafs(handler: (leaf: ConditionTreeLeaf) => LeafReplacement): ConditionTree | null;

  /** Same as `replaceLeafs`, with an async handler; leafs are replaced concurrently. */
  abstract replaceLeafsAsync(
    handler: (leaf: ConditionTreeLeaf) => Promise<LeafReplacement>,
  ): Promise<ConditionTree | null>;

  /**
   * Evaluates the tree against one record in memory.
   * @param collection gives the column types, for type-aware comparisons.
   * @param timezone IANA time zone of the caller, for relative date operators.
   */
  abstract match(record: RecordData, collection: Collection, timezone: string): boolean;

  abstract forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void;
  abstract everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean;
  abstract someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean;
  abstract toPlainObject(): PlainConditionTree;

  /** Every field path the tree reads. */
  get projection(): Projection {
    const fields: string[] = [];
    this.forEachLeaf((leaf) => {
      fields.push(leaf.field);
    });

    return new Projection(...fields);
  }

  /** The records that match the tree, in their order. */
  apply(records: RecordData[], collection: Collection, timezone: string): RecordData[] {
    return records.filter((record) => this.match(record, collection, timezone));
  }

  /** Prefixes every field with `prefix:` (`name` becomes `author:name`). */
  nest(prefix: string): ConditionTree {
    return prefix ? this.replaceFields((field) => `${prefix}:${field}`) : this;
  }

  /**
   * Removes the first path segment, which all leafs must share (`author:name` becomes `name`).
   * @throws Error when the leafs do not all start with the same relation.
   */
  unnest(): ConditionTree {
    const prefixes = new Set<string>();
    this.forEachLeaf((leaf) => {
      const index = leaf.field.indexOf(':');
      prefixes.add(index > 0 ? leaf.field.slice(0, index) : '');
    });
    if (prefixes.size === 0) return this;
    const [prefix] = prefixes;
    if (prefixes.size > 1 || !prefix) {
      throw new Error(`Cannot unnest condition tree: its fields do not share one relation (${this.describeFields()}).`);
    }

    return this.replaceFields((field) => field.slice(prefix.length + 1));
  }

  /** Renames every field with `handler`. */
  replaceFields(handler: (field: string) => string): ConditionTree {
    return this.replaceLeafs((leaf) => leaf.override({ field: handler(leaf.field) })) ?? this;
  }

  /** True when `other` is a condition tree with the same structure, operators and values. */
  equals(other: unknown): boolean {
    return isConditionTree(other) && deepEqual(this.toPlainObject(), other.toPlainObject());
  }

  private describeFields(): string {
    return [...this.projection].join(', ');
  }
}

/**
 * Whether `value` is a condition tree. Duck-typed rather than `instanceof`, so that trees built by
 * another installed copy of this package are recognised too.
 */
export function isConditionTree(value: unknown): value is ConditionTree {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ConditionTree>).toPlainObject === 'function' &&
    typeof (value as Partial<ConditionTree>).replaceLeafs === 'function'
  );
}

import type { Collection } from '../../contracts/collection';
import type { RecordData } from '../../records/record';
import type { Operator } from '../operators';
import { ConditionTree, isConditionTree, type LeafReplacement } from './condition-tree';
import { ConditionTreeFactory } from './condition-tree-factory';
import { inverseLeaf } from './inverse-leaf';
import { matchLeaf } from './match/match-leaf';
import type { PlainConditionTreeLeaf } from './plain-condition-tree';
import { isRelativeDateOperator } from './time/relative-date-operators';

/**
 * One condition: `field operator value`. The field may be a relation path (`author:name`).
 *
 * @example new ConditionTreeLeaf('title', 'Contains', 'war')
 */
export class ConditionTreeLeaf extends ConditionTree {
  readonly field: string;
  readonly operator: Operator;
  readonly value: unknown;

  constructor(field: string, operator: Operator, value?: unknown) {
    super();
    this.field = field;
    this.operator = operator;
    // Lists are copied so that the caller mutating its array cannot change the tree.
    this.value = Array.isArray(value) ? Object.freeze([...value]) : value;
    Object.freeze(this);
  }

  /** True when the operator is relative to the current time, so its meaning depends on the time zone. */
  get useIntervalOperator(): boolean {
    return isRelativeDateOperator(this.operator);
  }

  /** A copy of this leaf with some of its properties replaced. */
  override(params: Partial<PlainConditionTreeLeaf>): ConditionTreeLeaf {
    const plain = { ...this.toPlainObject(), ...params };

    return new ConditionTreeLeaf(plain.field, plain.operator, plain.value);
  }

  /** @throws Error when the operator has no negation (Like, IncludesAll, relative dates...). */
  override inverse(): ConditionTree {
    return inverseLeaf(this);
  }

  override replaceLeafs(handler: (leaf: ConditionTreeLeaf) => LeafReplacement): ConditionTree | null {
    return toTree(handler(this));
  }

  override async replaceLeafsAsync(
    handler: (leaf: ConditionTreeLeaf) => Promise<LeafReplacement>,
  ): Promise<ConditionTree | null> {
    return toTree(await handler(this));
  }

  override match(record: RecordData, collection: Collection, timezone: string): boolean {
    return matchLeaf(this, record, collection, timezone);
  }

  override forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void {
    handler(this);
  }

  override everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return handler(this);
  }

  override someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return handler(this);
  }

  override toPlainObject(): PlainConditionTreeLeaf {
    const plain: PlainConditionTreeLeaf = { field: this.field, operator: this.operator };
    if (this.value !== undefined) plain.value = Array.isArray(this.value) ? [...this.value] : this.value;

    return plain;
  }
}

function toTree(result: LeafReplacement): ConditionTree | null {
  if (result === null || isConditionTree(result)) return result;

  return ConditionTreeFactory.fromPlainObject(result);
}

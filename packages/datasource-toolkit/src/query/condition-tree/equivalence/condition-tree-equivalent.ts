import type { ColumnType } from '../../../schema/column-type';
import { OPERATORS, type Operator } from '../../operators';
import { allowedOperatorsForColumnType } from '../../operators-by-type';
import type { ConditionTree } from '../condition-tree';
import type { ConditionTreeLeaf } from '../condition-tree-leaf';
import { COMPARISON_RULES } from './comparison-rules';
import { DATE_RULES } from './date-rules';
import type { EquivalenceRule } from './equivalence-rule';
import { PATTERN_RULES } from './pattern-rules';
import { sampleLeaf } from './sample-leaf';

/** How many rewrites may chain (`NotEqual` → `NotIn` → `And` of `NotEqual`...) before giving up. */
const MAX_DEPTH = 6;
const RULES: Partial<Record<Operator, readonly EquivalenceRule[]>> = {
  ...COMPARISON_RULES,
  ...PATTERN_RULES,
  ...DATE_RULES,
};
const cache = new Map<string, boolean>();

/**
 * Expresses operators a datasource does not support with the ones it does (its "natives"): for
 * instance `Contains 'a'` as `Like '%a%'`, `In [1, 2]` as `Equal 1 Or Equal 2`, `Today` as a range
 * of instants in the caller's time zone. `LongerThan`, `ShorterThan`, `Match`, `Like`, `ILike` and
 * the array operators have no such rewrite: they must be native or emulated in memory.
 */
export class ConditionTreeEquivalent {
  /**
   * A tree using only `nativeOperators` that means the same as `leaf`, or null when there is none.
   * @param now the current time, for relative date operators; defaults to the real one.
   *
   * @example ConditionTreeEquivalent.getEquivalentTree(leaf, new Set(['Like']), 'String', 'UTC')
   */
  static getEquivalentTree(
    leaf: ConditionTreeLeaf,
    nativeOperators: ReadonlySet<Operator>,
    columnType: ColumnType,
    timezone: string,
    now: Date = new Date(),
  ): ConditionTree | null {
    return resolveTree(leaf, { nativeOperators, columnType, timezone, now }, []);
  }

  /** Whether `operator` can be expressed with `nativeOperators` on a column of `columnType`. */
  static hasEquivalentTree(
    operator: Operator,
    nativeOperators: ReadonlySet<Operator>,
    columnType: ColumnType,
  ): boolean {
    if (nativeOperators.has(operator)) return true;
    const key = `${[...nativeOperators].sort().join(',')}|${JSON.stringify(columnType)}|${operator}`;
    let result = cache.get(key);
    if (result === undefined) {
      // A representative leaf: rules depend on values only for edge cases such as `Equal null`.
      const tree = ConditionTreeEquivalent.getEquivalentTree(
        sampleLeaf(operator, columnType),
        nativeOperators,
        columnType,
        'UTC',
        new Date(0),
      );
      result = tree !== null;
      cache.set(key, result);
    }

    return result;
  }

  /** Every operator usable on `columnType` given `nativeOperators`: the natives and what derives from them. */
  static getEquivalentOperators(nativeOperators: ReadonlySet<Operator>, columnType: ColumnType): ReadonlySet<Operator> {
    const allowed = allowedOperatorsForColumnType(columnType);

    return new Set(
      OPERATORS.filter(
        (operator) =>
          nativeOperators.has(operator) ||
          (allowed.has(operator) && ConditionTreeEquivalent.hasEquivalentTree(operator, nativeOperators, columnType)),
      ),
    );
  }
}

interface Context {
  readonly nativeOperators: ReadonlySet<Operator>;
  readonly columnType: ColumnType;
  readonly timezone: string;
  readonly now: Date;
}

function resolveTree(tree: ConditionTree, context: Context, path: readonly Operator[]): ConditionTree | null {
  let failed = false;
  const resolved = tree.replaceLeafs((leaf) => {
    const replacement = failed ? null : resolveLeaf(leaf, context, path);
    if (!replacement) failed = true;

    return replacement ?? leaf;
  });

  return failed ? null : resolved;
}

function resolveLeaf(leaf: ConditionTreeLeaf, context: Context, path: readonly Operator[]): ConditionTree | null {
  if (context.nativeOperators.has(leaf.operator)) return leaf;
  // An operator already being rewritten up the chain would loop (Equal → In → Equal).
  if (path.length >= MAX_DEPTH || path.includes(leaf.operator)) return null;

  const nextPath = [...path, leaf.operator];
  const resolve = (tree: ConditionTree): ConditionTree | null => resolveTree(tree, context, nextPath);
  for (const rule of RULES[leaf.operator] ?? []) {
    const rewritten = rule(leaf, { ...context, resolve });
    const resolved = rewritten && resolve(rewritten);
    if (resolved) return resolved;
  }

  return null;
}

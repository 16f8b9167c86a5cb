import { ValidationError } from '../../errors/errors';
import {
  INTERVAL_OPERATORS,
  isOperator,
  LIST_OPERATORS,
  OPERATORS,
  type Operator,
  PATTERN_OPERATORS,
} from '../operators';
import type { ConditionTree } from './condition-tree';
import { ConditionTreeBranch } from './condition-tree-branch';
import { ConditionTreeLeaf } from './condition-tree-leaf';
import { parseRegExp } from './match/parse-regexp';

const STRING_OPERATORS: readonly Operator[] = PATTERN_OPERATORS;
const COUNT_OPERATORS: readonly Operator[] = [...INTERVAL_OPERATORS, 'LongerThan', 'ShorterThan'];

/** Deepest nesting of branches a condition tree may have (a lone leaf is at depth 0). */
export const MAX_CONDITION_TREE_DEPTH = 32;

/** Most nodes (leaves and branches) a condition tree may hold. */
export const MAX_CONDITION_TREE_NODES = 10_000;

/**
 * Turns untrusted JSON into a condition tree. Aggregators are accepted in any case (`and`).
 * Trees deeper than `MAX_CONDITION_TREE_DEPTH` or larger than `MAX_CONDITION_TREE_NODES` are
 * refused before any recursion, so hostile input cannot overflow the stack.
 * @throws ValidationError with `details.path` pointing at the faulty node.
 * @internal
 */
export function parsePlainConditionTree(json: unknown): ConditionTree {
  checkSize(json);

  return parseNode(json, '');
}

/** Walks the plain tree iteratively and refuses it past the depth or node limits. */
function checkSize(json: unknown): void {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: json, depth: 0 }];
  let count = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    count += 1;
    if (count > MAX_CONDITION_TREE_NODES) {
      throw new ValidationError(
        `Invalid condition tree: trees hold at most ${MAX_CONDITION_TREE_NODES.toLocaleString('en-US')} conditions ` +
          '(leaves and branches); use In with a list of values, or split the request.',
        { details: { maxConditions: MAX_CONDITION_TREE_NODES } },
      );
    }
    const conditions =
      typeof next.node === 'object' && next.node !== null
        ? (next.node as { conditions?: unknown }).conditions
        : undefined;
    if (!Array.isArray(conditions)) continue;
    if (next.depth >= MAX_CONDITION_TREE_DEPTH) {
      throw new ValidationError(
        `Invalid condition tree: branches nest at most ${MAX_CONDITION_TREE_DEPTH} levels deep; flatten the tree.`,
        { details: { maxDepth: MAX_CONDITION_TREE_DEPTH } },
      );
    }
    for (const child of conditions) pending.push({ node: child, depth: next.depth + 1 });
  }
}

function parseNode(json: unknown, path: string): ConditionTree {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail(
      path,
      `expected an object with "field" and "operator", or "aggregator" and "conditions", got ${describe(json)}`,
    );
  }

  const node = json as Record<string, unknown>;
  if ('aggregator' in node && 'field' in node) fail(path, 'a node cannot have both "aggregator" and "field"');
  if ('aggregator' in node || 'conditions' in node) return parseBranch(node, path);
  if ('field' in node || 'operator' in node) return parseLeaf(node, path);

  return fail(path, 'expected "field" and "operator", or "aggregator" and "conditions"');
}

function parseBranch(node: Record<string, unknown>, path: string): ConditionTree {
  const { aggregator, conditions } = node;
  const normalized = typeof aggregator === 'string' ? aggregator.toLowerCase() : undefined;
  if (normalized !== 'and' && normalized !== 'or') {
    fail(join(path, 'aggregator'), `expected "And" or "Or", got ${describe(aggregator)}`);
  }
  if (!Array.isArray(conditions)) fail(join(path, 'conditions'), `expected an array, got ${describe(conditions)}`);

  return new ConditionTreeBranch(
    normalized === 'and' ? 'And' : 'Or',
    conditions.map((condition, index) => parseNode(condition, `${join(path, 'conditions')}[${index}]`)),
  );
}

function parseLeaf(node: Record<string, unknown>, path: string): ConditionTree {
  const { field, operator, value } = node;
  if (typeof field !== 'string' || field === '') {
    fail(join(path, 'field'), `expected a non-empty string, got ${describe(field)}`);
  }
  if (!isOperator(operator)) {
    fail(join(path, 'operator'), `unknown operator ${describe(operator)}; expected one of ${OPERATORS.join(', ')}`);
  }

  const valuePath = join(path, 'value');
  if (LIST_OPERATORS.includes(operator) && !Array.isArray(value)) {
    fail(valuePath, `operator ${operator} expects an array, got ${describe(value)}`);
  }
  if (COUNT_OPERATORS.includes(operator) && !(Number.isInteger(value) && (value as number) >= 0)) {
    fail(valuePath, `operator ${operator} expects a non-negative integer, got ${describe(value)}`);
  }
  if (STRING_OPERATORS.includes(operator) && typeof value !== 'string') {
    fail(valuePath, `operator ${operator} expects a string, got ${describe(value)}`);
  }
  if (operator === 'Match') {
    try {
      parseRegExp(value);
    } catch (error) {
      fail(valuePath, `operator Match expects a regular expression, got ${describe(value)}`, error);
    }
  }

  return new ConditionTreeLeaf(field, operator, value);
}

function fail(path: string, problem: string, cause?: unknown): never {
  const where = path === '' ? 'at the root' : `at "${path}"`;

  throw new ValidationError(`Invalid condition tree ${where}: ${problem}.`, { cause, details: { path } });
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 50 ? `${value.slice(0, 50)}...` : value}"`;
  if (typeof value === 'object') return 'an object';

  return `${typeof value} ${String(value)}`;
}

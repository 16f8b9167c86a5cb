import {
  type ConditionTree,
  ConditionTreeBranch,
  ConditionTreeLeaf,
  type Operator,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import { pageParameters } from '../joins/select-from-plan';
import type { QueryContext } from '../query-context';
import type { ColumnInfo, TableModel } from '../table-model';
import { buildSelect, pageBounds } from './build-select';
import type { RecordReader } from './read-records';

// Read once: in CommonJS builds every use of an imported name goes through the package's getters.
const Branch = ConditionTreeBranch;
const Leaf = ConditionTreeLeaf;

/** How a leaf binds its value: not at all, once, or once per non-null item of its list. */
type Binding = 'none' | 'one' | 'list';

interface LeafBinding {
  readonly binding: Binding;
  readonly column: ColumnInfo;
}

/** The compiled statement of one list shape, and how to bind the values of a list of that shape. */
interface ListStatement {
  readonly sql: string;
  /** One per leaf of the condition tree, in depth-first order. */
  readonly leaves: readonly LeafBinding[];
  readonly read: RecordReader;
}

// Shapes are bounded by the schema, but `In` lists of every length make new ones: past this many
// shapes per collection, the least recently used is dropped.
const MAX_SHAPES = 500;

/**
 * Lists of one collection, with their statements cached by SHAPE: the condition tree's structure,
 * fields and operators (with the nullness and length of values where they change the SQL), the
 * projection, the sort and which of LIMIT/OFFSET are present, but not the values. The first list
 * of a shape is built and compiled as usual (`buildSelect`); later ones only bind their values
 * into the compiled SQL and read rows with the shape's prepared reader. It pays on
 * sub-millisecond lists, where building and compiling cost as much as the query.
 *
 * Only shapes whose leaves the dialect runs natively with one parameter per value are cached
 * (comparisons, `In`/`NotIn`, `Missing`/`Present`/`Blank`); the others (rewritten operators,
 * pattern matching, search) are built on every call. When a shape is first compiled, the values
 * bound from the shape are checked against the parameters of the compiled statement: a shape
 * whose SQL holds any other parameter is never cached.
 * @internal
 */
export class ListStatements {
  /** Statements by shape; `false` for a shape seen once and found uncacheable. */
  private readonly statements = new LRUCache<string, ListStatement | false>({ max: MAX_SHAPES });

  constructor(private readonly model: TableModel) {}

  async list(
    context: QueryContext,
    filter: PaginatedFilter,
    projection: Projection,
    timezone: string,
  ): Promise<RecordData[]> {
    const key = shapeKey(filter, projection);
    const cached = key === undefined ? undefined : this.statements.get(key);
    if (cached) return this.runCached(context, cached, filter);

    const select = buildSelect(context, this.model, filter, projection, timezone);
    if (key === undefined || cached === false) return select.run();

    // First list of this shape: compile it, and keep it if its parameters are the shape's values.
    const compiled = select.query.compile(context.db);
    const leaves = leafBindings(filter.conditionTree, (path) => select.plan.resolve(path).column, context);
    const statement: ListStatement | null = leaves && { sql: compiled.sql, leaves, read: select.read };
    const isExact = statement !== null && sameValues(bindValues(statement, filter, context), compiled.parameters);
    this.statements.set(key, isExact ? statement : false);

    const { rows } = await context.db.executeQuery(compiled);
    return select.read(rows as Array<Record<string, unknown>>);
  }

  private async runCached(
    context: QueryContext,
    statement: ListStatement,
    filter: PaginatedFilter,
  ): Promise<RecordData[]> {
    const compiled = CompiledQuery.raw(statement.sql, bindValues(statement, filter, context));
    const { rows } = await context.db.executeQuery(compiled);

    return statement.read(rows as Array<Record<string, unknown>>);
  }
}

/** The parameters of a list of the statement's shape, in the order of the SQL. */
function bindValues(statement: ListStatement, filter: PaginatedFilter, { flavor }: QueryContext): unknown[] {
  const values: unknown[] = [];
  let index = 0;
  const visit = (tree: ConditionTree): void => {
    if (tree instanceof Branch) {
      for (const condition of tree.conditions) visit(condition);
      return;
    }
    const { binding, column } = statement.leaves[index] as LeafBinding;
    index += 1;
    const { value } = tree as ConditionTreeLeaf;
    if (binding === 'one') values.push(flavor.toDatabase(value, column));
    else if (binding === 'list' && Array.isArray(value)) {
      for (const item of value) if (item !== null && item !== undefined) values.push(flavor.toDatabase(item, column));
    }
  };
  if (filter.conditionTree) visit(filter.conditionTree);
  for (const value of pageParameters(pageBounds(filter.page, flavor.dialect))) values.push(value);

  return values;
}

/**
 * How each leaf binds its value, depth first; null when a leaf is not one the shape cache handles
 * (an operator the dialect rewrites or matches with a pattern).
 */
function leafBindings(
  tree: ConditionTree | undefined,
  resolve: (path: string) => ColumnInfo,
  { flavor }: QueryContext,
): LeafBinding[] | null {
  const leaves: LeafBinding[] = [];
  const visit = (node: ConditionTree): boolean => {
    if (node instanceof Branch) return node.conditions.every(visit);
    if (!(node instanceof Leaf)) return false;
    const column = resolve(node.field);
    if (!flavor.nativeOperators(column).has(node.operator)) return false;
    const binding = BINDINGS[node.operator];
    if (binding === undefined) return false;
    leaves.push({ binding: node.value === null && binding === 'one' ? 'none' : binding, column });

    return true;
  };

  return tree === undefined || visit(tree) ? leaves : null;
}

const BINDINGS: Partial<Record<Operator, Binding>> = {
  Missing: 'none',
  Present: 'none',
  Blank: 'none',
  Equal: 'one',
  NotEqual: 'one',
  LessThan: 'one',
  LessThanOrEqual: 'one',
  GreaterThan: 'one',
  GreaterThanOrEqual: 'one',
  In: 'list',
  NotIn: 'list',
};

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/**
 * The shape of a list: everything its SQL depends on but the values (see `ListStatements`).
 * Undefined for lists never cached (search, segment). Separators are control characters that
 * field names (validated against the schema) do not hold.
 */
function shapeKey(filter: PaginatedFilter, projection: Projection): string | undefined {
  if (filter.segment || filter.search?.trim()) return undefined;
  let key = filter.conditionTree ? treeKey(filter.conditionTree) : '';
  if (key === undefined) return undefined;
  key += '\u0000';
  for (const path of projection) key += `${path}\u0001`;
  key += '\u0000';
  for (const clause of filter.sort ?? []) key += `${clause.ascending ? '+' : '-'}${clause.field}\u0001`;
  const skip = filter.page?.skip ?? 0;
  key += `\u0000${filter.page?.limit === undefined ? 'u' : 'l'}${skip === 0 ? 'z' : skip > 0 ? 'p' : 'n'}`;

  return key;
}

function treeKey(tree: ConditionTree): string | undefined {
  if (tree instanceof Branch) {
    let key = `(${tree.aggregator}`;
    for (const condition of tree.conditions) {
      const child = treeKey(condition);
      if (child === undefined) return undefined;
      key += child;
    }

    return `${key})`;
  }
  if (!(tree instanceof Leaf)) return undefined;

  return `${tree.field}\u0001${tree.operator}\u0001${valueShape(tree.value)}\u0002`;
}

/** What of a value changes the SQL: null or undefined (`Equal null`), and which items of a list are null. */
function valueShape(value: unknown): string {
  if (value === null) return 'n';
  if (value === undefined) return 'u';
  if (!Array.isArray(value)) return 'v';
  let shape = 'a';
  for (const item of value) shape += item === null || item === undefined ? 'n' : 'v';

  return shape;
}

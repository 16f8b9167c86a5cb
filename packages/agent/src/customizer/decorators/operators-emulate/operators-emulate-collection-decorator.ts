import {
  allowedOperatorsForColumnType,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  ConditionTreeFactory,
  type ConditionTreeLeaf,
  type FieldSchema,
  type Filter,
  getPrimaryKeys,
  isConditionTree,
  isOperator,
  isRelation,
  type LeafReplacement,
  OPERATORS,
  type Operator,
  PaginatedFilter,
  Projection,
  ValidationError,
} from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import { CollectionDecorator, overrideFilter } from '../collection-decorator';
import { assertColumn } from '../field-checks';
import type { OperatorReplacer } from './types';

/**
 * Filters the child cannot run:
 * - a replaced operator (`replaceFieldOperator`) is rewritten by the user's function into
 *   conditions the child can run (recursively: a replacement may use other replaced operators;
 *   cycles are an error);
 * - an emulated operator (`emulateFieldOperator`, `emulateFieldFiltering`) is evaluated in memory:
 *   the primary keys and fields of every record are read (one query for all the emulated
 *   conditions of the filter), matched, and the condition becomes `id In [...]`. This reads the
 *   whole collection: keep it for small collections or fields nothing else can filter.
 */
export class OperatorsEmulateCollectionDecorator extends CollectionDecorator {
  /** Per field and operator: the replacer, or null for in-memory emulation. */
  private readonly operators = new Map<string, Map<Operator, OperatorReplacer | null>>();

  /** Makes every operator that makes sense for the field's type usable, emulating the missing ones. */
  emulateFieldFiltering(name: string): void {
    const column = assertColumn(this, name);
    for (const operator of allowedOperatorsForColumnType(column.columnType)) {
      if (!column.filterOperators.has(operator)) this.emulateFieldOperator(name, operator);
    }
  }

  /** Makes `operator` usable on `name` by evaluating it in memory. */
  emulateFieldOperator(name: string, operator: Operator): void {
    this.register(name, operator, null);
  }

  /** Makes `operator` usable on `name` by rewriting it with `replacer`. */
  replaceFieldOperator(name: string, operator: Operator, replacer: OperatorReplacer): void {
    if (typeof replacer !== 'function') {
      throw new ValidationError(`The replacer of '${this.name}.${name}' ${String(operator)} must be a function.`);
    }
    this.register(name, operator, replacer);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = { ...childSchema.fields };
    for (const [name, operators] of this.operators) {
      const column = fields[name];
      if (column?.type !== 'Column') continue;
      fields[name] = { ...column, filterOperators: new Set([...column.filterOperators, ...operators.keys()]) };
    }

    return { ...childSchema, fields };
  }

  override get isCustomized(): boolean {
    return this.operators.size > 0;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const tree = filter.conditionTree;
    if (!tree) return filter;

    return overrideFilter(filter, { conditionTree: await this.rewriteTree(caller, tree, []) });
  }

  /** `tree` with replaced operators rewritten and emulated ones resolved into ids. */
  async rewriteTree(caller: Caller, tree: ConditionTree, replacements: readonly string[]): Promise<ConditionTree> {
    const replaced =
      (await tree.replaceLeafsAsync((leaf) => this.rewriteLeaf(caller, leaf, replacements))) ??
      ConditionTreeFactory.MatchAll;

    const emulated: ConditionTreeLeaf[] = [];
    replaced.forEachLeaf((leaf) => {
      if (this.isEmulated(leaf)) emulated.push(leaf);
    });
    if (emulated.length === 0) return replaced;

    // One read for every emulated condition of this collection in the tree.
    const projection = new Projection(...emulated.map((leaf) => leaf.field)).withPks(this);
    const records = await this.list(caller, new PaginatedFilter(), projection);

    return (
      replaced.replaceLeafs((leaf) =>
        this.isEmulated(leaf)
          ? ConditionTreeFactory.matchRecords(this.schema, leaf.apply(records, this, caller.timezone))
          : leaf,
      ) ?? ConditionTreeFactory.MatchAll
    );
  }

  private async rewriteLeaf(
    caller: Caller,
    leaf: ConditionTreeLeaf,
    replacements: readonly string[],
  ): Promise<LeafReplacement> {
    const index = leaf.field.indexOf(':');
    if (index !== -1) {
      // A field of a related record: the related collection of this layer resolves it.
      const prefix = leaf.field.slice(0, index);
      const relation = this.childCollection.schema.fields[prefix];
      if (!isRelation(relation)) return leaf;
      const foreign = this.dataSource.getCollection(relation.foreignCollection) as OperatorsEmulateCollectionDecorator;
      const subTree = await foreign.rewriteTree(
        caller,
        leaf.override({ field: leaf.field.slice(index + 1) }),
        replacements,
      );

      return subTree.nest(prefix);
    }

    const replacer = this.operators.get(leaf.field)?.get(leaf.operator);
    if (!replacer) return leaf; // Native, or emulated (resolved by rewriteTree for the whole tree).

    const id = `${this.name}.${leaf.field} ${leaf.operator}`;
    if (replacements.includes(id)) {
      throw new ValidationError(`Operator replacements form a cycle: ${[...replacements, id].join(' → ')}.`);
    }
    const result = await replacer(leaf.value, createCollectionContext(this, caller));
    const tree = isConditionTree(result) ? result : ConditionTreeFactory.fromPlainObject(result);
    const nextReplacements = [...replacements, id];

    return tree.replaceLeafsAsync((subLeaf) => this.rewriteLeaf(caller, subLeaf, nextReplacements));
  }

  private isEmulated(leaf: ConditionTreeLeaf): boolean {
    return this.operators.get(leaf.field)?.get(leaf.operator) === null;
  }

  private register(name: string, operator: Operator, replacer: OperatorReplacer | null): void {
    const column = assertColumn(this, name);
    const allowed = allowedOperatorsForColumnType(column.columnType);
    if (!isOperator(operator) || !allowed.has(operator)) {
      throw new ValidationError(
        `Operator ${JSON.stringify(operator)} cannot apply to '${this.name}.${name}' (${JSON.stringify(column.columnType)}). ` +
          `Operators of this type: ${OPERATORS.filter((op) => allowed.has(op)).join(', ')}.`,
      );
    }
    if (replacer === null) this.assertIdsAreFilterable();

    const operators = this.operators.get(name) ?? new Map<Operator, OperatorReplacer | null>();
    operators.set(operator, replacer);
    this.operators.set(name, operators);
    this.markSchemaAsDirty();
  }

  /** Emulation ends in `id In [...]`: the primary key must exist and be filterable that way. */
  private assertIdsAreFilterable(): void {
    const schema = this.childCollection.schema;
    const primaryKeys = getPrimaryKeys(schema);
    const operator: Operator = primaryKeys.length === 1 ? 'In' : 'Equal';
    const filterable = primaryKeys.every((pk) => {
      const field = schema.fields[pk];

      return field?.type === 'Column' && field.filterOperators.has(operator);
    });
    if (primaryKeys.length === 0 || !filterable) {
      throw new ValidationError(
        `Cannot emulate filters on '${this.name}': emulation needs a primary key filterable with '${operator}'.`,
      );
    }
  }
}

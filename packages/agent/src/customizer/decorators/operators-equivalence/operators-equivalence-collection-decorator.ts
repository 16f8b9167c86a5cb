import {
  type Caller,
  type CollectionSchema,
  type ColumnSchema,
  ConditionTreeEquivalent,
  type FieldSchema,
  FieldValidator,
  type Filter,
  isColumn,
} from '@platform/datasource-toolkit';
import { CollectionDecorator, overrideFilter } from '../collection-decorator';

/**
 * Widens each column's `filterOperators` with every operator that can be expressed with the
 * child's native ones (`Contains` as `Like '%…%'`, `Today` as a range in the caller's time zone,
 * `In` as `Equal`s...), and rewrites incoming leaves into those native operators.
 *
 * It sits right above each layer that adds filterable fields (the database, emulated operators),
 * so that everything above sees the widest set of operators.
 */
export class OperatorsEquivalenceCollectionDecorator extends CollectionDecorator {
  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(childSchema.fields)) {
      fields[name] =
        isColumn(field) && field.filterOperators.size > 0
          ? {
              ...field,
              filterOperators: ConditionTreeEquivalent.getEquivalentOperators(field.filterOperators, field.columnType),
            }
          : field;
    }

    return { ...childSchema, fields };
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const tree = filter.conditionTree;
    // All-native filters (the usual case) pass as they are.
    if (!tree || tree.everyLeaf((leaf) => this.columnOf(leaf.field).filterOperators.has(leaf.operator))) return filter;

    const conditionTree =
      tree.replaceLeafs((leaf) => {
        const column = this.columnOf(leaf.field);
        if (column.filterOperators.has(leaf.operator)) return leaf;

        // No equivalent: pass the leaf down, so the child rejects it with its own message.
        return (
          ConditionTreeEquivalent.getEquivalentTree(leaf, column.filterOperators, column.columnType, caller.timezone) ??
          leaf
        );
      }) ?? undefined;

    return overrideFilter(filter, { conditionTree });
  }

  /** The child's column at `path` (through relations, at the child's layer): it tells what is native. */
  private columnOf(path: string): ColumnSchema {
    return FieldValidator.validate(this.childCollection, path);
  }
}

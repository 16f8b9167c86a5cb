import { type CollectionSchema, type ColumnSchema, isColumn, isToOneRelation } from '../../schema/collection-schema';
import type { ConditionTree } from '../condition-tree/condition-tree';
import { ConditionTreeFactory } from '../condition-tree/condition-tree-factory';
import { ConditionTreeLeaf } from '../condition-tree/condition-tree-leaf';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;
const STRING_OPERATORS = ['IContains', 'Contains', 'Equal'] as const;

/**
 * The condition a free-text search stands for, for a collection that does not search natively:
 * every String column containing the text (case-insensitively when `IContains` is filterable,
 * else the first of `Contains` and `Equal` that is), and `Equal` on Number columns when the text
 * is a number, on Uuid columns when it is a UUID (lowercased, their canonical form) and on Enum
 * columns whose values include it (ignoring case). With `extended`, the columns of the to-one
 * relations (one level) are searched too. Null for a blank search; a tree that matches nothing
 * when no column can be searched.
 * @internal Shared by the SQL data source and the agent's search layer.
 */
export function buildSearchTree(
  search: string | null | undefined,
  extended: boolean,
  schema: CollectionSchema,
  getSchema: (collectionName: string) => CollectionSchema,
): ConditionTree | null {
  const text = search?.trim();
  if (!text) return null;

  const conditions = columnConditions(text, schema, '');
  if (extended) {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (isToOneRelation(field))
        conditions.push(...columnConditions(text, getSchema(field.foreignCollection), `${name}:`));
    }
  }

  return ConditionTreeFactory.union(...conditions);
}

function columnConditions(text: string, schema: CollectionSchema, prefix: string): ConditionTree[] {
  return Object.entries(schema.fields).flatMap(([name, field]) => {
    const leaf = isColumn(field) ? columnCondition(`${prefix}${name}`, field, text) : undefined;
    return leaf ? [leaf] : [];
  });
}

function columnCondition(path: string, column: ColumnSchema, text: string): ConditionTree | undefined {
  const operators = column.filterOperators;
  switch (column.columnType) {
    case 'String': {
      const operator = STRING_OPERATORS.find((candidate) => operators.has(candidate));
      return operator && new ConditionTreeLeaf(path, operator, text);
    }
    case 'Number':
      return NUMBER.test(text) && operators.has('Equal')
        ? new ConditionTreeLeaf(path, 'Equal', Number(text))
        : undefined;
    case 'Uuid':
      return UUID.test(text) && operators.has('Equal')
        ? new ConditionTreeLeaf(path, 'Equal', text.toLowerCase())
        : undefined;
    case 'Enum': {
      const value = column.enumValues?.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      return value !== undefined && operators.has('Equal') ? new ConditionTreeLeaf(path, 'Equal', value) : undefined;
    }
    default:
      // Dates, booleans, JSON, binaries...: a free-text search means nothing precise on them.
      return undefined;
  }
}

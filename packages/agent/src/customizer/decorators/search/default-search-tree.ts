import {
  type Collection,
  type ColumnSchema,
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  isColumn,
  isToOneRelation,
} from '@platform/datasource-toolkit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The search the collection cannot do itself, as a condition tree: any String column containing
 * `search` (case-insensitively when `IContains` is filterable), or a Number, Uuid or Enum column
 * equal to it when the string parses as one. With `extended`, the columns of the to-one relations
 * (one level deep) are searched too. No searchable column: the tree matches nothing.
 */
export function buildDefaultSearchTree(collection: Collection, search: string, extended: boolean): ConditionTree {
  const conditions = columnConditions(collection, search, '');
  if (extended) {
    for (const [name, field] of Object.entries(collection.schema.fields)) {
      if (!isToOneRelation(field)) continue;
      const foreign = collection.dataSource.getCollection(field.foreignCollection);
      conditions.push(...columnConditions(foreign, search, `${name}:`));
    }
  }

  return ConditionTreeFactory.union(...conditions);
}

function columnConditions(collection: Collection, search: string, prefix: string): ConditionTree[] {
  return Object.entries(collection.schema.fields).flatMap(([name, field]) => {
    if (!isColumn(field)) return [];
    const leaf = columnCondition(`${prefix}${name}`, field, search);

    return leaf ? [leaf] : [];
  });
}

function columnCondition(path: string, column: ColumnSchema, search: string): ConditionTree | undefined {
  const operators = column.filterOperators;
  switch (column.columnType) {
    case 'String': {
      const operator = (['IContains', 'Contains', 'Equal'] as const).find((candidate) => operators.has(candidate));
      return operator && new ConditionTreeLeaf(path, operator, search);
    }
    case 'Number':
      return NUMBER.test(search) && operators.has('Equal')
        ? new ConditionTreeLeaf(path, 'Equal', Number(search))
        : undefined;
    case 'Uuid':
      // UUIDs are stored and compared in lowercase (their canonical form).
      return UUID.test(search) && operators.has('Equal')
        ? new ConditionTreeLeaf(path, 'Equal', search.toLowerCase())
        : undefined;
    case 'Enum': {
      const value = column.enumValues?.find((candidate) => candidate.toLowerCase() === search.toLowerCase());
      return value !== undefined && operators.has('Equal') ? new ConditionTreeLeaf(path, 'Equal', value) : undefined;
    }
    default:
      // Dates, booleans, JSON, binaries...: a free-text search does not mean anything precise on them.
      return undefined;
  }
}

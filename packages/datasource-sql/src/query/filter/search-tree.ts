import {
  type CollectionSchema,
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  isColumn,
  isToOneRelation,
} from '@platform/datasource-toolkit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The condition a free-text search stands for: `IContains` on every String column, plus `Equal`
 * on Number columns when the text is a number, on Uuid columns when it is a UUID, and on Enum
 * columns whose values include it (ignoring case). With `extended`, the columns of to-one
 * relations (one level) are searched too. Null when the search is blank.
 * @internal
 */
export function buildSearchTree(
  search: string | null | undefined,
  extended: boolean,
  schema: CollectionSchema,
  getSchema: (collectionName: string) => CollectionSchema,
): ConditionTree | null {
  const text = search?.trim();
  if (!text) return null;

  const conditions = searchConditions(text, schema, '');
  if (extended) {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (isToOneRelation(field))
        conditions.push(...searchConditions(text, getSchema(field.foreignCollection), `${name}:`));
    }
  }

  return ConditionTreeFactory.union(...conditions);
}

function searchConditions(text: string, schema: CollectionSchema, prefix: string): ConditionTree[] {
  const conditions: ConditionTree[] = [];
  for (const [name, field] of Object.entries(schema.fields)) {
    if (!isColumn(field)) continue;
    const path = `${prefix}${name}`;
    const canFilter = (operator: 'IContains' | 'Equal'): boolean => field.filterOperators.has(operator);
    if (field.columnType === 'String' && canFilter('IContains')) {
      conditions.push(new ConditionTreeLeaf(path, 'IContains', text));
    } else if (field.columnType === 'Number' && NUMBER.test(text) && canFilter('Equal')) {
      conditions.push(new ConditionTreeLeaf(path, 'Equal', Number(text)));
    } else if (field.columnType === 'Uuid' && UUID.test(text) && canFilter('Equal')) {
      conditions.push(new ConditionTreeLeaf(path, 'Equal', text));
    } else if (field.columnType === 'Enum' && canFilter('Equal')) {
      const value = field.enumValues?.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      if (value !== undefined) conditions.push(new ConditionTreeLeaf(path, 'Equal', value));
    }
  }

  return conditions;
}

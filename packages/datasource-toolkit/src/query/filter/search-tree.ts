import type { CollectionSchema, ColumnSchema } from '../../schema/collection-schema';
import { isColumn, isToOneRelation } from '../../schema/collection-schema';
import type { ConditionTree } from '../condition-tree/condition-tree';
import { ConditionTreeFactory } from '../condition-tree/condition-tree-factory';
import { ConditionTreeLeaf } from '../condition-tree/condition-tree-leaf';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;
const WHOLE_NUMBER = /^-?\d+(\.0+)?$/;
const STRING_OPERATORS = ['IContains', 'Contains', 'Equal'] as const;

export interface SearchTreeOptions {
  /**
   * Compare UUIDs in lowercase, their canonical form. Off where the database compares them
   * itself: a UUID stored as text (SQLite) keeps the case it was written with.
   */
  readonly lowercaseUuids?: boolean;
}

/**
 * The condition a free-text search stands for: on every String column, the first of `IContains`,
 * `Contains` and `Equal` it can filter with; `Equal` on Number columns that can hold the number
 * the text is (see `canHoldNumber`), on Uuid columns when it is a UUID, and on Enum columns whose values include it (ignoring case).
 * With `extended`, the columns of to-one relations (one level) are searched too. No searchable
 * column: the tree matches nothing.
 * @internal
 */
export function buildSearchTree(
  search: string,
  extended: boolean,
  schema: CollectionSchema,
  getSchema: (collectionName: string) => CollectionSchema,
  options: SearchTreeOptions = {},
): ConditionTree {
  const conditions = searchConditions(search, schema, '', options);
  if (extended) {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (isToOneRelation(field))
        conditions.push(...searchConditions(search, getSchema(field.foreignCollection), `${name}:`, options));
    }
  }

  return ConditionTreeFactory.union(...conditions);
}

function searchConditions(
  search: string,
  schema: CollectionSchema,
  prefix: string,
  options: SearchTreeOptions,
): ConditionTree[] {
  return Object.entries(schema.fields).flatMap(([name, field]) => {
    if (!isColumn(field)) return [];
    const leaf = columnCondition(`${prefix}${name}`, field, search, options);

    return leaf ? [leaf] : [];
  });
}

function columnCondition(
  path: string,
  column: ColumnSchema,
  search: string,
  options: SearchTreeOptions,
): ConditionTree | undefined {
  const operators = column.filterOperators;
  switch (column.columnType) {
    case 'String': {
      const operator = STRING_OPERATORS.find((candidate) => operators.has(candidate));
      return operator && new ConditionTreeLeaf(path, operator, search);
    }
    case 'Number':
      return operators.has('Equal') && canHoldNumber(column, search)
        ? new ConditionTreeLeaf(path, 'Equal', Number(search))
        : undefined;
    case 'Uuid':
      return UUID.test(search) && operators.has('Equal')
        ? new ConditionTreeLeaf(path, 'Equal', options.lowercaseUuids ? search.toLowerCase() : search)
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

/**
 * Whether the number `text` spells can be stored in `column`, so that comparing them cannot fail
 * in the database (PostgreSQL refuses `int4_column = 100.5` or `= 12345678901`) and means
 * something: a fraction only in decimal columns, a whole number in integer columns within their
 * range. Only numbers a JS number holds exactly are searched. A column without `numberFormat`
 * takes any number.
 */
function canHoldNumber(column: ColumnSchema, text: string): boolean {
  if (!NUMBER.test(text)) return false;
  const value = Number(text);
  const isWhole = WHOLE_NUMBER.test(text);
  if (isWhole && !Number.isSafeInteger(value)) return false;
  const format = column.numberFormat;
  if (format === undefined || format.kind === 'decimal') return true;
  if (!isWhole) return false;

  const whole = BigInt(Math.trunc(value));
  return whole >= BigInt(format.min) && whole <= BigInt(format.max);
}

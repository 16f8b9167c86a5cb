import type { Collection } from '../contracts/collection';
import { ValidationError } from '../errors/errors';
import type { ConditionTree } from '../query/condition-tree/condition-tree';
import type { ConditionTreeLeaf } from '../query/condition-tree/condition-tree-leaf';
import { relativeDateValueProblem } from '../query/condition-tree/time/date-range';
import { isRelativeDateOperator } from '../query/condition-tree/time/relative-date-operators';
import {
  INTERVAL_OPERATORS,
  LIST_OPERATORS,
  OPERATORS,
  type Operator,
  PATTERN_OPERATORS,
  UNIQUE_OPERATORS,
} from '../query/operators';
import { allowedOperatorsForColumnType } from '../query/operators-by-type';
import type { ColumnSchema } from '../schema/collection-schema';
import type { ColumnType } from '../schema/column-type';
import { describeValue } from './check-value-type';
import { FieldValidator } from './field-validator';

const STRING_OPERATORS: readonly Operator[] = [...PATTERN_OPERATORS, 'Match'];
const LENGTH_OPERATORS: readonly Operator[] = ['LongerThan', 'ShorterThan'];
const LIKE_OPERATORS: readonly Operator[] = ['Like', 'ILike'];

/** Checks a condition tree against a collection: fields, operators and values of every leaf. */
export class ConditionTreeValidator {
  /**
   * @throws MissingFieldError for an unknown field.
   * @throws ValidationError for an operator the column does not support (the message lists those it
   *   does) or a value of the wrong shape for the operator.
   */
  static validate(tree: ConditionTree, collection: Collection): void {
    tree.forEachLeaf((leaf) => ConditionTreeValidator.validateLeaf(leaf, collection));
  }

  private static validateLeaf(leaf: ConditionTreeLeaf, collection: Collection): void {
    const column = FieldValidator.validate(collection, leaf.field);
    const typeOperators = allowedOperatorsForColumnType(column.columnType);
    const isAllowed = (operator: Operator): boolean =>
      typeOperators.has(operator) && column.filterOperators.has(operator);
    // The list of allowed operators is only built for the error message (this runs for every leaf).
    if (!(OPERATORS.includes(leaf.operator) && isAllowed(leaf.operator))) {
      const allowed = OPERATORS.filter(isAllowed);
      throw new ValidationError(
        `Operator '${String(leaf.operator)}' is not allowed on '${collection.name}.${leaf.field}'. ` +
          `Allowed operators: ${allowed.join(', ') || 'none (the field is not filterable)'}.`,
        { details: { collection: collection.name, field: leaf.field, operator: leaf.operator, allowed } },
      );
    }

    const problem = checkShape(leaf.operator, leaf.value);
    if (problem !== undefined) {
      throw new ValidationError(
        `Invalid value for '${collection.name}.${leaf.field}' ${leaf.operator}: ${problem}, got ${describeValue(leaf.value)}.`,
        { details: { collection: collection.name, field: leaf.field, operator: leaf.operator } },
      );
    }

    for (const value of valuesToType(leaf.operator, leaf.value)) {
      FieldValidator.validateValue(collection.name, leaf.field, elementColumn(leaf.operator, column), value);
    }
  }
}

/** What is wrong with the shape of `value` for `operator`, if anything. */
function checkShape(operator: Operator, value: unknown): string | undefined {
  if (UNIQUE_OPERATORS.includes(operator)) {
    return value === undefined || value === null ? undefined : 'this operator takes no value';
  }
  if (INTERVAL_OPERATORS.includes(operator) && isRelativeDateOperator(operator)) {
    return relativeDateValueProblem(operator, value);
  }
  if (LIKE_OPERATORS.includes(operator) && typeof value === 'string' && endsWithEscape(value)) {
    return 'a pattern cannot end with the escape character \\ (write \\\\ for a literal backslash)';
  }
  if (INTERVAL_OPERATORS.includes(operator) || LENGTH_OPERATORS.includes(operator)) {
    return Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : 'expected a whole number of 0 or more';
  }
  if (LIST_OPERATORS.includes(operator)) return Array.isArray(value) ? undefined : 'expected an array of values';
  if (STRING_OPERATORS.includes(operator)) return typeof value === 'string' ? undefined : 'expected a string';
  if (value === undefined || value === null) return 'expected a value (use Missing or Blank to match empty values)';

  return undefined;
}

/** Whether a `Like` pattern ends with an unescaped backslash, which databases refuse or misread. */
function endsWithEscape(pattern: string): boolean {
  const trailing = /\\+$/.exec(pattern)?.[0].length ?? 0;
  return trailing % 2 === 1;
}

/** The values of a leaf that must be of the column's type (string and number operands are not). */
function valuesToType(operator: Operator, value: unknown): readonly unknown[] {
  if (LIST_OPERATORS.includes(operator)) return value as readonly unknown[];
  if (UNIQUE_OPERATORS.includes(operator) || INTERVAL_OPERATORS.includes(operator)) return [];
  if (LENGTH_OPERATORS.includes(operator) || STRING_OPERATORS.includes(operator)) return [];

  return [value];
}

/** IncludesAll and IncludesNone list items of an array column: check them against the item type. */
function elementColumn(operator: Operator, column: ColumnSchema): ColumnSchema {
  const isItemOperator = operator === 'IncludesAll' || operator === 'IncludesNone';
  if (!isItemOperator || !Array.isArray(column.columnType)) return column;

  return { ...column, columnType: column.columnType[0] as ColumnType };
}

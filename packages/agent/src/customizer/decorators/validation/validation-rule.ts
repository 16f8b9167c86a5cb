import {
  allowedOperatorsForColumnType,
  type ColumnSchema,
  ConditionTreeFactory,
  type ConditionTreeLeaf,
  FieldValidator,
  isOperator,
  VALIDATION_OPERATORS,
  ValidationError,
  type ValidationOperator,
  type ValidationRule,
} from '@platform/datasource-toolkit';

const VALUELESS: readonly ValidationOperator[] = ['Present'];
const TYPED: readonly ValidationOperator[] = ['GreaterThan', 'LessThan', 'Before', 'After'];

/**
 * Checks a rule of `addFieldValidation` against its column and returns it as a condition leaf on
 * the field: the operator must be a validation operator that makes sense for the column type, and
 * the value must have the shape the operator needs (none, a count, a string, a pattern, or a value
 * of the column's type).
 * @throws ValidationError naming the problem and what is allowed.
 */
export function parseValidationRule(
  collectionName: string,
  name: string,
  column: ColumnSchema,
  rule: ValidationRule,
): ConditionTreeLeaf {
  const where = `'${collectionName}.${name}'`;
  const { operator, value } = rule;
  const allowed = VALIDATION_OPERATORS.filter((candidate) =>
    allowedOperatorsForColumnType(column.columnType).has(candidate),
  );
  if (!isOperator(operator) || !(VALIDATION_OPERATORS as readonly string[]).includes(operator)) {
    throw new ValidationError(
      `Unknown validation operator ${JSON.stringify(operator)} on ${where}. Validation operators: ${VALIDATION_OPERATORS.join(', ')}.`,
    );
  }
  if (!(allowed as readonly string[]).includes(operator)) {
    throw new ValidationError(
      `Validation operator '${operator}' does not apply to ${where} (${String(column.columnType)}). ` +
        `Operators for this column: ${allowed.join(', ') || 'none'}.`,
    );
  }
  const isValueless = VALUELESS.includes(operator as ValidationOperator);
  if (isValueless && value !== undefined && value !== null) {
    throw new ValidationError(`Validation rule ${operator} on ${where} takes no value.`);
  }
  if (!isValueless && (value === undefined || value === null)) {
    throw new ValidationError(`Validation rule ${operator} on ${where} needs a value.`);
  }
  if (TYPED.includes(operator as ValidationOperator)) FieldValidator.validateValue(collectionName, name, column, value);

  try {
    return ConditionTreeFactory.fromPlainObject({ field: name, operator, value }) as ConditionTreeLeaf;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid condition tree at "value": /, '') : '';
    throw new ValidationError(`Invalid value for validation rule ${operator} on ${where}: ${detail}`, { cause: error });
  }
}

/** `LongerThan(3)`, `Match(/^[a-z]+$/)`, `Present`: a rule as error messages name it. */
export function describeRule(rule: ValidationRule): string {
  if (rule.value === undefined || rule.value === null) return rule.operator;
  const value = isRegExp(rule.value) ? String(rule.value) : JSON.stringify(rule.value);

  return `${rule.operator}(${value})`;
}

/** Whether `value` is a RegExp, from this realm or another (`instanceof` fails across realms). */
export function isRegExp(value: unknown): value is RegExp {
  return Object.prototype.toString.call(value) === '[object RegExp]';
}

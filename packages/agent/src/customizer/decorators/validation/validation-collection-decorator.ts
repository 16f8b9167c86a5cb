import {
  type Caller,
  type CollectionSchema,
  type ConditionTreeLeaf,
  type FieldSchema,
  type Filter,
  isColumn,
  type RecordData,
  ValidationError,
  type ValidationRule,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { assertColumn } from '../field-checks';
import { describeRule, isRegExp, parseValidationRule } from './validation-rule';

type ParsedRule = { readonly rule: ValidationRule; readonly leaf: ConditionTreeLeaf };

/**
 * Checks written values against `addFieldValidation` rules, and publishes the rules in the
 * column's `validation` list. Values are matched with the toolkit's in-memory condition semantics.
 *
 * On create, `Present` rules check every record; on update, only fields in the patch are checked.
 * Other rules check non-empty values only: a missing or null value is `Present`'s business.
 */
export class ValidationCollectionDecorator extends CollectionDecorator {
  protected readonly rules = new Map<string, ParsedRule[]>();

  /**
   * @throws MissingFieldError for an unknown field; ValidationError for a relation, a read-only
   *   column (computed fields without a writing replacement), or a rule that does not fit the column.
   */
  addValidation(name: string, rule: ValidationRule): void {
    const column = assertColumn(this, name);
    if (column.isReadOnly) {
      const writable = Object.entries(this.schema.fields)
        .filter(([, field]) => isColumn(field) && !field.isReadOnly)
        .map(([key]) => key);
      throw new ValidationError(
        `Cannot validate '${this.name}.${name}': it is read-only, so it is never written. ` +
          `Writable columns: ${writable.join(', ') || 'none'}.`,
        { details: { collection: this.name, field: name, allowed: writable } },
      );
    }
    const leaf = parseValidationRule(this.name, name, column, rule ?? {});
    // The schema carries JSON: a RegExp of Match is published as its `/pattern/flags` string.
    const value = isRegExp(leaf.value) ? String(leaf.value) : leaf.value;
    const published: ValidationRule =
      value === undefined ? { operator: leaf.operator } : { operator: leaf.operator, value };
    this.rules.set(name, [...(this.rules.get(name) ?? []), { rule: published, leaf }]);
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.rules.size > 0;
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = { ...childSchema.fields };
    for (const [name, rules] of this.rules) {
      const field = fields[name];
      if (!isColumn(field)) continue;
      fields[name] = { ...field, validation: [...(field.validation ?? []), ...rules.map(({ rule }) => rule)] };
    }

    return { ...childSchema, fields };
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    for (const record of records) this.check(caller, record, true);

    return super.create(caller, records);
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    this.check(caller, patch, false);

    return super.update(caller, filter, patch);
  }

  /** @throws ValidationError naming the field, the rule and the value, for the first rule that fails. */
  private check(caller: Caller, record: RecordData, isCreate: boolean): void {
    for (const [name, rules] of this.rules) {
      const isGiven = Object.hasOwn(record, name) && record[name] !== undefined;
      if (!isCreate && !isGiven) continue;
      const isEmpty = record[name] === null || record[name] === undefined;

      for (const { rule, leaf } of rules) {
        if (isEmpty && rule.operator !== 'Present') continue;
        if (leaf.match(record, this, caller.timezone)) continue;

        throw new ValidationError(
          `Invalid value for '${this.name}.${name}': it must match ${describeRule(rule)}, got ${describeValue(record[name])}.`,
          { details: { collection: this.name, field: name, rule } },
        );
      }
    }
  }
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'no value';
  let text: string;
  try {
    text = value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }

  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

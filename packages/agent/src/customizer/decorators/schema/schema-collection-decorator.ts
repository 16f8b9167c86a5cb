import type { CollectionSchema, ColumnSchema } from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { assertColumn } from '../field-checks';

/** Small schema-only customizations: `setFieldNullable` and `disableCount`. */
export class SchemaCollectionDecorator extends CollectionDecorator {
  private readonly nullableFields = new Set<string>();
  private isCountDisabled = false;

  /**
   * Accepts null (and omission on create) for `name` in the schema. The database may still refuse
   * empty values: this only stops the agent from refusing them first.
   */
  setFieldNullable(name: string): void {
    assertColumn(this, name);
    this.nullableFields.add(name);
    this.markSchemaAsDirty();
  }

  /** Removes the count from list pagination (`countable: false`), for tables too big to count. */
  disableCount(): void {
    this.isCountDisabled = true;
    this.markSchemaAsDirty();
  }

  /** It changes the schema only: requests pass it untouched. */
  override get isCustomized(): boolean {
    return false;
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields = { ...childSchema.fields };
    for (const name of this.nullableFields) {
      const column = fields[name] as ColumnSchema;
      fields[name] = {
        ...column,
        allowNull: true,
        validation: column.validation?.filter((rule) => rule.operator !== 'Present'),
      };
    }

    return { ...childSchema, fields, countable: childSchema.countable && !this.isCountDisabled };
  }
}

import {
  type Caller,
  type CollectionSchema,
  type FieldSchema,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { assertFieldExists } from '../field-checks';
import type { PublicationDataSourceDecorator } from './publication-data-source-decorator';

/**
 * Hides fields from the exported schema (`removeField`). Layers below still see them, so
 * customizations may keep using a removed field (as a dependency, a relation key...).
 * A relation disappears with its keys or its foreign collection.
 */
export class PublicationCollectionDecorator extends CollectionDecorator {
  private readonly removed = new Set<string>();

  /** @throws MissingFieldError for an unknown field; ValidationError for a primary key. */
  removeField(name: string): void {
    const field = assertFieldExists(this, name);
    if (field.type === 'Column' && field.isPrimaryKey) {
      throw new ValidationError(`Cannot remove '${this.name}.${name}': primary keys identify records.`);
    }
    this.removed.add(name);
    // Relations of other collections that use this field as a key disappear with it.
    for (const collection of (this.dataSource as PublicationDataSourceDecorator).allCollections) {
      collection.markSchemaAsDirty();
    }
  }

  /** Removed fields are dropped from created records; nothing else changes but the schema. */
  override get isCustomized(): boolean {
    return this.removed.size > 0;
  }

  /** Whether `name` is in the exported schema (explicitly removed fields and broken relations are not). */
  isPublished(name: string): boolean {
    if (this.removed.has(name)) return false;
    const field = this.childCollection.schema.fields[name];
    const dataSource = this.dataSource as PublicationDataSourceDecorator;
    const foreign = (collection: string) => dataSource.getCollection(collection);

    switch (field?.type) {
      case undefined:
        return false;
      case 'Column':
        return true;
      case 'ManyToOne':
        return (
          dataSource.isPublished(field.foreignCollection) &&
          this.isPublished(field.foreignKey) &&
          foreign(field.foreignCollection).isPublished(field.foreignKeyTarget)
        );
      case 'OneToMany':
      case 'OneToOne':
        return (
          dataSource.isPublished(field.foreignCollection) &&
          foreign(field.foreignCollection).isPublished(field.originKey) &&
          this.isPublished(field.originKeyTarget)
        );
      case 'ManyToMany':
        // The through collection may be removed: hiding join tables is the usual case.
        return (
          dataSource.isPublished(field.foreignCollection) &&
          this.isPublished(field.originKeyTarget) &&
          foreign(field.foreignCollection).isPublished(field.foreignKeyTarget)
        );
      default: {
        const unknownField: never = field;
        return unknownField;
      }
    }
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await super.create(caller, records);

    return created.map((record) =>
      Object.fromEntries(Object.entries(record).filter(([name]) => !this.removed.has(name))),
    );
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(childSchema.fields)) {
      if (this.isPublished(name)) fields[name] = field;
    }

    return { ...childSchema, fields };
  }
}

import {
  type CollectionSchema,
  type DataSource,
  type FieldSchema,
  NotFoundError,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { DataSourceDecorator } from '../data-source-decorator';

/**
 * Renames collections (the `rename` option of `addDataSource`): the collection answers to its new
 * name, and relations pointing at it follow.
 */
export class RenameCollectionDataSourceDecorator extends DataSourceDecorator<RenameCollectionCollectionDecorator> {
  /** New name → name in the child. */
  private readonly toChild = new Map<string, string>();
  /** Name in the child → new name. */
  private readonly fromChild = new Map<string, string>();

  constructor(childDataSource: DataSource) {
    super(childDataSource, RenameCollectionCollectionDecorator);
  }

  /**
   * @param renames old name → new name, or a function of the old name (undefined keeps it).
   * @throws NotFoundError for an unknown collection; ValidationError when two collections would share a name.
   */
  renameCollections(renames: Readonly<Record<string, string>> | ((name: string) => string | undefined)): void {
    const childNames = this.childDataSource.collections.map((collection) => collection.name);
    const entries =
      typeof renames === 'function'
        ? childNames.map((name) => [name, renames(name) ?? name] as const)
        : Object.entries(renames);

    for (const [oldName, newName] of entries) {
      if (!childNames.includes(oldName)) {
        throw new NotFoundError(
          `Cannot rename collection '${oldName}': it does not exist. Collections: ${childNames.join(', ')}.`,
        );
      }
      if (typeof newName !== 'string' || newName === '') {
        throw new ValidationError(`Cannot rename collection '${oldName}' to ${JSON.stringify(newName)}.`);
      }
      if (oldName !== newName) {
        this.toChild.set(newName, oldName);
        this.fromChild.set(oldName, newName);
      }
    }

    const finalNames = childNames.map((name) => this.nameFromChild(name));
    const clash = finalNames.find((name, index) => finalNames.indexOf(name) !== index);
    if (clash !== undefined) {
      throw new ValidationError(`Cannot rename collections: two collections would be named '${clash}'.`);
    }
    for (const collection of this.collections) collection.markSchemaAsDirty();
  }

  nameFromChild(name: string): string {
    return this.fromChild.get(name) ?? name;
  }

  override getCollection(name: string): RenameCollectionCollectionDecorator {
    const childName = this.toChild.get(name) ?? name;
    if (this.fromChild.has(name) && !this.toChild.has(name)) throw this.missingCollection(name);

    return super.getCollection(childName);
  }
}

/** A collection under its new name, whose relations name the renamed collections. */
export class RenameCollectionCollectionDecorator extends CollectionDecorator {
  override get name(): string {
    return (this.dataSource as RenameCollectionDataSourceDecorator).nameFromChild(this.childCollection.name);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const dataSource = this.dataSource as RenameCollectionDataSourceDecorator;
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(childSchema.fields)) {
      if (field.type === 'Column') fields[name] = field;
      else if (field.type === 'ManyToMany') {
        fields[name] = {
          ...field,
          foreignCollection: dataSource.nameFromChild(field.foreignCollection),
          throughCollection: dataSource.nameFromChild(field.throughCollection),
        };
      } else fields[name] = { ...field, foreignCollection: dataSource.nameFromChild(field.foreignCollection) };
    }

    return { ...childSchema, fields };
  }
}

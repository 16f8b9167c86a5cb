import type { DataSource } from '@platform/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { PublicationCollectionDecorator } from './publication-collection-decorator';

/**
 * Hides collections from the exported schema (`removeCollection`, and the `include` / `exclude`
 * options of `addDataSource`).
 *
 * A removed collection is not listed in `collections` (so the schema and the routes skip it) and
 * relations pointing at it disappear, but `getCollection(name)` still returns it: customizations
 * and relations of the layers below keep using it. Ask `isPublished(name)` before serving a
 * collection found by name.
 */
export class PublicationDataSourceDecorator extends DataSourceDecorator<PublicationCollectionDecorator> {
  private readonly removed = new Set<string>();

  constructor(childDataSource: DataSource) {
    super(childDataSource, PublicationCollectionDecorator);
  }

  override get collections(): PublicationCollectionDecorator[] {
    return super.collections.filter((collection) => !this.removed.has(collection.name));
  }

  /** Every collection, removed ones included. */
  get allCollections(): PublicationCollectionDecorator[] {
    return super.collections;
  }

  /** @throws NotFoundError naming the collections that exist. */
  removeCollection(name: string): void {
    this.getCollection(name);
    this.removed.add(name);
    // Relations of other collections may point at it.
    for (const collection of this.allCollections) collection.markSchemaAsDirty();
  }

  /**
   * Keeps the collections named in `include` (all when undefined) and not named in `exclude`.
   * @throws NotFoundError when a name matches no collection.
   */
  keepCollectionsMatching(include?: readonly string[], exclude?: readonly string[]): void {
    for (const name of [...(include ?? []), ...(exclude ?? [])]) this.getCollection(name);
    for (const { name } of this.allCollections) {
      if ((include && !include.includes(name)) || exclude?.includes(name)) this.removeCollection(name);
    }
  }

  /** Whether the collection `name` is in the exported schema. */
  isPublished(name: string): boolean {
    return !this.removed.has(name);
  }
}

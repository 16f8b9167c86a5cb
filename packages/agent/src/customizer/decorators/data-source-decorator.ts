import {
  type Caller,
  type Chart,
  type Collection,
  type DataSource,
  type DataSourceSchema,
  isErrorOfKind,
  NotFoundError,
  type RecordData,
} from '@platform/datasource-toolkit';
import type { CollectionDecorator } from './collection-decorator';

/** The constructor of a collection decorator: the child collection and the layer's data source. */
export type CollectionDecoratorClass<C extends CollectionDecorator> = new (
  childCollection: Collection,
  dataSource: DataSource,
) => C;

/**
 * One layer of the customization stack over a whole data source: every collection of the child
 * data source is wrapped with the same collection decorator class, lazily (on first access) and
 * once each, so a layer can be built before the data sources below it are loaded.
 *
 * Subclasses may also change the data source itself (rename or hide collections, add charts).
 *
 * @example
 * const emptyLayer = new DataSourceDecorator(childDataSource, EmptyCollectionDecorator);
 * emptyLayer.getCollection('books'); // an EmptyCollectionDecorator over childDataSource's books
 */
export class DataSourceDecorator<C extends CollectionDecorator = CollectionDecorator> implements DataSource<C> {
  protected readonly childDataSource: DataSource;
  private readonly CollectionDecoratorClass: CollectionDecoratorClass<C>;
  private readonly decorators = new Map<Collection, C>();
  // getCollection is called on every request by every layer: cache the lookup down the stack.
  private readonly byChildName = new Map<string, C>();
  private customized: boolean | null = null;

  constructor(childDataSource: DataSource, CollectionDecoratorClass: CollectionDecoratorClass<C>) {
    this.childDataSource = childDataSource;
    this.CollectionDecoratorClass = CollectionDecoratorClass;
  }

  /** The decorated collections, in the child's order. */
  get collections(): C[] {
    return this.childDataSource.collections.map((collection) => this.decorate(collection));
  }

  get schema(): DataSourceSchema {
    return this.childDataSource.schema;
  }

  /**
   * Whether a collection of this layer is customized; when none is, requests skip the layer.
   * Decided once, and again after a collection joins the layer or changes (`markSchemaAsDirty`).
   */
  get isCustomized(): boolean {
    // Every collection, not only those asked for so far: requests reach them through relations.
    this.customized ??= this.childDataSource.collections.some((child) => this.decorate(child).isCustomized);

    return this.customized;
  }

  /** Makes the layer decide again whether it is customized: one of its collections changed. */
  forgetCustomization(): void {
    this.customized = null;
  }

  get nativeQueryConnections(): readonly string[] {
    return this.childDataSource.nativeQueryConnections;
  }

  /**
   * The decorator of the child's collection `name`. Asks the child (not `collections`), so that
   * collections hidden from the listing (removed from the exported schema) stay reachable.
   * @throws NotFoundError naming the collections that exist.
   */
  getCollection(name: string): C {
    const cached = this.byChildName.get(name);
    if (cached !== undefined) return cached;

    let child: Collection;
    try {
      child = this.childDataSource.getCollection(name);
    } catch (error) {
      throw isErrorOfKind(error, 'NotFoundError') ? this.missingCollection(name, error) : error;
    }

    const decorator = this.decorate(child);
    this.byChildName.set(name, decorator);

    return decorator;
  }

  async renderChart(caller: Caller, name: string): Promise<Chart> {
    return this.childDataSource.renderChart(caller, name);
  }

  async executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<RecordData[]> {
    return this.childDataSource.executeNativeQuery(connectionName, query, contextVariables);
  }

  async close(): Promise<void> {
    await this.childDataSource.close();
  }

  /** The decorator of `child`, created on first use. */
  protected decorate(child: Collection): C {
    let decorator = this.decorators.get(child);
    if (decorator === undefined) {
      decorator = new this.CollectionDecoratorClass(child, this);
      this.decorators.set(child, decorator);
      this.forgetCustomization();
    }

    return decorator;
  }

  protected missingCollection(name: string, cause?: unknown): NotFoundError {
    const names = this.collections.map((collection) => collection.name);

    return new NotFoundError(`Collection '${name}' does not exist. Collections: ${names.join(', ') || 'none'}.`, {
      cause,
      details: { collection: name, allowed: names },
    });
  }
}

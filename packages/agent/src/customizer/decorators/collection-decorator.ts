import {
  type ActionFormField,
  type ActionResult,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Chart,
  type Collection,
  type CollectionSchema,
  type CompositeId,
  type DataSource,
  type Filter,
  type FilterParts,
  PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';

/** The layers (their data source decorators) where `markLayerAsCustomized` was called. */
const customizedLayers = new WeakSet<DataSource>();

/**
 * The base of every layer of the customization stack: a collection that delegates every method
 * of the collection contract to the collection below it (its child), unchanged.
 *
 * A layer changes one thing by overriding only what it needs:
 * - `refineSchema(childSchema)` derives this layer's schema from the child's. The result is cached;
 *   a layer whose configuration changes (a field was added, an operator emulated...) calls
 *   `markSchemaAsDirty()`, which clears its cache and the caches of every layer above it.
 * - `refineFilter(caller, filter)` rewrites the filter of `list`, `aggregate`, `update` and `delete`
 *   on its way down (the default returns it unchanged), with `mayRefineFilter(filter)`, a cheap
 *   synchronous test that lets the filters it leaves as they are skip it.
 * - any method of the contract, to rewrite requests on their way down and results on their way up.
 *
 * A layer never issues one query per record: it works on the whole page it was given. A layer
 * with nothing registered, or a request that does not touch what it registered, costs next to
 * nothing: the request and the result pass through untouched (the same filter, projection and
 * records; no copy, no tree rewriting, no asynchronous step). `markLayerAsCustomized` and
 * `isLayerCustomized` help a layer know that.
 *
 * @example
 * // A layer that hides the `password` column and never lets it be read.
 * class HidePasswordCollectionDecorator extends CollectionDecorator {
 *   protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
 *     const { password: _hidden, ...fields } = childSchema.fields;
 *     return { ...childSchema, fields };
 *   }
 * }
 * const dataSource = new DataSourceDecorator(childDataSource, HidePasswordCollectionDecorator);
 */
export class CollectionDecorator implements Collection {
  /** The data source decorator of the same layer: sibling collections are read through it. */
  readonly dataSource: DataSource;
  protected readonly childCollection: Collection;

  private cachedSchema: CollectionSchema | null = null;
  private readonly parents = new Set<CollectionDecorator>();

  constructor(childCollection: Collection, dataSource: DataSource) {
    this.childCollection = childCollection;
    this.dataSource = dataSource;
    // The layer above depends on our schema: when ours changes, theirs must be recomputed.
    if (childCollection instanceof CollectionDecorator) childCollection.parents.add(this);
  }

  get name(): string {
    return this.childCollection.name;
  }

  /**
   * False while no collection of this layer registered a customization that rewrites requests
   * (see `markLayerAsCustomized`): a layer can then pass every request through without looking at it.
   */
  protected get isLayerCustomized(): boolean {
    return customizedLayers.has(this.dataSource);
  }

  /** This layer's schema, computed once from the child's by `refineSchema` and cached. */
  get schema(): CollectionSchema {
    this.cachedSchema ??= this.refineSchema(this.childCollection.schema);

    return this.cachedSchema;
  }

  /**
   * Records that a collection of this layer (any of them: paths through relations reach the others)
   * now rewrites some requests. Never undone: the layer then checks each request.
   */
  protected markLayerAsCustomized(): void {
    customizedLayers.add(this.dataSource);
  }

  /** Forgets the cached schema of this layer and of every layer above it. */
  markSchemaAsDirty(): void {
    this.cachedSchema = null;
    for (const parent of this.parents) parent.markSchemaAsDirty();
  }

  list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    // `withRefinedFilter` inlined: this runs in every layer for every page.
    return rejectOnThrow(() => {
      if (!this.mayRefineFilter(filter)) return Promise.resolve(this.childCollection.list(caller, filter, projection));

      return this.refineFilter(caller, filter).then((refined) =>
        this.childCollection.list(caller, refined, projection),
      );
    });
  }

  aggregate(caller: Caller, filter: Filter, aggregation: Aggregation, limit?: number): Promise<AggregateResult[]> {
    return this.withRefinedFilter(caller, filter, (refined) =>
      this.childCollection.aggregate(caller, refined, aggregation, limit),
    );
  }

  async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    return this.childCollection.create(caller, records);
  }

  update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return this.withRefinedFilter(caller, filter, (refined) => this.childCollection.update(caller, refined, patch));
  }

  delete(caller: Caller, filter: Filter): Promise<void> {
    return this.withRefinedFilter(caller, filter, (refined) => this.childCollection.delete(caller, refined));
  }

  async execute(caller: Caller, name: string, formValues: RecordData, filter?: Filter): Promise<ActionResult> {
    const refined = filter === undefined ? undefined : await this.refineFilter(caller, filter);

    return this.childCollection.execute(caller, name, formValues, refined);
  }

  async getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: { readonly changedField?: string; readonly searchField?: string; readonly searchValue?: string },
  ): Promise<ActionFormField[]> {
    const refined = filter === undefined ? undefined : await this.refineFilter(caller, filter);

    return this.childCollection.getForm(caller, name, formValues, refined, metas);
  }

  async renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart> {
    return this.childCollection.renderChart(caller, name, recordId);
  }

  /** Derives this layer's schema from the child's. Called once until `markSchemaAsDirty()`. */
  protected refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return childSchema;
  }

  /**
   * Rewrites a filter on its way down. It receives `PaginatedFilter`s from `list` and plain
   * `Filter`s elsewhere, and must return the same kind: use `overrideFilter` to keep it.
   * A layer that overrides it should override `mayRefineFilter` too.
   */
  protected async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    return filter;
  }

  /**
   * A cheap synchronous test: false when `refineFilter` would return `filter` as it is, so that
   * the request goes down without an asynchronous step (what most layers do for most requests).
   * The default: false for the default `refineFilter`, true for a layer that overrides it.
   */
  protected mayRefineFilter(_filter: Filter): boolean {
    return this.refineFilter !== CollectionDecorator.prototype.refineFilter;
  }

  /**
   * `run(refined filter)`, refining only when `mayRefineFilter` says so. Always a promise: a
   * synchronous throw becomes a rejection, as from an async method.
   */
  private withRefinedFilter<F extends Filter, R>(
    caller: Caller,
    filter: F,
    run: (refined: F) => Promise<R>,
  ): Promise<R> {
    return rejectOnThrow(() => {
      if (!this.mayRefineFilter(filter)) return Promise.resolve(run(filter));

      return this.refineFilter(caller, filter).then(run);
    });
  }
}

/**
 * `work()`, with a synchronous throw turned into a rejected promise, as from an async method. The
 * layers' fast paths are synchronous (no await when they pass a request through), so they need it.
 */
export function rejectOnThrow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A copy of `filter` with `parts` replaced, of the same class (`PaginatedFilter` stays one). */
export function overrideFilter<F extends Filter>(filter: F, parts: FilterParts): F {
  // `override` is polymorphic: PaginatedFilter#override returns a PaginatedFilter.
  return filter.override(parts) as F;
}

/** The same records as `filter`, as a list filter without sort or page (to list what an aggregate reads). */
export function toPaginatedFilter(filter: Filter): PaginatedFilter {
  return new PaginatedFilter({
    conditionTree: filter.conditionTree,
    search: filter.search,
    searchExtended: filter.searchExtended,
    segment: filter.segment,
  });
}

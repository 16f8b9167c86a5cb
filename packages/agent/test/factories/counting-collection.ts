import type {
  ActionFormField,
  ActionResult,
  AggregateResult,
  Aggregation,
  Caller,
  Chart,
  Collection,
  CollectionSchema,
  CompositeId,
  DataSource,
  DataSourceSchema,
  Filter,
  PaginatedFilter,
  Projection,
  RecordData,
} from '@platform/datasource-toolkit';

/** The data methods of the collection contract, as counted. */
export type CountedMethod = 'list' | 'aggregate' | 'create' | 'update' | 'delete';

export interface CollectionCall {
  readonly method: CountedMethod;
  readonly args: readonly unknown[];
}

/**
 * A collection that records every data call it receives, then delegates it unchanged: to assert
 * that a decorator did (or did not) query its child, and with what.
 */
export class CountingCollection implements Collection {
  readonly calls: CollectionCall[] = [];

  constructor(
    private readonly inner: Collection,
    readonly dataSource: DataSource,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  get schema(): CollectionSchema {
    return this.inner.schema;
  }

  /** The calls of one method, in order. */
  callsOf(method: CountedMethod): CollectionCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /**
   * The call number `index` (0 for the first) of `method`.
   * @throws Error when there was no such call, so tests fail with a clear message.
   */
  call(method: CountedMethod, index = 0): CollectionCall {
    const call = this.callsOf(method)[index];
    if (call === undefined) throw new Error(`'${this.name}' received no ${method} call number ${index}.`);

    return call;
  }

  async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    this.calls.push({ method: 'list', args: [caller, filter, projection] });
    return this.inner.list(caller, filter, projection);
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    this.calls.push({ method: 'aggregate', args: [caller, filter, aggregation, limit] });
    return this.inner.aggregate(caller, filter, aggregation, limit);
  }

  async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    this.calls.push({ method: 'create', args: [caller, records] });
    return this.inner.create(caller, records);
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    this.calls.push({ method: 'update', args: [caller, filter, patch] });
    return this.inner.update(caller, filter, patch);
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    this.calls.push({ method: 'delete', args: [caller, filter] });
    return this.inner.delete(caller, filter);
  }

  async execute(caller: Caller, name: string, formValues: RecordData, filter?: Filter): Promise<ActionResult> {
    return this.inner.execute(caller, name, formValues, filter);
  }

  async getForm(caller: Caller, name: string, formValues?: RecordData, filter?: Filter): Promise<ActionFormField[]> {
    return this.inner.getForm(caller, name, formValues, filter);
  }

  async renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart> {
    return this.inner.renderChart(caller, name, recordId);
  }
}

/** A data source whose collections are `CountingCollection`s over those of `inner`. */
export class CountingDataSource implements DataSource<CountingCollection> {
  readonly collections: readonly CountingCollection[];

  constructor(private readonly inner: DataSource) {
    this.collections = inner.collections.map((collection) => new CountingCollection(collection, this));
  }

  get schema(): DataSourceSchema {
    return this.inner.schema;
  }

  get nativeQueryConnections(): readonly string[] {
    return this.inner.nativeQueryConnections;
  }

  getCollection(name: string): CountingCollection {
    this.inner.getCollection(name); // throws the inner NotFoundError for unknown names
    return this.collections.find((collection) => collection.name === name) as CountingCollection;
  }

  async renderChart(caller: Caller, name: string): Promise<Chart> {
    return this.inner.renderChart(caller, name);
  }

  async executeNativeQuery(connectionName: string, query: string): Promise<RecordData[]> {
    return this.inner.executeNativeQuery(connectionName, query);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  /** Forgets the calls recorded so far (after seeding, for instance). */
  reset(): void {
    for (const collection of this.collections) collection.calls.length = 0;
  }
}

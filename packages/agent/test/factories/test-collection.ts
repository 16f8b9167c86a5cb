import type {
  ActionFormField,
  ActionResult,
  ActionSchema,
  AggregateResult,
  Aggregation,
  Caller,
  Chart,
  Collection,
  CollectionSchema,
  CompositeId,
  DataSource,
  Filter,
  PaginatedFilter,
  Projection,
  RecordData,
} from '@platform/datasource-toolkit';
import { NotFoundError } from '@platform/datasource-toolkit';

/** Actions and charts a test adds to a collection, and the calls the test wants to observe. */
export interface TestCollectionExtras {
  readonly actions?: Record<string, ActionSchema>;
  readonly charts?: readonly string[];
  readonly execute?: (caller: Caller, name: string, values: RecordData, filter?: Filter) => Promise<ActionResult>;
  readonly getForm?: (...args: Parameters<Collection['getForm']>) => Promise<ActionFormField[]>;
  readonly renderChart?: (caller: Caller, name: string, recordId: CompositeId) => Promise<Chart>;
  /** Replaces `list` (to throw, or to observe calls); receives the inner collection's list. */
  readonly list?: (
    next: Collection['list'],
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ) => Promise<RecordData[]>;
  /** Replaces `create` (to throw as a hook would); receives the inner collection's create. */
  readonly create?: (next: Collection['create'], caller: Caller, records: RecordData[]) => Promise<RecordData[]>;
}

/**
 * A collection that delegates to an in-memory one and adds the actions, charts and list
 * behaviour a test gives: the in-memory collections have none.
 */
export class TestCollection implements Collection {
  constructor(
    private readonly inner: Collection,
    readonly dataSource: DataSource,
    private readonly extras: TestCollectionExtras,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  get schema(): CollectionSchema {
    const schema = this.inner.schema;

    return {
      ...schema,
      actions: { ...schema.actions, ...this.extras.actions },
      charts: [...schema.charts, ...(this.extras.charts ?? [])],
    };
  }

  list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    const next: Collection['list'] = (...args) => this.inner.list(...args);

    return this.extras.list ? this.extras.list(next, caller, filter, projection) : next(caller, filter, projection);
  }

  aggregate(caller: Caller, filter: Filter, aggregation: Aggregation, limit?: number): Promise<AggregateResult[]> {
    return this.inner.aggregate(caller, filter, aggregation, limit);
  }

  create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const next: Collection['create'] = (...args) => this.inner.create(...args);

    return this.extras.create ? this.extras.create(next, caller, records) : next(caller, records);
  }

  update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return this.inner.update(caller, filter, patch);
  }

  delete(caller: Caller, filter: Filter): Promise<void> {
    return this.inner.delete(caller, filter);
  }

  async execute(caller: Caller, name: string, values: RecordData, filter?: Filter): Promise<ActionResult> {
    if (!this.extras.execute) throw new NotFoundError(`No action ${name}`);
    return this.extras.execute(caller, name, values, filter);
  }

  async getForm(...args: Parameters<Collection['getForm']>): Promise<ActionFormField[]> {
    if (!this.extras.getForm) throw new NotFoundError(`No action ${args[1]}`);
    return this.extras.getForm(...args);
  }

  async renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart> {
    if (!this.extras.renderChart) throw new NotFoundError(`No chart ${name}`);
    return this.extras.renderChart(caller, name, recordId);
  }
}

/** Data-source-level extras: its charts. */
export interface TestDataSourceExtras {
  readonly charts?: readonly string[];
  readonly renderChart?: (caller: Caller, name: string) => Promise<Chart>;
  readonly collections?: Record<string, TestCollectionExtras>;
}

/** Wraps every collection of `inner` in a `TestCollection` with the extras named for it. */
export function withTestExtras(inner: DataSource, extras: TestDataSourceExtras = {}): DataSource {
  const dataSource: DataSource = {
    get collections() {
      return collections;
    },
    schema: { charts: [...inner.schema.charts, ...(extras.charts ?? [])] },
    nativeQueryConnections: [],
    getCollection(name: string): Collection {
      const found = collections.find((collection) => collection.name === name);
      if (found === undefined) throw new NotFoundError(`Collection '${name}' does not exist.`);
      return found;
    },
    async renderChart(caller, name) {
      if (!extras.renderChart) throw new NotFoundError(`No chart ${name}`);
      return extras.renderChart(caller, name);
    },
    executeNativeQuery: (...args) => inner.executeNativeQuery(...args),
    close: () => inner.close(),
  };
  const collections: Collection[] = inner.collections.map(
    (collection) => new TestCollection(collection, dataSource, extras.collections?.[collection.name] ?? {}),
  );

  return dataSource;
}

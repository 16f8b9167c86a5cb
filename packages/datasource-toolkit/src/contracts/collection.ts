import type { Caller } from '../caller';
import type { Aggregation } from '../query/aggregation';
import type { Filter } from '../query/filter/filter';
import type { PaginatedFilter } from '../query/filter/paginated-filter';
import type { Projection } from '../query/projection';
import type { AggregateResult, CompositeId, RecordData } from '../records/record';
import type { CollectionSchema, DataSourceSchema } from '../schema/collection-schema';
import type { ActionFormField, ActionResult } from './action';
import type { Chart } from './chart';

/**
 * The contract every collection fulfils, whatever holds its data. Every method takes the
 * caller first, so permissions, time zones and hooks always know who is asking.
 */
export interface Collection {
  readonly name: string;
  readonly dataSource: DataSource;
  readonly schema: CollectionSchema;

  list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]>;
  aggregate(caller: Caller, filter: Filter, aggregation: Aggregation, limit?: number): Promise<AggregateResult[]>;
  create(caller: Caller, records: RecordData[]): Promise<RecordData[]>;
  update(caller: Caller, filter: Filter, patch: RecordData): Promise<void>;
  delete(caller: Caller, filter: Filter): Promise<void>;

  execute(caller: Caller, name: string, formValues: RecordData, filter?: Filter): Promise<ActionResult>;
  getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: { readonly changedField?: string; readonly searchField?: string; readonly searchValue?: string },
  ): Promise<ActionFormField[]>;
  renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart>;
}

/** A set of collections served together (one database, one API, ...). */
export interface DataSource<C extends Collection = Collection> {
  readonly collections: readonly C[];
  readonly schema: DataSourceSchema;
  /** Names of the connections `executeNativeQuery` accepts. */
  readonly nativeQueryConnections: readonly string[];

  getCollection(name: string): C;
  renderChart(caller: Caller, name: string): Promise<Chart>;
  executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<RecordData[]>;
  /** Closes connections the data source opened. Safe to call twice. */
  close(): Promise<void>;
}

/** How the agent adds a data source: an async factory given the agent's logger. */
export type DataSourceFactory = (logger: import('../logger').Logger) => Promise<DataSource>;

import type { Caller } from '../caller';
import type { Chart } from '../contracts/chart';
import type { DataSource } from '../contracts/collection';
import { NotFoundError } from '../errors/errors';
import type { RecordData } from '../records/record';
import type { DataSourceSchema } from '../schema/collection-schema';
import { InMemoryCollection } from './in-memory-collection';
import { type InMemoryDataSourceDefinition, toCollectionSchemas } from './in-memory-definition';
import { InMemoryStore } from './in-memory-store';

/**
 * A data source that keeps its records in memory: for tests, demos and small static data.
 * Every operator is supported and filterable by default; relations are followed in memory.
 * Number primary keys marked `isAutoIncrement` are generated on create.
 *
 * @param definition the collections, by name: their fields (column schemas whose
 *   `filterOperators` may be omitted, and relations) and optionally actions, segments, countable and searchable.
 * @param records the initial records of each collection; they are copied.
 * @throws ValidationError when a relation points at an undefined collection, or a seed record has
 *   an unknown field or a value of the wrong type.
 *
 * @example
 * const dataSource = createInMemoryDataSource(
 *   { books: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true } } } },
 *   { books: [{ id: 1 }] },
 * );
 */
export function createInMemoryDataSource(
  definition: InMemoryDataSourceDefinition,
  records: { readonly [collectionName: string]: readonly RecordData[] } = {},
): DataSource {
  const store = new InMemoryStore(toCollectionSchemas(definition));
  for (const [name, seeds] of Object.entries(records)) {
    for (const seed of seeds) store.validateSeed(name, seed);
    store.insert(name, seeds);
  }

  return new InMemoryDataSource(store, Object.keys(definition));
}

class InMemoryDataSource implements DataSource<InMemoryCollection> {
  readonly collections: readonly InMemoryCollection[];
  readonly schema: DataSourceSchema = { charts: [] };
  readonly nativeQueryConnections: readonly string[] = [];

  constructor(store: InMemoryStore, names: readonly string[]) {
    this.collections = names.map((name) => new InMemoryCollection(name, this, store));
  }

  getCollection(name: string): InMemoryCollection {
    const collection = this.collections.find((candidate) => candidate.name === name);
    if (collection === undefined) {
      const names = this.collections.map((candidate) => candidate.name).join(', ');
      throw new NotFoundError(`Collection '${name}' does not exist. Collections: ${names}.`);
    }

    return collection;
  }

  async renderChart(_caller: Caller, name: string): Promise<Chart> {
    throw new NotFoundError(`Chart '${name}' does not exist: in-memory data sources have no charts.`);
  }

  async executeNativeQuery(connectionName: string): Promise<RecordData[]> {
    throw new NotFoundError(
      `Native query connection '${connectionName}' does not exist: in-memory data sources have no native queries.`,
    );
  }

  async close(): Promise<void> {}
}

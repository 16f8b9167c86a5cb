import {
  type Chart,
  type DataSource,
  type DataSourceSchema,
  NotFoundError,
  type RecordData,
} from '@platform/datasource-toolkit';
import type { MongoClientLike, MongoDatabase, ObjectIdClass } from './connection/mongo-driver';
import type { MongoIntrospection } from './introspection/mongo-introspection';
import { MongoCollection } from './mongo-collection';
import { buildModels } from './schema/build-models';

/** The collections of one MongoDB database. */
export class MongoDataSource implements DataSource<MongoCollection> {
  readonly collections: readonly MongoCollection[];
  readonly schema: DataSourceSchema = { charts: [] };
  readonly nativeQueryConnections: readonly string[] = [];
  private readonly byName: ReadonlyMap<string, MongoCollection>;
  private readonly client: MongoClientLike | undefined;
  private closed = false;

  /** @internal */
  constructor(
    db: MongoDatabase,
    /** What introspection found (or what was given back): save it to start without sampling. */
    readonly introspection: MongoIntrospection,
    options: { readonly idField: string; readonly ObjectId: ObjectIdClass; readonly client?: MongoClientLike },
  ) {
    this.client = options.client;
    this.collections = buildModels(introspection, options.idField).map(
      (model) => new MongoCollection(this, model, db.collection(model.source), options.ObjectId),
    );
    this.byName = new Map(this.collections.map((collection) => [collection.name, collection]));
  }

  getCollection(name: string): MongoCollection {
    const collection = this.byName.get(name);
    if (!collection) {
      throw new NotFoundError(`Collection '${name}' not found: expected one of ${[...this.byName.keys()].join(', ')}.`);
    }

    return collection;
  }

  async renderChart(_caller: unknown, name: string): Promise<Chart> {
    throw new NotFoundError(`Chart '${name}' does not exist: a MongoDB data source has no charts.`);
  }

  async executeNativeQuery(connectionName: string): Promise<RecordData[]> {
    throw new NotFoundError(`Native query connection '${connectionName}' does not exist: MongoDB has none.`);
  }

  /** Closes the client the data source opened; an injected client is the caller's to close. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client?.close();
  }
}

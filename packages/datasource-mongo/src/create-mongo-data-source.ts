import type { Logger } from '@platform/datasource-toolkit';
import { loadDriver } from './connection/load-driver';
import { type MongoConnectionParams, resolveConnectionParams } from './connection/mongo-connection-params';
import type { MongoClientLike, ObjectIdClass } from './connection/mongo-driver';
import { introspect } from './introspection/introspect';
import { type MongoIntrospection, parseIntrospection } from './introspection/mongo-introspection';
import { MongoDataSource } from './mongo-data-source';

/** Options of `createMongoDataSource`. */
export interface MongoDataSourceOptions {
  /** A saved introspection (`dataSource.introspection`): no sampling at start. */
  readonly introspection?: MongoIntrospection | unknown;
  /** Arrays of objects exposed as read-only child collections: `true` for all, or `collection.field` paths. */
  readonly virtualCollections?: boolean | readonly string[];
  /** The name `_id` takes in every collection's schema (default `_id`). */
  readonly idField?: string;
  /**
   * A connected client to use instead of opening one (it stays the caller's to close). Any object
   * with the driver's `db()` works: tests inject one.
   */
  readonly client?: MongoClientLike;
  /** The ObjectId class, when `mongodb` cannot be required (default: the driver's). */
  readonly ObjectId?: ObjectIdClass;
}

/**
 * A data source over one MongoDB database, for `agent.addDataSource`. At start it samples each
 * collection to infer fields and references (unless given `introspection`).
 *
 * @example
 * agent.addDataSource(createMongoDataSource('mongodb://127.0.0.1:27017/shop', { virtualCollections: ['orders.lines'] }));
 */
export function createMongoDataSource(
  uriOrParams: string | MongoConnectionParams,
  options: MongoDataSourceOptions = {},
): (logger: Logger) => Promise<MongoDataSource> {
  const connection = resolveConnectionParams(uriOrParams);
  const saved = options.introspection === undefined ? undefined : parseIntrospection(options.introspection);

  return async (logger: Logger) => {
    const ObjectId = options.ObjectId ?? (await loadDriver()).ObjectId;
    let client = options.client;
    let isOwned = false;
    if (!client) {
      const driver = await loadDriver();
      const opened = new driver.MongoClient(connection.uri, connection.clientOptions);
      await opened.connect();
      client = opened;
      isOwned = true;
    }
    try {
      const db = client.db(connection.database);
      const introspection =
        saved ??
        (await introspect(db, {
          sampleSize: connection.sampleSize,
          referenceSampleSize: connection.referenceSampleSize,
          virtualCollections: options.virtualCollections ?? false,
        }));
      logger(
        'Info',
        `MongoDB data source on '${connection.database}': ${introspection.collections.length} collections.`,
      );

      return new MongoDataSource(db, introspection, {
        idField: options.idField ?? '_id',
        ObjectId,
        client: isOwned ? client : undefined,
      });
    } catch (error) {
      if (isOwned) await client.close();
      throw error;
    }
  };
}

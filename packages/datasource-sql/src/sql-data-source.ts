import {
  type Caller,
  type Chart,
  type DataSource,
  type DataSourceSchema,
  NotFoundError,
  type RecordData,
} from '@platform/datasource-toolkit';
import { DatabaseConnectionError } from './connection/connection-errors';
import type { SqlConnection } from './connection/sql-connection';
import { getSqlDialect } from './dialects/get-sql-dialect';
import { mapNativeQueryError } from './query/errors/map-native-query-error';
import { bindNativeQuery } from './query/native/bind-native-query';
import type { QueryContext } from './query/query-context';
import type { TableModel } from './query/table-model';
import { SqlCollection } from './sql-collection';

/** How a data source reaches its database: opened on first use, closed by `close()`. @internal */
export interface SqlDataSourceSettings {
  readonly dialect: 'postgres' | 'mysql' | 'sqlite';
  readonly models: ReadonlyMap<string, TableModel>;
  /** Opens the connection; called once, on the first query (or given an already open one). */
  readonly connect: () => Promise<SqlConnection>;
  /** Name under which `executeNativeQuery` accepts raw SQL; none when undefined. */
  readonly nativeQueryConnection?: string;
}

interface OpenContext extends QueryContext {
  readonly connection: SqlConnection;
}

/**
 * The collections of one SQL database (one per table and view). The connection pool opens on
 * the first query and closes with `close()`.
 */
export class SqlDataSource implements DataSource<SqlCollection> {
  readonly collections: readonly SqlCollection[];
  readonly schema: DataSourceSchema = { charts: [] };
  readonly nativeQueryConnections: readonly string[];
  private context: Promise<OpenContext> | undefined;
  private isClosed = false;
  private readonly byName: ReadonlyMap<string, SqlCollection>;

  /** @internal */
  constructor(private readonly options: SqlDataSourceSettings) {
    const getContext = () => this.getContext();
    this.collections = [...options.models.values()].map((model) => new SqlCollection(this, model, getContext));
    this.byName = new Map(this.collections.map((collection) => [collection.name, collection]));
    this.nativeQueryConnections = options.nativeQueryConnection ? [options.nativeQueryConnection] : [];
  }

  getCollection(name: string): SqlCollection {
    const collection = this.byName.get(name);
    if (!collection) {
      throw new NotFoundError(
        `Collection '${name}' does not exist. Collections: ${[...this.byName.keys()].join(', ')}.`,
      );
    }

    return collection;
  }

  async renderChart(_caller: Caller, name: string): Promise<Chart> {
    throw new NotFoundError(`Chart '${name}' does not exist: a SQL data source has no charts.`);
  }

  /**
   * Runs raw SQL on the connection named `liveQueryConnections`. `$name` variables are bound as
   * parameters from `contextVariables`; the rest of the text is sent as written.
   *
   * @example await dataSource.executeNativeQuery('main', 'select count(*) as n from books where author_id = $authorId', { authorId: 3 })
   * @throws NotFoundError for an unknown connection name; ValidationError for a variable without value.
   */
  async executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables: Record<string, unknown> = {},
  ): Promise<RecordData[]> {
    if (!this.nativeQueryConnections.includes(connectionName)) {
      throw new NotFoundError(
        `Native query connection '${connectionName}' does not exist. Connections: ${this.nativeQueryConnections.join(', ') || 'none (set the liveQueryConnections option)'}.`,
      );
    }
    const statement = bindNativeQuery(query, contextVariables);
    const { db } = await this.getContext();
    try {
      const { rows } = await statement.execute(db);
      return rows as RecordData[];
    } catch (error) {
      throw mapNativeQueryError(error);
    }
  }

  /** Closes the connection pool, if it was opened. Safe to call twice. */
  async close(): Promise<void> {
    this.isClosed = true;
    const opened = this.context;
    if (opened) await (await opened.catch(() => undefined))?.connection.close();
  }

  private async getContext(): Promise<QueryContext> {
    if (this.isClosed) {
      throw new DatabaseConnectionError('The SQL data source is closed: create a new one to query the database again.');
    }
    this.context ??= this.options.connect().then(
      (connection): OpenContext => ({
        connection,
        db: connection.db,
        flavor: getSqlDialect(this.options.dialect).flavor,
        lookup: (name) => this.getCollection(name).model,
        returnsInsertedKeys: connection.flavor === 'mariadb' && isAtLeast(connection.serverVersion, [10, 5]),
      }),
      (error: unknown) => {
        // A failed attempt is not kept: the next request tries again.
        this.context = undefined;
        throw error;
      },
    );

    return this.context;
  }
}

/** `10.11.19-MariaDB-0+deb12u1` is at least [10, 5]. */
function isAtLeast(version: string, [major, minor]: readonly [number, number]): boolean {
  const [actualMajor = 0, actualMinor = 0] = (/^(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  return actualMajor > major || (actualMajor === major && actualMinor >= minor);
}

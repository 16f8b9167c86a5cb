import type { SqlConnectionParams } from '@platform/datasource-sql';

/**
 * The stored connection as `createSqlDataSource` takes it: JSON `{ "uri": … }` or connection
 * parameters (`{ "dialect": "postgres", "host": … }`), or a bare URI. The data source validates
 * the rest when it opens the connection.
 */
export function parseConnection(stored: string): SqlConnectionParams {
  const text = stored.trim();
  if (!text.startsWith('{')) return text;
  const value = JSON.parse(text) as unknown;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('The stored connection is neither a URI nor a JSON object.');
  }
  return value as SqlConnectionParams;
}

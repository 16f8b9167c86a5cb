import type { SqlDialect } from '../sql-dialect';
import { connectSqlite } from './sqlite-driver';
import { sqliteFlavor } from './sqlite-flavor';
import { introspectSqlite } from './sqlite-introspector';
import { mapSqliteType } from './sqlite-type-mapper';

/**
 * SQLite: one file, one writer. Booleans are 0/1, dates are text, `LIKE` ignores case for ASCII
 * only, `RETURNING` since 3.35.
 * @internal
 */
export const sqliteDialect = Object.freeze<SqlDialect>({
  name: 'sqlite',
  flavor: sqliteFlavor,
  connect(options, logger) {
    if (options.dialect !== 'sqlite') throw new Error(`sqlite dialect given ${options.dialect} options`);
    return connectSqlite(options, logger);
  },
  introspect: introspectSqlite,
  mapColumnType: mapSqliteType,
});

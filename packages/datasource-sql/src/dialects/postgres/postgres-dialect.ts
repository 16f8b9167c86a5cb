import type { SqlDialect } from '../sql-dialect';
import { connectPostgres } from './postgres-driver';
import { postgresFlavor } from './postgres-flavor';
import { introspectPostgres } from './postgres-introspector';
import { mapPostgresType } from './postgres-type-mapper';

/** PostgreSQL: schemas, native booleans, arrays, enums, `ILIKE`, `RETURNING`. @internal */
export const postgresDialect = Object.freeze<SqlDialect>({
  name: 'postgres',
  flavor: postgresFlavor,
  connect(options, logger) {
    if (options.dialect !== 'postgres') throw new Error(`postgres dialect given ${options.dialect} options`);
    return connectPostgres(options, logger);
  },
  introspect: introspectPostgres,
  mapColumnType: mapPostgresType,
});

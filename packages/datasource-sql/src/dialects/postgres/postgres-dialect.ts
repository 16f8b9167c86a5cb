import type { SqlDialect } from '../sql-dialect';
import { connectPostgres } from './postgres-driver';
import { introspectPostgres } from './postgres-introspector';
import { mapPostgresType } from './postgres-type-mapper';

/** PostgreSQL: schemas, native booleans, arrays, enums, `ILIKE`, `RETURNING`. @internal */
export const postgresDialect = Object.freeze<SqlDialect>({
  name: 'postgres',
  traits: Object.freeze({
    supportsReturning: true,
    hasILike: true,
    isLikeCaseInsensitive: false,
    hasNativeBoolean: true,
    hasArrays: true,
    maxIdentifierLength: 63,
  }),
  connect(options, logger) {
    if (options.dialect !== 'postgres') throw new Error(`postgres dialect given ${options.dialect} options`);
    return connectPostgres(options, logger);
  },
  introspect: introspectPostgres,
  mapColumnType: mapPostgresType,
});

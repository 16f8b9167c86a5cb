import type { SqlDialectName } from '../connection/resolved-connection-options';
import { mysqlDialect } from './mysql/mysql-dialect';
import { postgresDialect } from './postgres/postgres-dialect';
import type { SqlDialect } from './sql-dialect';
import { sqliteDialect } from './sqlite/sqlite-dialect';

const DIALECTS: Record<SqlDialectName, SqlDialect> = {
  postgres: postgresDialect,
  mysql: mysqlDialect,
  sqlite: sqliteDialect,
};

/** The implementation of a dialect. @internal */
export function getSqlDialect(name: SqlDialectName): SqlDialect {
  return DIALECTS[name];
}

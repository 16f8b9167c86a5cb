import type { SqlDialect } from '../sql-dialect';
import { connectMysql } from './mysql-driver';
import { mysqlFlavor } from './mysql-flavor';
import { introspectMysql } from './mysql-introspector';
import { mapMysqlType } from './mysql-type-mapper';

/**
 * MySQL and MariaDB: booleans are TINYINT(1), `LIKE` follows the column collation (usually
 * case-insensitive), no `RETURNING` (MariaDB ≥ 10.5 has it on INSERT only; not relied upon).
 * @internal
 */
export const mysqlDialect = Object.freeze<SqlDialect>({
  name: 'mysql',
  flavor: mysqlFlavor,
  connect(options, logger) {
    if (options.dialect !== 'mysql') throw new Error(`mysql dialect given ${options.dialect} options`);
    return connectMysql(options, logger);
  },
  introspect: introspectMysql,
  mapColumnType: mapMysqlType,
});

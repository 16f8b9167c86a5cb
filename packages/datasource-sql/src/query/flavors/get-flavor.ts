import { mysqlFlavor } from './mysql-flavor';
import { postgresFlavor } from './postgres-flavor';
import type { SqlFlavor } from './sql-flavor';
import { sqliteFlavor } from './sqlite-flavor';

/** The query translation rules of a dialect. @internal */
export function getFlavor(dialect: 'postgres' | 'mysql' | 'sqlite'): SqlFlavor {
  switch (dialect) {
    case 'postgres':
      return postgresFlavor;
    case 'mysql':
      return mysqlFlavor;
    case 'sqlite':
      return sqliteFlavor;
    default: {
      const unknownDialect: never = dialect;
      throw new Error(`Unknown dialect ${String(unknownDialect)}`);
    }
  }
}

import type { SqlDatabase } from '../connection/sql-connection';
import type { SqlFlavor } from '../dialects/sql-flavor';
import type { TableModelLookup } from './table-model';

/** What every query builder needs: the pool, the dialect's rules and the table models. @internal */
export interface QueryContext {
  readonly db: SqlDatabase;
  readonly flavor: SqlFlavor;
  readonly lookup: TableModelLookup;
  /**
   * The server answers `INSERT ... RETURNING` although the dialect's flavor does not use it
   * (MariaDB 10.5+, unlike MySQL): creates learn the keys the database generated from it, whatever
   * generated them (`DEFAULT uuid()`, a function), not only AUTO_INCREMENT.
   */
  readonly returnsInsertedKeys?: boolean;
}

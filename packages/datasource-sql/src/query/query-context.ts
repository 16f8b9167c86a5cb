import type { SqlDatabase } from '../connection/sql-connection';
import type { SqlFlavor } from '../dialects/sql-flavor';
import type { TableModelLookup } from './table-model';

/** What every query builder needs: the pool, the dialect's rules and the table models. @internal */
export interface QueryContext {
  readonly db: SqlDatabase;
  readonly flavor: SqlFlavor;
  readonly lookup: TableModelLookup;
}

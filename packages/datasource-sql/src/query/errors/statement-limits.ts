/**
 * Most parameters PostgreSQL binds in one statement: the Bind message counts them on 16 bits.
 * Statements past it are refused before they are sent (`postgres-driver.ts`).
 * @internal
 */
export const POSTGRES_MAX_PARAMETERS = 65_535;

/**
 * SQLITE_MAX_VARIABLE_NUMBER of the SQLite that better-sqlite3 bundles (the default since SQLite
 * 3.32). SQLite refuses to prepare a statement past it: nothing runs.
 * @internal
 */
export const SQLITE_MAX_VARIABLES = 32_766;

/**
 * SQLITE_MAX_EXPR_DEPTH: SQLite nests `a or b or c...` one level per operand, so an `Or` of more
 * conditions than this fails to prepare.
 * @internal
 */
export const SQLITE_MAX_EXPRESSION_DEPTH = 1_000;

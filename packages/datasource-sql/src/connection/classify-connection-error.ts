/**
 * What a driver error says about the connection to the database:
 *
 * - `unavailable`: the server cannot serve now. Nothing listens, it does not answer in time, it
 *   ended the connection (`pg_terminate_backend`, `KILL`, a restart), it is shutting down, starting
 *   or full, or the pool was closed under the request. The same request may succeed later.
 * - `refused`: the server answered and refused the connection as configured (credentials, database,
 *   host name, SQLite file). Trying again will not help until the configuration changes.
 *
 * Undefined when the error is not about the connection (a constraint, a syntax error, a statement
 * timeout). This is the one place that reads driver codes and messages for it: connecting
 * (`connectionFailure`) and querying (`mapDatabaseError`) both ask it.
 * @internal
 */
export type ConnectionErrorKind = 'unavailable' | 'refused';

// PostgreSQL SQLSTATE, MySQL/MariaDB error names (mysql2 `code`), Node socket codes, SQLite codes.
const KINDS: Readonly<Record<string, ConnectionErrorKind>> = {
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ECONNABORTED: 'unavailable',
  EPIPE: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  ENETUNREACH: 'unavailable',
  EAI_AGAIN: 'unavailable', // DNS temporarily unavailable
  '57P01': 'unavailable', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or in recovery
  '53300': 'unavailable', // too_many_connections
  '08000': 'unavailable',
  '08001': 'unavailable',
  '08003': 'unavailable',
  '08006': 'unavailable',
  PROTOCOL_CONNECTION_LOST: 'unavailable',
  ER_CONNECTION_KILLED: 'unavailable',
  ER_SERVER_SHUTDOWN: 'unavailable',
  ER_CON_COUNT_ERROR: 'unavailable',
  ER_TOO_MANY_USER_CONNECTIONS: 'unavailable',
  '28P01': 'refused', // password authentication failed
  '28000': 'refused', // invalid_authorization_specification
  '3D000': 'refused', // database does not exist
  ER_ACCESS_DENIED_ERROR: 'refused',
  ER_DBACCESS_DENIED_ERROR: 'refused',
  ER_BAD_DB_ERROR: 'refused',
  ENOTFOUND: 'refused',
  SQLITE_CANTOPEN: 'refused',
  SQLITE_NOTADB: 'refused',
};

// Errors the drivers raise without a code: pg's client and pool, mysql2's pool, Kysely once
// destroyed. A statement timeout ("canceling statement due to statement timeout") must not match.
const UNAVAILABLE_MESSAGE =
  /connection terminated|not queryable|connection timeout|timeout exceeded when trying to connect|connection.*(closed|lost|ended)|closed state|server has gone away|cannot use a pool after calling end|pool is closed|driver has already been destroyed/i;

/** @internal */
export function classifyConnectionError(error: unknown): ConnectionErrorKind | undefined {
  const code = errorCode(error);
  const byCode = code === undefined ? undefined : KINDS[code];
  if (byCode !== undefined) return byCode;

  return UNAVAILABLE_MESSAGE.test(errorMessage(error)) ? 'unavailable' : undefined;
}

/** The driver's code: `code` of the error, or of the first error of an AggregateError. @internal */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // Node reports a host with several addresses as an AggregateError of one error per address.
  if (Array.isArray(errors)) return errors.map(errorCode).find((inner) => inner !== undefined);
  return undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

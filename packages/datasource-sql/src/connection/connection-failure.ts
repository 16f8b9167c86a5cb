import { classifyConnectionError, errorCode } from './classify-connection-error';
import { DatabaseConnectionError, DatabaseUnavailableError } from './connection-errors';

/** What the connection was aimed at, for messages (never includes the password). */
export interface ConnectionTarget {
  readonly label: string;
  readonly database: string | undefined;
  readonly username: string | undefined;
}

// Driver error codes (PostgreSQL SQLSTATE, MySQL error names, Node socket codes) → advice.
const ADVICE: Record<string, (target: ConnectionTarget) => string> = {
  '28P01': (t) => `password authentication failed for user "${t.username ?? ''}": check username and password`,
  '28000': (t) => `the server refused user "${t.username ?? ''}": check the username and the server's access rules`,
  '3D000': (t) => `database "${t.database ?? ''}" does not exist: check the database name`,
  '57P03': () => 'the server is starting up or shutting down: try again shortly',
  '53300': () => 'the server has no connection left: try again shortly, or lower poolSize',
  ER_ACCESS_DENIED_ERROR: (t) => `access denied for user "${t.username ?? ''}": check username and password`,
  ER_DBACCESS_DENIED_ERROR: (t) => `user "${t.username ?? ''}" may not use database "${t.database ?? ''}"`,
  ER_BAD_DB_ERROR: (t) => `database "${t.database ?? ''}" does not exist: check the database name`,
  ER_CON_COUNT_ERROR: () => 'the server has no connection left: try again shortly, or lower poolSize',
  ENOTFOUND: () => 'the host name could not be resolved: check the host',
  EAI_AGAIN: () => 'the host name could not be resolved (DNS unavailable): check the host and the network',
  ECONNREFUSED: () => 'nothing accepts connections there: check host and port, and that the server runs',
  ETIMEDOUT: () => 'the server did not answer in time: check host, port and firewalls, or raise connectTimeoutMs',
  EHOSTUNREACH: () => 'the host is unreachable: check the host and the network',
  SQLITE_CANTOPEN: () => 'the file cannot be opened: check that it exists and is readable',
  SQLITE_NOTADB: () => 'the file is not a SQLite database',
};

/**
 * Wraps a driver error raised while connecting: a `DatabaseUnavailableError` when the server
 * cannot serve now (down, silent, full, restarting), else a `DatabaseConnectionError`. The message
 * says what to check; the driver error stays as `cause`.
 * @internal
 */
export function connectionFailure(
  error: unknown,
  target: ConnectionTarget,
): DatabaseConnectionError | DatabaseUnavailableError {
  const code = errorCode(error);
  const advice =
    (code === undefined ? undefined : ADVICE[code]?.(target)) ??
    (isTimeout(error) ? ADVICE.ETIMEDOUT?.(target) : undefined);
  const options = { cause: error, details: { code: code ?? null } };
  if (classifyConnectionError(error) === 'unavailable' || isTimeout(error)) {
    // The driver's own words stay in `cause`: this message may reach the agent's users.
    const reason = advice ?? 'the server ended the connection: check that it runs';
    return new DatabaseUnavailableError(
      `The database is unavailable: cannot connect to ${target.label}: ${reason}.`,
      options,
    );
  }

  return new DatabaseConnectionError(`Cannot connect to ${target.label}: ${advice ?? errorMessage(error)}.`, options);
}

function isTimeout(error: unknown): boolean {
  return /timeout|timed out/i.test(errorMessage(error));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

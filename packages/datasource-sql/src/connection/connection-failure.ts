import { DatabaseConnectionError } from './connection-errors';

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
  ER_ACCESS_DENIED_ERROR: (t) => `access denied for user "${t.username ?? ''}": check username and password`,
  ER_DBACCESS_DENIED_ERROR: (t) => `user "${t.username ?? ''}" may not use database "${t.database ?? ''}"`,
  ER_BAD_DB_ERROR: (t) => `database "${t.database ?? ''}" does not exist: check the database name`,
  ENOTFOUND: () => 'the host name could not be resolved: check the host',
  EAI_AGAIN: () => 'the host name could not be resolved (DNS unavailable): check the host and the network',
  ECONNREFUSED: () => 'nothing accepts connections there: check host and port, and that the server runs',
  ETIMEDOUT: () => 'the server did not answer in time: check host, port and firewalls, or raise connectTimeoutMs',
  EHOSTUNREACH: () => 'the host is unreachable: check the host and the network',
  SQLITE_CANTOPEN: () => 'the file cannot be opened: check that it exists and is readable',
  SQLITE_NOTADB: () => 'the file is not a SQLite database',
};

/**
 * Wraps a driver error raised while connecting into a `DatabaseConnectionError` whose message says
 * what to check. The driver error stays as `cause`.
 * @internal
 */
export function connectionFailure(error: unknown, target: ConnectionTarget): DatabaseConnectionError {
  const code = errorCode(error);
  const advice = code === undefined ? undefined : ADVICE[code]?.(target);
  const reason = advice ?? (isTimeout(error) ? ADVICE.ETIMEDOUT?.(target) : undefined) ?? errorMessage(error);

  return new DatabaseConnectionError(`Cannot connect to ${target.label}: ${reason}.`, {
    cause: error,
    details: { code: code ?? null },
  });
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // Node reports a host with several addresses as an AggregateError of one error per address.
  if (Array.isArray(errors)) return errors.map(errorCode).find((inner) => inner !== undefined);
  return undefined;
}

function isTimeout(error: unknown): boolean {
  return /timeout|timed out/i.test(errorMessage(error));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

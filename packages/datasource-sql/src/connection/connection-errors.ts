import { BusinessError, UnavailableError } from '@platform/datasource-toolkit';

/**
 * The database refused the connection as configured (wrong password, unknown user, database or
 * host, missing schema or SQLite file), or the data source was closed. The message says what to
 * check; the driver's error is the `cause`. Trying again will not help until the setting is fixed.
 */
export class DatabaseConnectionError extends BusinessError {
  static override readonly errorName: string = 'DatabaseConnectionError';
}

/**
 * The database cannot serve now: nothing listens, it does not answer in time, it ended the
 * connection (restart, `pg_terminate_backend`, `KILL`) or is full. An `UnavailableError`: the same
 * request may succeed in a moment (the agent answers 503 with `Retry-After`). The driver's error
 * is the `cause`; the message never quotes it, since it reaches the users of the agent.
 */
export class DatabaseUnavailableError extends UnavailableError {
  static override readonly errorName: string = 'DatabaseUnavailableError';
}

/** The driver package of the dialect is not installed (drivers are optional peer dependencies). */
export class MissingDriverError extends BusinessError {
  static override readonly errorName: string = 'MissingDriverError';
}

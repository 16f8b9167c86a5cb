import { BusinessError } from '@platform/datasource-toolkit';

/**
 * The database could not be reached or refused the connection (wrong password, unknown host,
 * timeout, missing database). The message says what to check; the driver's error is the `cause`.
 */
export class DatabaseConnectionError extends BusinessError {
  static override readonly errorName: string = 'DatabaseConnectionError';
}

/** The driver package of the dialect is not installed (drivers are optional peer dependencies). */
export class MissingDriverError extends BusinessError {
  static override readonly errorName: string = 'MissingDriverError';
}

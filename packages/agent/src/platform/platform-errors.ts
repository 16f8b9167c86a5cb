import { BusinessError } from '@platform/datasource-toolkit';

/**
 * The platform cannot answer and the agent holds no data recent enough to decide without it
 * (permissions, users, scopes, key set). The error handler answers 503.
 */
export class PlatformUnavailableError extends BusinessError {
  static override readonly errorName: string = 'PlatformUnavailableError';
}

/**
 * The agent cannot connect to the platform in a way retrying would fix: the environment secret
 * is refused, or the platform does not speak the contract. `start()` rejects with it; its
 * message says what to do, so the agent logs it without a stack trace.
 */
export class PlatformConnectionError extends Error {
  override readonly name = 'PlatformConnectionError';
}

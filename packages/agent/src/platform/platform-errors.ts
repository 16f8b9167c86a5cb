import { BusinessError } from '@platform/datasource-toolkit';

/**
 * The platform cannot answer and the agent holds no data recent enough to decide without it
 * (permissions, users, scopes, key set). The error handler answers 503 with `Retry-After`:
 * `details.retryAfterSeconds` when the agent knows when it calls the platform again.
 */
export class PlatformUnavailableError extends BusinessError {
  static override readonly errorName: string = 'PlatformUnavailableError';
}

/**
 * platform-api answers but refuses this agent's environment secret (a secret rotated, an
 * environment deleted, the wrong server): nothing is granted until it accepts it again, and
 * retrying the request will not help until an operator acts. The error handler answers 500.
 */
export class PlatformSecretRefusedError extends BusinessError {
  static override readonly errorName: string = 'PlatformSecretRefusedError';
}

/**
 * The agent cannot connect to the platform in a way retrying would fix: the environment secret
 * is refused, or the platform does not speak the contract. `start()` rejects with it; its
 * message says what to do, so the agent logs it without a stack trace.
 */
export class PlatformConnectionError extends Error {
  override readonly name = 'PlatformConnectionError';
}

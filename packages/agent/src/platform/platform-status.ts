import type { Logger } from '@platform/datasource-toolkit';
import { PlatformSecretRefusedError } from './platform-errors';

/** What the agent knows of platform-api from its last calls; `unknown` until the first answer. */
export type PlatformLinkState = 'unknown' | 'connected' | 'unreachable' | 'refused';

export interface PlatformStatusOptions {
  readonly serverUrl: string;
  readonly logger: Logger;
  /** How long cached platform data may be used without the platform (`platformCache.maxAgeMs`), for the log line. */
  readonly maxAgeMs: number;
}

/**
 * The state of the agent's link to platform-api, fed by the outcome of every call (contract
 * calls, the key set, the events stream), and logged once per change of state, not per call:
 * a refused secret at Error, an unreachable platform at Warn, its return at Info. The start path
 * logs its own lines, so leaving `unknown` is not logged.
 *
 * A refused secret is left only when the platform answers again: a timeout meanwhile does not
 * say that the secret is accepted.
 */
export class PlatformStatus {
  private current: PlatformLinkState = 'unknown';
  private refusalCount = 0;

  constructor(private readonly options: PlatformStatusOptions) {}

  get state(): PlatformLinkState {
    return this.current;
  }

  get isRefused(): boolean {
    return this.current === 'refused';
  }

  /** Incremented each time the platform starts refusing the secret: data fetched before must not be served again. */
  get refusals(): number {
    return this.refusalCount;
  }

  /** The platform answered with the secret accepted (whatever the answer, a 404 included). */
  answered(): void {
    const previous = this.current;
    this.current = 'connected';
    if (previous === 'unreachable' || previous === 'refused') {
      this.options.logger(
        'Info',
        `platform-api at ${this.options.serverUrl} answers again${previous === 'refused' ? ' and accepts the environment secret' : ''}.`,
      );
    }
  }

  /** A call failed: a refused secret, an unreachable platform, or an answer that still proves the secret accepted. */
  failed(error: unknown): void {
    if (isSecretRefusal(error)) {
      this.refused(error);
      return;
    }
    if (!isTransientFailure(error)) {
      this.answered();
      return;
    }
    const previous = this.current;
    if (previous === 'refused' || previous === 'unreachable') return;
    this.current = 'unreachable';
    if (previous === 'unknown') return;
    this.options.logger(
      'Warn',
      `platform-api at ${this.options.serverUrl} is unavailable: ${messageOf(error)} Cached permissions, users ` +
        `and scopes are used until they are ${Math.round(this.options.maxAgeMs / 1000)} s old, then requests answer ` +
        '503 PlatformUnavailableError; retrying with back-off.',
    );
  }

  /** What a request answers while the secret is refused. */
  refusedError(cause?: unknown): PlatformSecretRefusedError {
    return new PlatformSecretRefusedError(
      "platform-api refused this agent's environment secret: check PLATFORM_ENV_SECRET (the envSecret option) and " +
        'that the environment still exists on the platform. Nothing is allowed until the platform accepts it.',
      { cause },
    );
  }

  private refused(error: unknown): void {
    const previous = this.current;
    if (previous === 'refused') return;
    this.current = 'refused';
    this.refusalCount += 1;
    if (previous === 'unknown') return;
    this.options.logger(
      'Error',
      `platform-api at ${this.options.serverUrl} refused this agent's environment secret (${messageOf(error)}). ` +
        'Check PLATFORM_ENV_SECRET (the envSecret option) and that the environment still exists on the platform. ' +
        'Until it accepts the secret nothing is allowed: requests answer 500 PlatformSecretRefusedError; ' +
        'the agent keeps trying with back-off.',
    );
  }
}

/**
 * A 401 from the platform's agent routes: the secret is refused. Read by shape, as a
 * `ContractCallError` or any error carrying the answer's `status`; an MCP token refusal
 * (`401 invalid_client`) is about the client, not the secret.
 */
export function isSecretRefusal(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return status === 401 && (code === undefined || code === 'unauthorized');
}

/** Worth retrying: no answer, a timeout, 429 or 5XX. */
function isTransientFailure(error: unknown): boolean {
  const { isTransient, status } = (error ?? {}) as { isTransient?: unknown; status?: unknown };
  if (typeof isTransient === 'boolean') return isTransient;
  return typeof status !== 'number' || status === 429 || status >= 500;
}

function messageOf(error: unknown): string {
  return String((error as { message?: unknown } | undefined)?.message ?? error);
}

import type { Logger } from '@platform/datasource-toolkit';
import type {
  ContractCallOptions,
  ContractRouteName,
  callAgentContract,
  EnvironmentInfo,
  PlatformEvent,
} from '@platform/platform-contract';
import { ExponentialBackoff, handleWhen, noJitterGenerator, retry } from 'cockatiel';
import type { PlatformSchema } from '../schema/platform-schema';
import { PlatformConnectionError } from './platform-errors';
import { openPlatformEvents, type PlatformEvents } from './platform-events';
import { isSecretRefusal, type PlatformStatus } from './platform-status';
import { retryUntilConnected } from './retry-until-connected';

/** `callAgentContract` with the client's server URL, secret and timeout. */
export type BoundContractCall = <Name extends ContractRouteName>(
  name: Name,
  ...body: Parameters<typeof callAgentContract<Name>> extends [unknown, unknown, ...infer Body] ? Body : never
) => ReturnType<typeof callAgentContract<Name>>;

export interface PlatformConnectionOptions extends Pick<ContractCallOptions, 'serverUrl' | 'envSecret'> {
  readonly logger: Logger;
  readonly call: BoundContractCall;
  readonly status: PlatformStatus;
  /** Called for each event of the platform's events stream. */
  readonly onEvent: (event: PlatformEvent) => void;
  /** Called each time the events stream (re)opens: events may have been missed meanwhile. */
  readonly onEventsOpen: () => void;
  /** Attempts at start before serving without the platform; default 3. */
  readonly startAttempts?: number;
  /** First delay between attempts (doubled each time, at most 30 s); default 1 s. */
  readonly retryDelayMs?: number;
}

/** The agent's link to the platform: the environment, the schema sent, the events stream. */
export interface PlatformConnection {
  /** The environment, once the platform answered. */
  readonly environment: EnvironmentInfo | undefined;
  /** Connects if not yet connected, then sends the schema (see `createPlatformConnection`). */
  sendSchema(schema: PlatformSchema): Promise<void>;
  /** Stops retrying and closes the events stream. Safe to call twice. */
  close(): void;
}

const MAX_DELAY_MS = 30_000;

/**
 * The start's connection: it reads the environment, sends the schema hash (uploading the schema
 * only when asked) and opens the events stream. A platform that does not answer is tried a few
 * times (`cockatiel`'s retry policy, the delay doubling), then the start goes on without it while
 * `retryUntilConnected` keeps trying in the background. A refused secret or an answer that breaks
 * the contract fails the start instead: retrying would not help.
 */
export function createPlatformConnection(options: PlatformConnectionOptions): PlatformConnection {
  const { serverUrl, envSecret, logger, call, status } = options;
  const startAttempts = options.startAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  let environment: EnvironmentInfo | undefined;
  let events: PlatformEvents | undefined;
  let pendingSchema: PlatformSchema | undefined;
  const closing = new AbortController();

  const connect = async (): Promise<void> => {
    environment = await call('environment');
    logger(
      'Info',
      `Connected to the platform at ${serverUrl} (environment ${environment.name}, id ${environment.id}).`,
    );
    events ??= openPlatformEvents({
      serverUrl,
      envSecret,
      logger,
      onEvent: options.onEvent,
      // The stream logs its own failures; only a refused secret concerns every call.
      onFailure: (failure) => {
        if (isSecretRefusal(failure)) status.failed(failure);
      },
      onOpen: () => {
        status.answered();
        options.onEventsOpen();
      },
    });
  };

  const sendSchemaNow = async (schema: PlatformSchema): Promise<void> => {
    const { sendSchema } = await call('checkSchema', { schemaHash: schema.meta.schemaHash });
    if (sendSchema) {
      await call('uploadSchema', schema);
      logger('Info', `Schema ${schema.meta.schemaHash} uploaded to the platform.`);
    } else {
      logger('Debug', `The platform already has schema ${schema.meta.schemaHash}.`);
    }
  };

  const retryInBackground = (): void => {
    void retryUntilConnected({
      // The back-off goes on from where the start's tries left it.
      initialDelayMs: Math.min(retryDelayMs * 2 ** (startAttempts - 1), MAX_DELAY_MS),
      signal: closing.signal,
      logger,
      attempt: async () => {
        if (environment === undefined) await connect();
        if (pendingSchema !== undefined) await sendSchemaNow(pendingSchema);
        pendingSchema = undefined;
      },
    });
  };

  return {
    get environment() {
      return environment;
    },

    async sendSchema(schema) {
      if (environment !== undefined) return sendSchemaNow(schema);
      const policy = retry(handleWhen(isTransient), {
        maxAttempts: startAttempts - 1,
        backoff: new ExponentialBackoff({
          generator: noJitterGenerator,
          initialDelay: retryDelayMs,
          maxDelay: MAX_DELAY_MS,
        }),
      });
      policy.onRetry((event) => {
        const reason = 'error' in event ? event.error.message : 'no answer';
        logger(
          'Warn',
          `The platform did not answer (attempt ${event.attempt} of ${startAttempts}): ${reason} Retrying in ${event.delay} ms.`,
        );
      });

      try {
        await policy.execute(async () => {
          await connect();
          await sendSchemaNow(schema);
        });
      } catch (error) {
        if (!isTransient(error)) throw explainRefusal(error, serverUrl);
        logger(
          'Warn',
          `The platform at ${serverUrl} did not answer after ${startAttempts} attempts (${(error as Error).message}). ` +
            'Serving anyway: requests answer 503 PlatformUnavailableError until the platform answers; retrying in the background.',
        );
        pendingSchema = schema;
        retryInBackground();
      }
    },

    close() {
      closing.abort();
      events?.close();
      events = undefined;
    },
  };
}

/** A failure that may pass: the platform did not answer, or answered that it cannot now. */
export function isTransient(error: unknown): boolean {
  return (error as { isTransient?: unknown }).isTransient === true;
}

/** A refused secret becomes a PlatformConnectionError saying what to check; other errors stay as they are. */
export function explainRefusal(error: unknown, serverUrl: string): unknown {
  const { name, status, message } = error as { name?: unknown; status?: unknown; message?: unknown };
  if (name === 'ContractCallError' && (status === 401 || status === 403)) {
    return new PlatformConnectionError(
      `The platform at ${serverUrl} refused the environment secret (${String(message)}). ` +
        'Check envSecret (or PLATFORM_ENV_SECRET): it is the secret of the environment this agent serves.',
      { cause: error },
    );
  }

  return error;
}

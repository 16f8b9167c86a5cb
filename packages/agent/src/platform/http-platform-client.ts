import type { Logger } from '@platform/datasource-toolkit';
import {
  type ContractCallOptions,
  type ContractRouteName,
  callAgentContract,
  type EnvironmentInfo,
  type PlatformEvent,
} from '@platform/platform-contract';
import type { PlatformClient } from '../agent/platform-client';
import type { DataSourceCustomizer } from '../customizer/data-source-customizer';
import { InvalidSignInStateError } from '../http/auth/sign-in-state';
import type { PlatformSchema } from '../schema/platform-schema';
import { withActivityReporting } from './activity-permissions';
import { createActivityReporter } from './activity-reporter';
import { CachedResource } from './cached-resource';
import { NoCodeActions } from './no-code-actions';
import type { PlatformBreakerOptions } from './platform-breaker';
import { PlatformConnectionError, PlatformUnavailableError } from './platform-errors';
import { openPlatformEvents, type PlatformEvents } from './platform-events';
import { createPlatformPermissions } from './platform-permissions';
import { isSecretRefusal, PlatformStatus } from './platform-status';
import { createPlatformTokenVerifier } from './platform-token-verifier';
import { retryUntilConnected } from './retry-until-connected';

export interface HttpPlatformClientOptions {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly logger: Logger;
  readonly cache: { readonly refreshAfterMs: number; readonly maxAgeMs: number };
  /** Fetch the experimental no-code actions (`experimental.noCodeCustomizations`). */
  readonly noCodeCustomizations?: boolean;
  /** Per-call timeout; default 5 s. */
  readonly timeoutMs?: number;
  /** Attempts at start before serving without the platform; default 3. */
  readonly startAttempts?: number;
  /** First delay between attempts (doubled each time, at most 30 s); default 1 s. */
  readonly retryDelayMs?: number;
  /** The back-off between failed fetches of one piece of platform data; default 1 s doubling to 30 s. */
  readonly backoff?: PlatformBreakerOptions;
}

/** `callAgentContract` with the client's server URL, secret and timeout. */
export type BoundContractCall = <Name extends ContractRouteName>(
  name: Name,
  ...body: Parameters<typeof callAgentContract<Name>> extends [unknown, unknown, ...infer Body] ? Body : never
) => ReturnType<typeof callAgentContract<Name>>;

/** What the platform client exposes besides `PlatformClient`, for tests and the other platform features. */
export interface HttpPlatformClient extends PlatformClient {
  /** The environment, once the platform answered. */
  readonly environment: EnvironmentInfo | undefined;
  /** The link to the platform: connected, unreachable, or refusing the secret. */
  readonly status: PlatformStatus;
  /** Calls one contract route with the secret. */
  readonly call: BoundContractCall;
  /** Registers a listener of `refresh-customizations`. */
  onEvent(listener: (event: PlatformEvent) => void): void;
}

/**
 * The agent's connection to the platform (agent ↔ platform contract). At start it reads the
 * environment, sends its schema hash (uploading the schema only when asked) and opens the events
 * stream. Permissions, users and scopes are fetched on first use and cached (`CachedResource`),
 * refreshed by events, by age when the events stream is down.
 *
 * Start does not hang when the platform is slow or down: each call has a timeout, a few
 * attempts are made, then the agent serves anyway, answering 503 on permission checks until the
 * platform answers, while it keeps retrying in the background. A refused secret or an answer
 * that breaks the contract fails the start instead: retrying would not help.
 *
 * Every call reports its outcome to `status`, which logs each change of state once; once the
 * platform refuses the secret (at any time after the start), nothing is granted until it
 * accepts it again. Failed fetches back off (`PlatformBreaker`), so no request rate turns into
 * more than a few calls per second to the platform.
 */
export function createHttpPlatformClient(options: HttpPlatformClientOptions): HttpPlatformClient {
  const { serverUrl, envSecret, logger } = options;
  const callOptions: ContractCallOptions = { serverUrl, envSecret, timeoutMs: options.timeoutMs ?? 5_000 };
  const status = new PlatformStatus({ serverUrl, logger, maxAgeMs: options.cache.maxAgeMs });
  // The rest parameter is checked by `BoundContractCall` at each call site.
  const call = (async (name: ContractRouteName, ...body: unknown[]) => {
    try {
      const answer = await (callAgentContract as (...args: unknown[]) => Promise<unknown>)(callOptions, name, ...body);
      status.answered();
      return answer;
    } catch (error) {
      status.failed(error);
      throw error;
    }
  }) as BoundContractCall;
  const resource = <T>(name: string, load: () => Promise<T>) =>
    new CachedResource(load, { name, logger, status, backoff: options.backoff, ...options.cache });

  const data = {
    roles: resource('permissions', async () => {
      const { roles } = await call('permissions');
      return new Map(roles.map((role) => [role.role, role]));
    }),
    users: resource('users', async () => {
      const { users } = await call('users');
      return new Map(users.map((user) => [user.id, user]));
    }),
    renderings: resource('renderings', async () => {
      const { renderings } = await call('renderings');
      return new Map(renderings.map((rendering) => [rendering.id, rendering]));
    }),
  };
  const activity = createActivityReporter({ send: (entries) => call('activity', { entries }), logger });
  const listeners: Array<(event: PlatformEvent) => void> = [];
  const noCode = options.noCodeCustomizations
    ? new NoCodeActions(async () => (await call('customizations')).actions, logger)
    : undefined;
  let environment: EnvironmentInfo | undefined;
  let events: PlatformEvents | undefined;
  let pendingSchema: PlatformSchema | undefined;
  const closing = new AbortController();

  const onEvent = (event: PlatformEvent): void => {
    if (event === 'refresh-permissions') data.roles.invalidate();
    if (event === 'refresh-users') data.users.invalidate();
    if (event === 'refresh-renderings') data.renderings.invalidate();
    for (const listener of listeners) listener(event);
  };

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
      onEvent,
      // The stream logs its own failures; only a refused secret concerns every call.
      onFailure: (failure) => {
        if (isSecretRefusal(failure)) status.failed(failure);
      },
      // Events may have been missed while the stream was closed (or before it first opened).
      onOpen: () => {
        status.answered();
        data.roles.invalidate();
        data.users.invalidate();
        data.renderings.invalidate();
        for (const listener of listeners) listener('refresh-customizations');
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

  const retryInBackground = (delayMs: number): void => {
    void retryUntilConnected({
      initialDelayMs: delayMs,
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
    status,
    call,
    onEvent: (listener) => {
      listeners.push(listener);
    },
    mcpAuthority: {
      serverUrl,
      environment: () => environment,
      async lookupClient(clientId) {
        try {
          return (await call('mcpClient', { clientId })).client;
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      },
      exchangeToken: (request) => call('mcpToken', request),
    },
    routeOptions: {
      permissions: withActivityReporting(createPlatformPermissions(data), activity),
      tokenVerifiers: [
        createPlatformTokenVerifier({
          serverUrl,
          envSecret,
          getEnvironmentId: () => environment?.id,
          status,
          backoff: options.backoff,
        }),
      ],
      authentication: {
        serverUrl,
        getEnvironment: () => environment,
        exchangeCode: async (code, redirectUri) => (await exchange(call, code, redirectUri)).user,
      },
    },

    ...(noCode !== undefined && {
      async applyCustomizations(customizer: DataSourceCustomizer) {
        try {
          return await noCode.apply(customizer);
        } catch (error) {
          if (!isTransient(error)) throw explain(error, serverUrl);
          logger(
            'Warn',
            `No-code actions not loaded: ${(error as Error).message} They are added once the platform answers.`,
          );
          return 0;
        }
      },
      onCustomizationsChanged(listener: () => void) {
        listeners.push((event) => {
          if (event === 'refresh-customizations') listener();
        });
      },
    }),

    async sendSchema(schema) {
      if (environment !== undefined) return sendSchemaNow(schema);
      const attempts = options.startAttempts ?? 3;
      let delayMs = options.retryDelayMs ?? 1_000;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await connect();
          await sendSchemaNow(schema);
          return;
        } catch (error) {
          if (!isTransient(error)) throw explain(error, serverUrl);
          if (attempt >= attempts) {
            logger(
              'Warn',
              `The platform at ${serverUrl} did not answer after ${attempts} attempts (${(error as Error).message}). ` +
                'Serving anyway: requests answer 503 PlatformUnavailableError until the platform answers; retrying in the background.',
            );
            pendingSchema = schema;
            retryInBackground(delayMs);
            return;
          }
          logger(
            'Warn',
            `The platform did not answer (attempt ${attempt} of ${attempts}): ${(error as Error).message} Retrying in ${delayMs} ms.`,
          );
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          delayMs = Math.min(delayMs * 2, 30_000);
        }
      }
    },

    async close() {
      closing.abort();
      events?.close();
      events = undefined;
      await activity.close();
    },
  };
}

/** The code exchange, with a refused code as a 401 and an unreachable platform as a 503. */
async function exchange(call: BoundContractCall, code: string, redirectUri: string) {
  try {
    return await call('exchangeCode', { code, redirectUri });
  } catch (error) {
    if (isTransient(error)) {
      throw new PlatformUnavailableError('The platform cannot complete the sign-in now: try again shortly.', {
        cause: error,
      });
    }
    const status = (error as { status?: unknown }).status;
    if (status === 400 || status === 404) {
      throw new InvalidSignInStateError(
        'The platform refused the sign-in code (expired or already used): sign in again.',
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

function isTransient(error: unknown): boolean {
  return (error as { isTransient?: unknown }).isTransient === true;
}

/** A refused secret becomes a PlatformConnectionError saying what to check; other errors stay as they are. */
function explain(error: unknown, serverUrl: string): unknown {
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

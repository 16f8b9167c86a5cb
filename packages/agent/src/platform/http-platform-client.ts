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
import { withActivityReporting } from './activity-permissions';
import { createActivityReporter } from './activity-reporter';
import { CachedResource } from './cached-resource';
import { NoCodeActions } from './no-code-actions';
import type { PlatformBreakerOptions } from './platform-breaker';
import {
  type BoundContractCall,
  createPlatformConnection,
  explainRefusal,
  isTransient,
  type PlatformConnectionOptions,
} from './platform-connection';
import { PlatformUnavailableError } from './platform-errors';
import { createPlatformPermissions } from './platform-permissions';
import { PlatformStatus } from './platform-status';
import { createPlatformTokenVerifier } from './platform-token-verifier';

export type { BoundContractCall } from './platform-connection';

export interface HttpPlatformClientOptions extends Pick<PlatformConnectionOptions, 'startAttempts' | 'retryDelayMs'> {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly logger: Logger;
  readonly cache: { readonly refreshAfterMs: number; readonly maxAgeMs: number };
  /** Fetch the experimental no-code actions (`experimental.noCodeCustomizations`). */
  readonly noCodeCustomizations?: boolean;
  /** Per-call timeout; default 5 s. */
  readonly timeoutMs?: number;
  /** The back-off between failed fetches of one piece of platform data; default 1 s doubling to 30 s. */
  readonly backoff?: PlatformBreakerOptions;
}

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
 * The agent's side of the agent ↔ platform contract, wired together: the connection made at
 * start (`createPlatformConnection`: environment, schema, events stream) and the data the routes
 * read from the platform. Permissions, users and scopes are fetched on first use and cached
 * (`CachedResource`), refreshed by events, by age when the events stream is down.
 *
 * Start does not hang when the platform is slow or down: each call has a timeout, and after a few
 * attempts the agent serves anyway, answering 503 on permission checks until the platform
 * answers, while the connection keeps retrying in the background.
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
  const connection = createPlatformConnection({
    serverUrl,
    envSecret,
    logger,
    call,
    status,
    startAttempts: options.startAttempts,
    retryDelayMs: options.retryDelayMs,
    onEvent: (event) => {
      if (event === 'refresh-permissions') data.roles.invalidate();
      if (event === 'refresh-users') data.users.invalidate();
      if (event === 'refresh-renderings') data.renderings.invalidate();
      for (const listener of listeners) listener(event);
    },
    // Events may have been missed while the stream was closed (or before it first opened).
    onEventsOpen: () => {
      data.roles.invalidate();
      data.users.invalidate();
      data.renderings.invalidate();
      for (const listener of listeners) listener('refresh-customizations');
    },
  });
  const environment = () => connection.environment;

  return {
    get environment() {
      return connection.environment;
    },
    status,
    call,
    onEvent: (listener) => {
      listeners.push(listener);
    },
    mcpAuthority: {
      serverUrl,
      environment,
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
          getEnvironmentId: () => environment()?.id,
          status,
          backoff: options.backoff,
        }),
      ],
      authentication: {
        serverUrl,
        getEnvironment: environment,
        exchangeCode: async (code, redirectUri) => (await exchange(call, code, redirectUri)).user,
      },
    },

    ...(noCode !== undefined && {
      async applyCustomizations(customizer: DataSourceCustomizer) {
        try {
          return await noCode.apply(customizer);
        } catch (error) {
          if (!isTransient(error)) throw explainRefusal(error, serverUrl);
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

    sendSchema: (schema) => connection.sendSchema(schema),

    async close() {
      connection.close();
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

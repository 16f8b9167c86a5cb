import { createLogger } from '../logger/create-logger';
import { createHttpPlatformClient } from '../platform/http-platform-client';
import type { TypingsSchema } from '../typings/typed-schema';
import { Agent } from './agent';
import { type AgentOptions, parseAgentOptions } from './agent-options';
import { createOfflinePlatformClient, type PlatformClient } from './platform-client';

/**
 * Creates an agent. Options are checked now: a bad option throws an `AgentOptionsError` naming
 * it. Secrets, the server URL and the port fall back to `PLATFORM_AUTH_SECRET`,
 * `PLATFORM_ENV_SECRET`, `PLATFORM_SERVER_URL` and `PORT`.
 *
 * @typeParam S the `Schema` type written to `typingsPath`, to check collection and field names.
 * @example
 * import type { Schema } from './typings';
 * const agent = createAgent<Schema>({ authSecret, envSecret, typingsPath: './typings.ts' });
 * await agent.addDataSource(createSqlDataSource(process.env.DATABASE_URL)).start();
 */
export function createAgent<S extends TypingsSchema = TypingsSchema>(options: AgentOptions = {}): Agent<S> {
  const resolved = parseAgentOptions(options);
  const logger = createLogger(resolved.logger, resolved.loggerLevel);

  const platform: PlatformClient = resolved.offline
    ? createOfflinePlatformClient(logger)
    : createHttpPlatformClient({
        serverUrl: resolved.serverUrl,
        envSecret: resolved.envSecret,
        logger,
        cache: resolved.platformCache,
        noCodeCustomizations: resolved.experimental.noCodeCustomizations,
      });

  return new Agent<S>(resolved, logger, platform);
}

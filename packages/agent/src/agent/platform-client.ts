import type { Logger } from '@platform/datasource-toolkit';
import type { PlatformSchema } from '../schema/platform-schema';

/**
 * The agent's side of the agent ↔ platform contract (ARCHITECTURE.md): what `start()` and
 * `stop()` ask of platform-api. In this version the agent runs without contacting the platform,
 * through `createOfflinePlatformClient`; the HTTP client (environment secret in the
 * `platform-secret-key` header, schema hash then upload on request, permissions, server-sent
 * events, activity logs) implements this same interface in a later version.
 */
export interface PlatformClient {
  /** Tells the platform which schema the agent serves; uploads it when the platform asks. */
  sendSchema(schema: PlatformSchema): Promise<void>;
  /** Releases what the client holds (event streams, caches). Safe to call twice. */
  close(): Promise<void>;
}

/** A client that contacts nobody: it logs what a connected agent would send. */
export function createOfflinePlatformClient(logger: Logger): PlatformClient {
  return {
    async sendSchema(schema) {
      logger(
        'Debug',
        `Schema ${schema.meta.schemaHash} not sent: this agent version does not contact the platform yet.`,
      );
    },
    async close() {},
  };
}

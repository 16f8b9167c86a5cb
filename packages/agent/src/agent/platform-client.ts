import type { Logger } from '@platform/datasource-toolkit';
import type { DataSourceCustomizer } from '../customizer/data-source-customizer';
import type { AuthenticationDependencies } from '../http/auth/authentication-routes';
import type { TokenVerifier } from '../http/auth/token-verifier';
import type { PermissionService } from '../http/permissions/permission-service';
import type { McpAuthority } from '../mcp/oauth/mcp-authority';
import type { PlatformSchema } from '../schema/platform-schema';

/**
 * The agent's side of the agent ↔ platform contract (ARCHITECTURE.md): what `start()` and
 * `stop()` ask of the platform, and what the routes use from it. A connected agent uses
 * `createHttpPlatformClient`; an agent created with `offline: true` uses
 * `createOfflinePlatformClient`, which contacts nobody and allows everything.
 */
export interface PlatformClient {
  /** Tells the platform which schema the agent serves; uploads it when the platform asks. */
  sendSchema(schema: PlatformSchema): Promise<void>;
  /** What the routes take from the platform; a missing entry keeps the router's default. */
  readonly routeOptions: {
    readonly permissions?: PermissionService;
    readonly tokenVerifiers?: TokenVerifier[];
    readonly authentication?: AuthenticationDependencies;
  };
  /** The platform as the authority of the MCP server's OAuth facade; absent offline. */
  readonly mcpAuthority?: McpAuthority;
  /**
   * Queues the customizations defined on the platform (experimental no-code actions) that are
   * not queued yet; resolves to how many were. Absent when they are not enabled.
   */
  applyCustomizations?(customizer: DataSourceCustomizer): Promise<number>;
  /** Registers what to do when the platform says its customizations changed. */
  onCustomizationsChanged?(listener: () => void): void;
  /** Releases what the client holds (event streams, caches). Safe to call twice. */
  close(): Promise<void>;
}

/**
 * A client that contacts nobody: the agent serves with the development permissions (any
 * authenticated user may do anything) and says so once, at its first start.
 */
export function createOfflinePlatformClient(logger: Logger): PlatformClient {
  let hasWarned = false;

  return {
    routeOptions: {},
    async sendSchema(schema) {
      if (!hasWarned) {
        logger(
          'Warn',
          'Offline agent: it does not contact the platform, and every user holding a token signed with authSecret ' +
            'may do everything on every collection. Never use offline: true in production.',
        );
        hasWarned = true;
      }
      logger('Debug', `Schema ${schema.meta.schemaHash} not sent: the agent is offline.`);
    },
    async close() {},
  };
}

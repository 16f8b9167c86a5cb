import type { EnvironmentInfo, McpClient, McpTokenRequest, McpTokenResponse } from '@platform/platform-contract';

/**
 * The platform as the authority behind the agent's OAuth facade (contract `mcpClient`,
 * `mcpToken`). Absent on an offline agent, whose OAuth routes then say so.
 */
export interface McpAuthority {
  /** The platform's URL, as browsers reach it: its authorize page and registration endpoint. */
  readonly serverUrl: string;
  /** The environment, once the platform answered. */
  environment(): EnvironmentInfo | undefined;
  /** The registered client; undefined when the platform does not know it (or revoked it). */
  lookupClient(clientId: string): Promise<McpClient | undefined>;
  /**
   * The token exchange, forwarded with the environment secret.
   * @throws ContractCallError (its `status` and `code` carry the platform's RFC 6749 refusal)
   */
  exchangeToken(request: McpTokenRequest): Promise<McpTokenResponse>;
}

import { randomBytes } from 'node:crypto';
import {
  describeRequestIssues,
  formatMcpScopes,
  isAcceptableRedirectUri,
  MCP_SCOPES,
  type McpClient,
  type McpClientRegistrationResponse,
  type McpScope,
  mcpClientRegistrationRequestSchema,
  mcpScopeStringSchema,
  requestIssuesFromZod,
} from '@platform/platform-contract';

/** Default grant and response types of a registered client (RFC 7591 §2). */
const DEFAULT_GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DEFAULT_RESPONSE_TYPES = ['code'];

/** A refused registration, as RFC 7591 §3.2.2 words it. */
export interface McpRegistrationRefusal {
  readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata';
  readonly error_description: string;
}

/**
 * The MCP clients registered on the sandbox (RFC 7591 public clients). Registration is public,
 * so clients belong to the sandbox, not to one environment: every environment looks them up.
 */
export class SandboxMcpClients {
  private readonly clients = new Map<string, McpClientRegistrationResponse>();

  constructor(private readonly now: () => Date) {}

  /** Registers the client `metadata` describes (unchecked JSON), or says why not. */
  register(metadata: unknown): McpClientRegistrationResponse | McpRegistrationRefusal {
    const parsed = mcpClientRegistrationRequestSchema.safeParse(metadata);
    if (!parsed.success) {
      const issues = requestIssuesFromZod(parsed.error, { renamePath: (path) => path || 'body' });
      return { error: 'invalid_client_metadata', error_description: describeRequestIssues(issues) };
    }
    const request = parsed.data;
    const refused = request.redirect_uris.filter((uri) => !isAcceptableRedirectUri(uri));
    if (refused.length > 0) {
      return {
        error: 'invalid_redirect_uri',
        error_description: `Not an acceptable redirect URI: ${refused.join(', ')}. Use https, or http on localhost, 127.0.0.1 or [::1], without a fragment.`,
      };
    }
    const scopes = clientScopes(request.scope);
    if ('error' in scopes) return scopes;

    const client: McpClientRegistrationResponse = {
      client_id: `mcp-client-${randomBytes(16).toString('hex')}`,
      client_id_issued_at: Math.floor(this.now().getTime() / 1000),
      client_name: request.client_name ?? 'MCP client',
      ...(request.client_uri === undefined ? {} : { client_uri: request.client_uri }),
      redirect_uris: [...request.redirect_uris],
      grant_types: request.grant_types ?? DEFAULT_GRANT_TYPES,
      response_types: request.response_types ?? DEFAULT_RESPONSE_TYPES,
      token_endpoint_auth_method: 'none',
      scope: formatMcpScopes(scopes),
    };
    this.clients.set(client.client_id, client);

    return structuredClone(client);
  }

  /** The client as the agent's `mcpClient` lookup answers it; undefined when unknown or revoked. */
  get(clientId: string): McpClient | undefined {
    const client = this.clients.get(clientId);
    if (client === undefined) return undefined;

    return {
      clientId: client.client_id,
      clientName: client.client_name,
      redirectUris: [...client.redirect_uris],
      scopes: mcpScopeStringSchema.parse(client.scope),
    };
  }

  /** Every registered client, as registration answered it. */
  list(): McpClientRegistrationResponse[] {
    return [...this.clients.values()].map((client) => structuredClone(client));
  }

  /** Forgets a client: lookups answer 404 and its tokens are refused with `invalid_client`. */
  revoke(clientId: string): void {
    if (!this.clients.delete(clientId)) throw new Error(`The sandbox has no MCP client ${clientId}.`);
  }
}

/** The scopes a client registers for: all of `MCP_SCOPES` by default, at least one. */
function clientScopes(scope: string | undefined): McpScope[] | McpRegistrationRefusal {
  if (scope === undefined) return [...MCP_SCOPES];
  const parsed = mcpScopeStringSchema.safeParse(scope);
  if (!parsed.success)
    return { error: 'invalid_client_metadata', error_description: `scope: ${parsed.error.issues[0]?.message}` };
  if (parsed.data.length === 0) {
    return {
      error: 'invalid_client_metadata',
      error_description: `scope: name at least one of ${MCP_SCOPES.join(', ')}`,
    };
  }

  return parsed.data;
}

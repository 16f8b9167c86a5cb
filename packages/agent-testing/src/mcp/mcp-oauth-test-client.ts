import { randomBytes } from 'node:crypto';

/** What the MCP SDK's client stores about a registered OAuth client (RFC 7591 answer). */
export interface McpClientInformation {
  readonly client_id: string;
  readonly [key: string]: unknown;
}

/** What the MCP SDK's client stores about tokens (RFC 6749 §5.1 answer). */
export interface McpTokens {
  readonly access_token: string;
  readonly token_type: string;
  readonly refresh_token?: string;
  readonly expires_in?: number;
  readonly scope?: string;
}

export interface McpOAuthTestClientOptions {
  /** Where the authorization server sends the browser back; nothing needs to listen there. */
  readonly redirectUrl?: string;
  readonly clientName?: string;
  /** The scopes asked at registration and authorization; default all MCP scopes. */
  readonly scope?: string;
}

/**
 * An in-memory OAuth client for MCP tests: it implements the MCP SDK's `OAuthClientProvider`
 * (pass it as `authProvider` to `StreamableHTTPClientTransport`, or to the SDK's `auth()`),
 * keeps what the flow gives it, and records the authorization URL the SDK would open in a
 * browser. `followSandboxAuthorization` then plays the browser against the sandbox.
 *
 * @example
 * const oauth = new McpOAuthTestClient();
 * await auth(oauth, { serverUrl: mcpUrl });                       // 'REDIRECT'
 * const { code } = await followSandboxAuthorization(oauth);
 * await auth(oauth, { serverUrl: mcpUrl, authorizationCode: code }); // 'AUTHORIZED'
 */
export class McpOAuthTestClient {
  readonly redirectUrl: string;
  readonly clientMetadata: {
    readonly client_name: string;
    readonly redirect_uris: string[];
    readonly grant_types: string[];
    readonly response_types: string[];
    readonly token_endpoint_auth_method: 'none';
    readonly scope: string;
  };
  /** The last authorization URL the SDK asked to open. */
  authorizationUrl: URL | undefined;
  /** The `state` of the last authorization (a random value per authorization). */
  lastState: string | undefined;
  private information: McpClientInformation | undefined;
  private savedTokens: McpTokens | undefined;
  private verifier: string | undefined;

  constructor(options: McpOAuthTestClientOptions = {}) {
    this.redirectUrl = options.redirectUrl ?? 'http://127.0.0.1:1/oauth/callback';
    this.clientMetadata = {
      client_name: options.clientName ?? 'MCP test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: options.scope ?? 'mcp:read mcp:write mcp:action',
    };
  }

  state(): string {
    this.lastState = randomBytes(16).toString('base64url');
    return this.lastState;
  }

  clientInformation(): McpClientInformation | undefined {
    return this.information;
  }

  saveClientInformation(information: McpClientInformation): void {
    this.information = information;
  }

  tokens(): McpTokens | undefined {
    return this.savedTokens;
  }

  saveTokens(tokens: McpTokens): void {
    this.savedTokens = tokens;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No code verifier saved: start the authorization first.');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.information = undefined;
    if (scope === 'all' || scope === 'tokens') this.savedTokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }
}

/** Where an authorization ended: the code (or the error) the client's redirect URI received. */
export interface AuthorizationOutcome {
  readonly code?: string;
  readonly error?: string;
  readonly state?: string;
  /** The redirect URI with its query, as the browser would load it. */
  readonly redirectedTo: URL;
}

/**
 * Plays the browser of an authorization against the sandbox (which signs in its MCP user and
 * approves without pages): follows the redirects from the client's authorization URL through
 * the agent's `/oauth/authorize` and the sandbox's authorize page until the client's redirect
 * URI, and returns what it received.
 * @throws Error when a step answers anything but a redirect (an error page, say), with its text.
 */
export async function followSandboxAuthorization(client: McpOAuthTestClient): Promise<AuthorizationOutcome> {
  if (client.authorizationUrl === undefined) throw new Error('No authorization URL: call the SDK auth() first.');
  let url = client.authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(client.redirectUrl)) {
      const { searchParams } = url;
      return {
        code: searchParams.get('code') ?? undefined,
        error: searchParams.get('error') ?? undefined,
        state: searchParams.get('state') ?? undefined,
        redirectedTo: url,
      };
    }
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new Error(
        `The authorization stopped at ${url.origin}${url.pathname} with ${response.status}: ${await response.text()}`,
      );
    }
    await response.body?.cancel();
    url = new URL(location, url);
  }

  throw new Error('The authorization redirected more than 10 times.');
}

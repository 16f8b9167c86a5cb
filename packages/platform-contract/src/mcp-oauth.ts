import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// MCP authorization (agent-library.md §4.3, §5.2; ARCHITECTURE "MCP server and its
// authorization"). The agent is the MCP resource server and, toward MCP clients, the OAuth 2.1
// authorization-server facade; the platform is the authority: it registers clients, signs the
// user in, records consent, issues codes and tokens. These are the messages between them.
//
//   MCP client ──POST {platform}/mcp-auth/register──────────────────────────▶ platform (RFC 7591)
//   MCP client ──GET {agent}/oauth/authorize──▶ agent checks (mcpClient lookup) ──303──▶
//       {platform}/mcp-auth/authorize?… (login, consent) ──303──▶ client redirect_uri?code&state
//   MCP client ──POST {agent}/oauth/token──▶ agent ──POST /agent/v1/mcp/token (secret)──▶ platform
// ---------------------------------------------------------------------------------------------

/** The OAuth scopes of the MCP server: reading, writing records, running actions. */
export const MCP_SCOPES = ['mcp:read', 'mcp:write', 'mcp:action'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** Longest scope string, client name and URI the platform accepts. */
const MAX_SCOPE_LENGTH = 200;

/**
 * A space-separated OAuth scope string (RFC 6749 §3.3) made only of `MCP_SCOPES`, each at most
 * once. Parses to the scopes in `MCP_SCOPES` order.
 */
export const mcpScopeStringSchema = z
  .string()
  .max(MAX_SCOPE_LENGTH)
  .transform((value, context) => {
    const words = value.split(' ').filter((word) => word !== '');
    const unknown = words.filter((word) => !(MCP_SCOPES as readonly string[]).includes(word));
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `unknown scope ${unknown.map((word) => `'${word}'`).join(', ')}; scopes are ${MCP_SCOPES.join(', ')}`,
      });
      return z.NEVER;
    }
    return MCP_SCOPES.filter((scope) => words.includes(scope));
  });

/** The scope string of `scopes`, in `MCP_SCOPES` order. */
export function formatMcpScopes(scopes: readonly McpScope[]): string {
  return MCP_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

/**
 * A redirect URI a public MCP client may register: `https`, or `http` on a loopback host
 * (`localhost`, `127.0.0.1`, `[::1]`), absolute, without a fragment or credentials (OAuth 2.1
 * §2.3.1 and §8.4.2). Custom schemes of native apps are not accepted.
 */
export function isAcceptableRedirectUri(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.hash !== '' || candidate.includes('#') || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A PKCE `code_challenge` or `code_verifier`: 43 to 128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.1). */
const pkceValueSchema = z
  .string()
  .regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~');

// ---------------------------------------------------------------------------------------------
// Dynamic client registration (RFC 7591), served by the platform at MCP_REGISTRATION_PATH.
// Public clients only (`token_endpoint_auth_method: none`). Errors answer 400
// `{ error: 'invalid_redirect_uri' | 'invalid_client_metadata', error_description }`.
// ---------------------------------------------------------------------------------------------

/** Path of the platform's registration endpoint, which the agent's metadata names. */
export const MCP_REGISTRATION_PATH = '/mcp-auth/register';

export const mcpClientRegistrationRequestSchema = z.looseObject({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  client_uri: z.url().max(2000).optional(),
  token_endpoint_auth_method: z.literal('none').optional(),
  grant_types: z
    .array(z.enum(['authorization_code', 'refresh_token']))
    .max(2)
    .optional(),
  response_types: z.array(z.literal('code')).max(1).optional(),
  /** The scopes the client may ask for; default all `MCP_SCOPES`. */
  scope: z.string().max(MAX_SCOPE_LENGTH).optional(),
});
export type McpClientRegistrationRequest = z.infer<typeof mcpClientRegistrationRequestSchema>;

export const mcpClientRegistrationResponseSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  client_uri: z.string().optional(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
  scope: z.string(),
});
export type McpClientRegistrationResponse = z.infer<typeof mcpClientRegistrationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Agent → platform (environment secret): the registered client, and the token exchange.
// ---------------------------------------------------------------------------------------------

/** A registered MCP client, as the agent checks an authorize request against it. */
export const mcpClientSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  /** Exact redirect URIs; an authorize request must name one of them, character for character. */
  redirectUris: z.array(z.string()).min(1),
  /** The scopes the client registered for (a request may ask for these or fewer). */
  scopes: z.array(z.enum(MCP_SCOPES)),
});
export type McpClient = z.infer<typeof mcpClientSchema>;

/** `mcpClient` route: an unknown or revoked client answers 404 `{ code: 'invalid_client' }`. */
export const mcpClientRequestSchema = z.object({ clientId: z.string().min(1).max(200) });
export const mcpClientResponseSchema = z.object({ client: mcpClientSchema });

/** The token request as the client sent it to the agent (form fields, RFC 6749 §4.1.3 and §6). */
export const mcpTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(512),
    redirect_uri: z.string().min(1).max(2000),
    code_verifier: pkceValueSchema,
    client_id: z.string().min(1).max(200),
    /** RFC 8707; when sent, it must equal the resource the code was issued for. */
    resource: z.string().max(2000).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(512),
    client_id: z.string().min(1).max(200),
    /** Narrowing only: the scopes asked must be among the grant's. */
    scope: z.string().max(MAX_SCOPE_LENGTH).optional(),
    resource: z.string().max(2000).optional(),
  }),
]);
export type McpTokenRequest = z.infer<typeof mcpTokenRequestSchema>;

/**
 * A successful token answer (RFC 6749 §5.1). `access_token` is a platform-minted user token
 * with `purpose: 'mcp'` and the granted `scope`; `refresh_token` is opaque and single-use
 * (every refresh returns a new one; presenting an old one revokes the whole grant).
 */
export const mcpTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  refresh_token: z.string(),
  scope: z.string(),
});
export type McpTokenResponse = z.infer<typeof mcpTokenResponseSchema>;

/**
 * The RFC 6749 §5.2 error codes the platform's token route answers in the contract error body
 * `{ code, message }` (400, or 401 for `invalid_client`); the agent relays them to the client as
 * `{ error: code, error_description: message }` with the same status.
 */
export const MCP_TOKEN_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export type McpTokenErrorCode = (typeof MCP_TOKEN_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// The browser leg: the agent redirects to the platform's authorize page with the request it
// checked; the platform signs the user in, asks consent, then redirects to
// `redirectUri?code=…&state=…` (or `?error=access_denied&state=…` when the user denies).
// ---------------------------------------------------------------------------------------------

/** Path of the platform's browser page that signs a user in for an MCP client. */
export const MCP_AUTHORIZE_PATH = '/mcp-auth/authorize';

export const mcpAuthorizeQuerySchema = z.object({
  environmentId: z.coerce.number().int(),
  clientId: z.string().min(1).max(200),
  /** One of the client's registered redirect URIs, exactly. */
  redirectUri: z.string().min(1).max(2000),
  codeChallenge: pkceValueSchema,
  codeChallengeMethod: z.literal('S256'),
  /** Space-separated `MCP_SCOPES`, within the client's. */
  scope: z.string().min(1).max(MAX_SCOPE_LENGTH),
  /**
   * The MCP server's URL the token will be used at (RFC 8707), as the agent checked it; bound to
   * the code (the MCP server may listen on a port or a public URL of its own, so it is not
   * compared with the agent URL).
   */
  resource: z.url().max(2000),
  state: z.string().max(2048).optional(),
});
export type McpAuthorizeQuery = z.infer<typeof mcpAuthorizeQuerySchema>;

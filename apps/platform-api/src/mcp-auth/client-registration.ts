import {
  describeRequestIssues,
  isAcceptableRedirectUri,
  MCP_SCOPES,
  type McpScope,
  mcpClientRegistrationRequestSchema,
  mcpScopeStringSchema,
  requestIssuesFromZod,
} from '@platform/platform-contract';
import { ClientRegistrationError } from './mcp-auth-errors';
import { isHostAllowed, type RegistrationPolicy } from './registration-policy';

/** A registration request once accepted: what the platform stores of the client. */
export interface ClientRegistration {
  readonly name: string;
  readonly uri: string | undefined;
  readonly redirectUris: readonly string[];
  readonly scopes: readonly McpScope[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Checks an RFC 7591 registration request (`mcpClientRegistrationRequestSchema`) for a public
 * client: every redirect URI acceptable (`isAcceptableRedirectUri`) and on a host `policy` allows,
 * known scopes (all of them when none is named). The name defaults to the first redirect URI's host.
 * Throws ClientRegistrationError (`invalid_redirect_uri` or `invalid_client_metadata`).
 */
export function parseClientRegistration(body: unknown, policy: RegistrationPolicy): ClientRegistration {
  const parsed = mcpClientRegistrationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { issues } = parsed.error;
    const isAboutRedirectUris = issues.every((issue) => issue.path[0] === 'redirect_uris');
    const summary = describeRequestIssues(requestIssuesFromZod(parsed.error, { renamePath: (path) => path || 'body' }));
    throw new ClientRegistrationError(
      isAboutRedirectUris ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      `Invalid client metadata (${summary}). Send JSON with redirect_uris and, for a public client, token_endpoint_auth_method "none".`,
      { cause: parsed.error },
    );
  }
  const {
    redirect_uris: redirectUris,
    client_name: name,
    client_uri: uri,
    grant_types: grantTypes,
    scope,
  } = parsed.data;

  for (const redirectUri of redirectUris) checkRedirectUri(redirectUri, policy);
  if (grantTypes !== undefined && !grantTypes.includes('authorization_code')) {
    throw new ClientRegistrationError('invalid_client_metadata', 'grant_types must include authorization_code.');
  }
  if (uri !== undefined && !/^https?:\/\//i.test(uri)) {
    throw new ClientRegistrationError('invalid_client_metadata', 'client_uri must be an http or https URL.');
  }
  if (name !== undefined && CONTROL_CHARACTERS.test(name)) {
    throw new ClientRegistrationError('invalid_client_metadata', 'client_name must not contain control characters.');
  }
  const scopes = mcpScopeStringSchema.safeParse(scope ?? '');
  if (!scopes.success) {
    throw new ClientRegistrationError('invalid_client_metadata', scopes.error.issues[0]?.message ?? 'Invalid scope.');
  }

  return {
    name: name ?? new URL(redirectUris[0] as string).host,
    uri,
    redirectUris: [...new Set(redirectUris)],
    scopes: scopes.data.length === 0 ? MCP_SCOPES : scopes.data,
  };
}

function checkRedirectUri(redirectUri: string, policy: RegistrationPolicy): void {
  if (!isAcceptableRedirectUri(redirectUri) || CONTROL_CHARACTERS.test(redirectUri)) {
    throw new ClientRegistrationError(
      'invalid_redirect_uri',
      `The redirect URI ${JSON.stringify(redirectUri)} is not acceptable: use an absolute https URL, or http on localhost, 127.0.0.1 or [::1], without a fragment or credentials.`,
    );
  }
  const { hostname } = new URL(redirectUri);
  if (!isHostAllowed(policy, hostname)) {
    const hosts = policy.kind === 'hosts' ? policy.hosts.join(', ') : 'none';
    throw new ClientRegistrationError(
      'invalid_redirect_uri',
      `This platform registers clients whose redirect URIs are on ${hosts} only; ${hostname} is not one of them.`,
    );
  }
}

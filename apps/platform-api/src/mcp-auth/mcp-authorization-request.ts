import { type McpScope, mcpAuthorizeQuerySchema, mcpScopeStringSchema } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import type { Environment, McpClient, Project } from '../generated/prisma/client';
import { AuthorizationRequestError } from './mcp-auth-errors';
import { findActiveMcpClient } from './mcp-clients-service';
import { areScopesWithin } from './mcp-scopes';

/** The part of an authorize request that decides whether its redirect URI can be trusted. */
const targetSchema = mcpAuthorizeQuerySchema.pick({ environmentId: true, clientId: true, redirectUri: true });
const MAX_ENVIRONMENT_ID = 2_147_483_647;

/** An authorize request whose environment, client and redirect URI are known good. */
export interface AuthorizationTarget {
  readonly environment: Environment & { readonly project: Project };
  readonly client: McpClient;
  /** One of the client's registered redirect URIs, exactly: errors may now be sent there. */
  readonly redirectUri: string;
  /** The client's state, when it is a valid one (sent back with every answer). */
  readonly state: string | undefined;
}

/** A whole authorize request once checked: what the user is asked to consent to. */
export interface McpAuthorization extends AuthorizationTarget {
  readonly codeChallenge: string;
  readonly scopes: readonly McpScope[];
  readonly resource: string;
}

/**
 * First step: the environment (with an agent URL), the client (registered, not revoked) and the
 * redirect URI (one the client registered, character for character). Its refusals are
 * ValidationError, NotFoundError and McpClientNotFoundError: shown as a page, never redirected.
 */
export async function checkAuthorizationTarget(
  context: AppContext,
  input: Readonly<Record<string, unknown>>,
): Promise<AuthorizationTarget> {
  const target = targetSchema.safeParse(input);
  if (!target.success) {
    throw new ValidationError(
      'The authorization link is incomplete: it needs environmentId, clientId and redirectUri.',
    );
  }
  const { environmentId, clientId, redirectUri } = target.data;
  const environment =
    environmentId > 0 && environmentId <= MAX_ENVIRONMENT_ID
      ? await context.prisma.environment.findUnique({ where: { id: environmentId }, include: { project: true } })
      : null;
  if (!environment) throw new NotFoundError(`No environment with id ${environmentId}.`);
  if (!environment.agentUrl) {
    throw new ValidationError(
      `Environment ${environment.name} has no agent URL yet; an operator sets it with \`platform-api environments set-url\`.`,
    );
  }
  const client = await findActiveMcpClient(context, clientId);
  if (!client.redirectUris.includes(redirectUri)) {
    throw new ValidationError(`The redirect URI is not one that the MCP client ${client.name} registered.`);
  }
  const state = mcpAuthorizeQuerySchema.shape.state.safeParse(input.state);
  return { environment, client, redirectUri, state: state.success ? state.data : undefined };
}

/**
 * Second step, once errors can go back to the client: PKCE (an S256 challenge), the scopes
 * (known, at least one, within the client's) and the resource (an MCP server on the agent URL's
 * scheme and host). Throws AuthorizationRequestError.
 */
export function checkAuthorizationRequest(
  target: AuthorizationTarget,
  input: Readonly<Record<string, unknown>>,
): McpAuthorization {
  const parsed = mcpAuthorizeQuerySchema.safeParse(input);
  if (!parsed.success) throw refusalOf(parsed.error.issues[0]?.path[0]);
  const { codeChallenge, scope, resource } = parsed.data;

  const scopes = mcpScopeStringSchema.safeParse(scope);
  if (!scopes.success) {
    throw new AuthorizationRequestError('invalid_scope', scopes.error.issues[0]?.message ?? 'The scope is not valid.');
  }
  if (scopes.data.length === 0) throw new AuthorizationRequestError('invalid_scope', 'Ask for at least one scope.');
  if (!areScopesWithin(scopes.data, target.client.scopes)) {
    const beyond = scopes.data.filter((asked) => !target.client.scopes.includes(asked));
    throw new AuthorizationRequestError('invalid_scope', `The client did not register for ${beyond.join(', ')}.`);
  }
  if (!isPlainHttpUrl(resource)) {
    throw new AuthorizationRequestError(
      'invalid_target',
      'The resource must be the http(s) URL of the MCP server, without credentials or fragment.',
    );
  }
  return { ...target, codeChallenge, scopes: scopes.data, resource };
}

function refusalOf(field: PropertyKey | undefined): AuthorizationRequestError {
  switch (field) {
    case 'codeChallenge':
      return new AuthorizationRequestError(
        'invalid_request',
        'PKCE is required: send a code_challenge (43 to 128 characters) with code_challenge_method=S256.',
      );
    case 'codeChallengeMethod':
      return new AuthorizationRequestError(
        'invalid_request',
        'Only the S256 PKCE method is accepted (plain is refused).',
      );
    case 'scope':
      return new AuthorizationRequestError('invalid_scope', 'Ask for at least one scope.');
    case 'resource':
      return new AuthorizationRequestError('invalid_target', 'The resource (RFC 8707) is missing or not a URL.');
    case 'state':
      return new AuthorizationRequestError('invalid_request', 'The state is longer than 2048 characters.');
    default:
      return new AuthorizationRequestError('invalid_request', 'The authorization request is malformed.');
  }
}

/**
 * The resource is bound to the code and checked again at the exchange, not compared with the
 * agent URL: the MCP server may have a listener (MCP_SERVER_PORT) or a public URL of its own, on
 * another port or host. The agent, which knows its MCP URL, refuses any other resource, and the
 * token's audience is the environment whatever the resource.
 */
function isPlainHttpUrl(resource: string): boolean {
  const target = new URL(resource);
  return (
    (target.protocol === 'http:' || target.protocol === 'https:') &&
    target.username === '' &&
    target.password === '' &&
    !resource.includes('#')
  );
}

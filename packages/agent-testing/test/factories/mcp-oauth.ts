import { createHash, randomBytes } from 'node:crypto';
import {
  callAgentContract,
  MCP_AUTHORIZE_PATH,
  MCP_REGISTRATION_PATH,
  type McpClientRegistrationResponse,
  type McpTokenResponse,
} from '@platform/platform-contract';
import type { PlatformServerSandbox } from '../../src';

export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** Registers a public client on the sandbox, as an MCP client does. */
export async function registerClient(
  sandbox: PlatformServerSandbox,
  metadata: Record<string, unknown> = {},
): Promise<McpClientRegistrationResponse> {
  const response = await fetch(`${sandbox.url}${MCP_REGISTRATION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test client', redirect_uris: [REDIRECT_URI], ...metadata }),
  });
  if (response.status !== 201) throw new Error(`Registration answered ${response.status}.`);
  return (await response.json()) as McpClientRegistrationResponse;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize page's query for `client` in environment `environmentId`; `overrides` replace parameters. */
export function authorizeQuery(
  environmentId: number,
  client: McpClientRegistrationResponse,
  challenge: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    environmentId: String(environmentId),
    clientId: client.client_id,
    redirectUri: REDIRECT_URI,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    scope: client.scope,
    resource: 'http://agent.test/mcp',
    state: 'st-1',
    ...overrides,
  };
}

/** `GET /mcp-auth/authorize` as the browser opens it (no redirect followed). */
export function openAuthorizePage(sandbox: PlatformServerSandbox, query: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}${MCP_AUTHORIZE_PATH}?${new URLSearchParams(query)}`, { redirect: 'manual' });
}

/** Authorizes `client` for the environment's MCP user, then trades the code: the first tokens of a grant. */
export async function grantTokens(
  sandbox: PlatformServerSandbox,
  envSecret: string,
  client: McpClientRegistrationResponse,
): Promise<McpTokenResponse> {
  const { verifier, challenge } = pkcePair();
  const page = await openAuthorizePage(sandbox, authorizeQuery(sandbox.environment(envSecret).id, client, challenge));
  const code = new URL(page.headers.get('location') ?? '').searchParams.get('code');
  if (code === null) throw new Error(`The authorize page answered ${page.status} ${page.headers.get('location')}.`);

  return callAgentContract({ serverUrl: sandbox.url, envSecret }, 'mcpToken', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    client_id: client.client_id,
  });
}

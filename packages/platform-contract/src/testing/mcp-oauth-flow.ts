import { createHash, randomBytes } from 'node:crypto';
import {
  agentContract,
  MCP_REGISTRATION_PATH,
  type McpClientRegistrationResponse,
  type McpTokenResponse,
  mcpClientRegistrationResponseSchema,
  mcpTokenResponseSchema,
} from '@platform/platform-contract';
import type { McpCodeOfLeavingUser } from './agent-contract-target';
import type { SuiteContext } from './suite-context';

/** The redirect URIs the suite's clients register: a native app's loopback one, a web app's. */
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
export const WEB_REDIRECT_URI = 'https://client.example.test/oauth/callback';

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { readonly verifier: string; readonly challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier, 'ascii').digest('base64url') };
}

/** A code a user approved for `client`, with what the client keeps to trade it. */
export interface McpAuthorization {
  readonly client: McpClientRegistrationResponse;
  readonly code: string;
  readonly verifier: string;
  readonly redirectUri: string;
  readonly resource: string;
}

export interface AuthorizeOptions {
  /** Default: everything the client registered for. */
  readonly scope?: string;
  readonly redirectUri?: string;
}

/** @internal What the MCP cases do over and over: register, authorize, call the token route. */
export function mcpOAuthFlow(suite: SuiteContext) {
  const resource = () => `${new URL(suite.target().agentUrl).origin}/mcp`;

  /** `POST /mcp-auth/register`, as an MCP client calls it (no secret). */
  const sendRegistration = (metadata: unknown) =>
    suite.send(MCP_REGISTRATION_PATH, { method: 'POST', secret: null, body: JSON.stringify(metadata) });

  const register = async (metadata: Record<string, unknown> = {}): Promise<McpClientRegistrationResponse> => {
    const response = await sendRegistration({
      client_name: 'Contract suite',
      redirect_uris: [LOOPBACK_REDIRECT_URI, WEB_REDIRECT_URI],
      ...metadata,
    });
    if (response.status !== 201) throw new Error(`Registration answered ${response.status}: ${await response.text()}`);
    return mcpClientRegistrationResponseSchema.parse(await response.json());
  };

  const request = (client: McpClientRegistrationResponse, options: AuthorizeOptions, challenge: string) => ({
    clientId: client.client_id,
    redirectUri: options.redirectUri ?? LOOPBACK_REDIRECT_URI,
    codeChallenge: challenge,
    scope: options.scope ?? client.scope,
    resource: resource(),
  });

  /** A code for the target's user, as approval on the authorize page issues it. */
  const authorize = async (
    client: McpClientRegistrationResponse,
    options: AuthorizeOptions = {},
  ): Promise<McpAuthorization> => {
    const { verifier, challenge } = pkcePair();
    const approved = request(client, options, challenge);
    const code = await suite.target().seed.issueMcpCode(approved);
    return { client, code, verifier, redirectUri: approved.redirectUri, resource: approved.resource };
  };

  /** A code for another member, who the case then removes. */
  const authorizeLeavingUser = async (
    client: McpClientRegistrationResponse,
  ): Promise<McpAuthorization & Pick<McpCodeOfLeavingUser, 'removeUser'>> => {
    const { verifier, challenge } = pkcePair();
    const approved = request(client, {}, challenge);
    const { code, removeUser } = await suite.target().seed.issueMcpCodeForLeavingUser(approved);
    return { client, code, verifier, redirectUri: approved.redirectUri, resource: approved.resource, removeUser };
  };

  /** The agent's `mcpToken` call with `body` as is. */
  const token = (body: unknown) =>
    suite.send(agentContract.mcpToken.path, { method: agentContract.mcpToken.method, body: JSON.stringify(body) });

  /** Trades the code; `overrides` replace fields (undefined leaves one out). */
  const redeem = (authorization: McpAuthorization, overrides: Record<string, unknown> = {}) =>
    token({
      grant_type: 'authorization_code',
      code: authorization.code,
      redirect_uri: authorization.redirectUri,
      code_verifier: authorization.verifier,
      client_id: authorization.client.client_id,
      resource: authorization.resource,
      ...overrides,
    });

  const refresh = (clientId: string, refreshToken: string, overrides: Record<string, unknown> = {}) =>
    token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, ...overrides });

  return { resource, sendRegistration, register, authorize, authorizeLeavingUser, token, redeem, refresh };
}

/** The tokens of a 200 answer; fails the case on any other status. */
export async function tokensOf(response: Response): Promise<McpTokenResponse> {
  const body: unknown = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status: 200 });
  return mcpTokenResponseSchema.parse(body);
}

/** A refusal of the token or client route: `status`, and the contract error body with `code`. */
export async function expectMcpRefusal(response: Response, status: number, code: string): Promise<void> {
  expect({ status: response.status, body: await response.json() }).toEqual({
    status,
    body: { code, message: expect.stringMatching(/\S/) },
  });
}

import { createHash, randomBytes } from 'node:crypto';
import {
  agentContract,
  callAgentContract,
  MCP_AUTHORIZE_PATH,
  MCP_REGISTRATION_PATH,
  type McpClientRegistrationResponse,
  mcpClientRegistrationResponseSchema,
  PLATFORM_TOKEN_ISSUER,
  type PlatformTokenClaims,
  platformTokenAudience,
  platformTokenClaimsSchema,
  SECRET_HEADER,
} from '@platform/platform-contract';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import request, { type Agent as TestAgent, type Response as TestResponse } from 'supertest';
import type { Role, User } from '../../src/generated/prisma/client';
import type { AgentPlatform } from '../agents/agent-platform';
import { seedUser } from '../factories/user-factory';
import { csrfFieldOf } from '../identity/login-helpers';

// HTTP helpers of the MCP authorization tests: the MCP client's registration, the browser's
// authorize page (with supertest's cookie jar), and the agent's token requests with the secret.

export const CLIENT_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { readonly verifier: string; readonly challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The MCP server URL of the platform's environment (its agent's host). */
export function resourceOf(platform: AgentPlatform): string {
  return `${new URL(platform.agentUrl).origin}/mcp`;
}

export function postRegistration(serverUrl: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${serverUrl}${MCP_REGISTRATION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Registers a client (201 expected) with `overrides` of the default metadata. */
export async function registerClient(
  platform: AgentPlatform,
  overrides: Record<string, unknown> = {},
): Promise<McpClientRegistrationResponse> {
  const response = await postRegistration(platform.serverUrl, {
    client_name: 'Test MCP client',
    redirect_uris: [CLIENT_REDIRECT_URI],
    token_endpoint_auth_method: 'none',
    ...overrides,
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return mcpClientRegistrationResponseSchema.parse(await response.json());
}

export interface AuthorizeRequest {
  readonly client: McpClientRegistrationResponse;
  readonly challenge: string;
  readonly scope?: string;
  readonly state?: string;
  readonly redirectUri?: string;
  readonly resource?: string;
}

/** The path and query of the authorize link the agent sends the browser to, with `overrides` (null drops a field). */
export function authorizePath(
  platform: AgentPlatform,
  authorize: AuthorizeRequest,
  overrides: Record<string, string | null> = {},
): string {
  const fields: Record<string, string | null> = {
    environmentId: String(platform.world.environment.id),
    clientId: authorize.client.client_id,
    redirectUri: authorize.redirectUri ?? CLIENT_REDIRECT_URI,
    codeChallenge: authorize.challenge,
    codeChallengeMethod: 'S256',
    scope: authorize.scope ?? 'mcp:read mcp:write',
    resource: authorize.resource ?? resourceOf(platform),
    state: authorize.state ?? 'state-xyz',
    ...overrides,
  };
  const query = new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return `${MCP_AUTHORIZE_PATH}?${query}`;
}

/** A browser signed in as `email` (password `correct-password`) with its cookies. */
export async function signedInBrowser(platform: AgentPlatform, email: string): Promise<TestAgent> {
  const browser = request.agent(platform.serverUrl);
  const form = await browser.get('/login').expect(200);
  await browser
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFieldOf(form.text), email, password: 'correct-password' })
    .expect(303);
  return browser;
}

/** The hidden fields of the consent form (the request posted back, and the CSRF token). */
export function consentFieldsOf(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = (match[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

/** Opens the consent page with `browser` and answers it; resolves to the POST's response. */
export async function answerConsent(
  browser: TestAgent,
  path: string,
  decision: 'approve' | 'deny',
): Promise<TestResponse> {
  const page = await browser.get(path).expect(200);
  return browser
    .post(MCP_AUTHORIZE_PATH)
    .type('form')
    .send({ ...consentFieldsOf(page.text), decision });
}

/** The query of a redirect to the client. */
export function redirectQueryOf(location: string | undefined): URLSearchParams {
  if (!location) throw new Error('no redirect');
  return new URL(location).searchParams;
}

/** A code for the world's member (signed in, consent approved) and the verifier to exchange it with. */
export async function obtainCode(
  platform: AgentPlatform,
  client: McpClientRegistrationResponse,
  options: { readonly scope?: string; readonly email?: string; readonly browser?: TestAgent } = {},
): Promise<{ readonly code: string; readonly verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const browser = options.browser ?? (await signedInBrowser(platform, options.email ?? platform.world.member.email));
  const path = authorizePath(platform, { client, challenge, scope: options.scope });
  const first = await browser.get(path);
  const answer = first.status === 303 ? first : await answerConsent(browser, path, 'approve');
  const code = redirectQueryOf(answer.headers.location).get('code');
  if (!code) throw new Error(`no code in ${answer.headers.location}`);
  return { code, verifier };
}

/** The agent's token request, as the contract's `mcpToken` route takes it. */
export async function requestToken(
  platform: AgentPlatform,
  body: Record<string, unknown>,
  secret: string = platform.envSecret,
): Promise<{ readonly status: number; readonly body: Record<string, unknown> }> {
  const response = await fetch(`${platform.serverUrl}${agentContract.mcpToken.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Exchanges a code as an agent forwards a client's token request. */
export function exchangeCode(
  platform: AgentPlatform,
  client: McpClientRegistrationResponse,
  code: { readonly code: string; readonly verifier: string },
  overrides: Record<string, unknown> = {},
) {
  return requestToken(platform, {
    grant_type: 'authorization_code',
    code: code.code,
    code_verifier: code.verifier,
    redirect_uri: CLIENT_REDIRECT_URI,
    client_id: client.client_id,
    resource: resourceOf(platform),
    ...overrides,
  });
}

/** Refreshes as an agent forwards a client's refresh request. */
export function refresh(
  platform: AgentPlatform,
  client: McpClientRegistrationResponse,
  refreshToken: string,
  overrides: Record<string, unknown> = {},
) {
  return requestToken(platform, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.client_id,
    ...overrides,
  });
}

/** A new user of the world's team (so of the environment), with `role`. */
export async function seedTeamMember(platform: AgentPlatform, role: Role = 'Editor'): Promise<User> {
  const user = await seedUser(platform.context, { project: platform.world.project, role });
  await platform.context.prisma.teamMembership.create({ data: { teamId: platform.world.team.id, userId: user.id } });
  return user;
}

/** Takes `user` out of the world's team: they may no longer use the environment. */
export async function removeFromTeam(platform: AgentPlatform, user: User): Promise<void> {
  await platform.context.prisma.teamMembership.delete({
    where: { teamId_userId: { teamId: platform.world.team.id, userId: user.id } },
  });
}

/** The claims of a platform token, verified against the platform's published keys. */
export async function verifiedClaims(platform: AgentPlatform, token: string): Promise<PlatformTokenClaims> {
  const jwks = await callAgentContract({ serverUrl: platform.serverUrl, envSecret: platform.envSecret }, 'jwks');
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
    issuer: PLATFORM_TOKEN_ISSUER,
    audience: platformTokenAudience(platform.world.environment.id),
  });
  return platformTokenClaimsSchema.parse(payload);
}

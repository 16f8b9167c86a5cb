import type { z } from 'zod';
import {
  mcpClientRequestSchema,
  mcpClientResponseSchema,
  mcpTokenRequestSchema,
  mcpTokenResponseSchema,
} from './mcp-oauth';
import {
  activityRequestSchema,
  codeExchangeRequestSchema,
  codeExchangeResponseSchema,
  customizationsResponseSchema,
  environmentResponseSchema,
  jwksResponseSchema,
  permissionsResponseSchema,
  renderingsResponseSchema,
  schemaCheckRequestSchema,
  schemaCheckResponseSchema,
  schemaUploadRequestSchema,
  usersResponseSchema,
} from './messages';

/** Header carrying the environment secret on every agent → platform request. */
export const SECRET_HEADER = 'platform-secret-key';

/** Path prefix of every agent-facing route on platform-api and the sandbox. */
export const AGENT_API_PREFIX = '/agent/v1';

/** Path of the browser page that signs a user in for an agent (not behind the secret). */
export const AUTHORIZE_PATH = '/agent-auth/authorize';

export interface ContractRoute<Request extends z.ZodType | null, Response extends z.ZodType | null> {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Relative to the server URL. */
  readonly path: string;
  /** Schema of the JSON body; null for requests without one. */
  readonly request: Request;
  /** Schema of the JSON body of a success; null for `204 No Content`. */
  readonly response: Response;
  /** Status of a success. */
  readonly status: 200 | 204;
}

function route<Request extends z.ZodType | null, Response extends z.ZodType | null>(
  definition: ContractRoute<Request, Response>,
): ContractRoute<Request, Response> {
  return definition;
}

/**
 * Every agent → platform call, authenticated with the environment secret in `SECRET_HEADER`.
 * A wrong or missing secret answers 401 `{ code: 'unauthorized', message }`; a body that does
 * not match `request` answers 400 `{ code: 'invalid_request', message }`.
 */
export const agentContract = {
  /** Does the platform need this schema? */
  checkSchema: route({
    method: 'POST',
    path: `${AGENT_API_PREFIX}/schema/check`,
    request: schemaCheckRequestSchema,
    response: schemaCheckResponseSchema,
    status: 200,
  }),
  /** Upload the schema (only after `checkSchema` said `sendSchema: true`). */
  uploadSchema: route({
    method: 'PUT',
    path: `${AGENT_API_PREFIX}/schema`,
    request: schemaUploadRequestSchema,
    response: null,
    status: 204,
  }),
  environment: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/environment`,
    request: null,
    response: environmentResponseSchema,
    status: 200,
  }),
  permissions: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/permissions`,
    request: null,
    response: permissionsResponseSchema,
    status: 200,
  }),
  users: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/users`,
    request: null,
    response: usersResponseSchema,
    status: 200,
  }),
  renderings: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/renderings`,
    request: null,
    response: renderingsResponseSchema,
    status: 200,
  }),
  /** The JSON Web Key Set of platform-minted user tokens (cacheable for `JWKS_MAX_AGE_SECONDS`). */
  jwks: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/jwks`,
    request: null,
    response: jwksResponseSchema,
    status: 200,
  }),
  activity: route({
    method: 'POST',
    path: `${AGENT_API_PREFIX}/activity`,
    request: activityRequestSchema,
    response: null,
    status: 204,
  }),
  /** Trade the code of the authorize redirect for the signed-in user; each code works once. */
  exchangeCode: route({
    method: 'POST',
    path: `${AGENT_API_PREFIX}/authentication/exchange`,
    request: codeExchangeRequestSchema,
    response: codeExchangeResponseSchema,
    status: 200,
  }),
  /**
   * The registered MCP client an authorize request names (mcp-oauth.ts). An unknown or revoked
   * client answers 404 `{ code: 'invalid_client' }`.
   */
  mcpClient: route({
    method: 'POST',
    path: `${AGENT_API_PREFIX}/mcp/clients/lookup`,
    request: mcpClientRequestSchema,
    response: mcpClientResponseSchema,
    status: 200,
  }),
  /**
   * The OAuth token exchange of an MCP client, forwarded by the agent as the client sent it
   * (`authorization_code` or `refresh_token` grant). Refusals answer 400 (401 for
   * `invalid_client`) with an RFC 6749 error code as `code` (`MCP_TOKEN_ERROR_CODES`).
   */
  mcpToken: route({
    method: 'POST',
    path: `${AGENT_API_PREFIX}/mcp/token`,
    request: mcpTokenRequestSchema,
    response: mcpTokenResponseSchema,
    status: 200,
  }),
  /** Experimental no-code customizations of the environment. */
  customizations: route({
    method: 'GET',
    path: `${AGENT_API_PREFIX}/customizations`,
    request: null,
    response: customizationsResponseSchema,
    status: 200,
  }),
} as const;

/**
 * The server-sent events stream (`text/event-stream`), same secret header. Each event's name is
 * one of `PLATFORM_EVENTS`; a comment line (`: ping`) is sent at least every
 * `EVENTS_HEARTBEAT_SECONDS` so clients detect a dead connection.
 */
export const EVENTS_PATH = `${AGENT_API_PREFIX}/events`;
export const EVENTS_HEARTBEAT_SECONDS = 15;

/** How long agents may cache the `jwks` answer: its `Cache-Control: max-age`, in seconds. */
export const JWKS_MAX_AGE_SECONDS = 300;

export type AgentContract = typeof agentContract;
export type ContractRouteName = keyof AgentContract;

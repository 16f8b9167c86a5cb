import { agentContract, mcpClientRequestSchema } from '@platform/platform-contract';
import express, { Router } from 'express';
import { agentErrorHandler } from '../agents/agent-errors';
import { AGENT_BODY_LIMIT, local } from '../agents/agent-routes';
import { authenticatedEnvironment, requireEnvironmentSecret } from '../agents/environment-secret-auth';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { findActiveMcpClient, toContractClient } from './mcp-clients-service';
import { parseMcpTokenRequest } from './mcp-token-request';
import { exchangeMcpToken } from './mcp-token-service';

/**
 * The MCP routes of the agent contract (client lookup, token exchange), to mount at
 * AGENT_API_PREFIX beside `agentRoutes`: the same environment secret, body limit and error bodies.
 * Each route carries its own checks, so that requests for the other contract routes pass through.
 */
export function mcpAgentRoutes(context: AppContext): Router {
  const router = Router();
  const checks = [requireEnvironmentSecret(context), express.json({ limit: AGENT_BODY_LIMIT })];

  router.post(local(agentContract.mcpClient.path), ...checks, async (request, response) => {
    const { clientId } = parseOrThrow(mcpClientRequestSchema, request.body, 'body');
    response.json({ client: toContractClient(await findActiveMcpClient(context, clientId)) });
  });

  router.post(local(agentContract.mcpToken.path), ...checks, async (request, response) => {
    const input = parseMcpTokenRequest(request.body);
    const tokens = await exchangeMcpToken(context, authenticatedEnvironment(response), input);
    response.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(tokens);
  });

  router.use(agentErrorHandler());
  return router;
}

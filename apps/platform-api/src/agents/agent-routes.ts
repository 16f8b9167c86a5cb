import {
  AGENT_API_PREFIX,
  activityRequestSchema,
  agentContract,
  codeExchangeRequestSchema,
  EVENTS_PATH,
  JWKS_MAX_AGE_SECONDS,
  schemaCheckRequestSchema,
  schemaUploadRequestSchema,
} from '@platform/platform-contract';
import express, { Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { recordAgentActivity } from './activity-service';
import { agentErrorHandler } from './agent-errors';
import { exchangeAuthorizationCode } from './authorization-codes';
import { environmentCustomizations } from './customizations-service';
import { authenticatedEnvironment, requireEnvironmentSecret } from './environment-secret-auth';
import { eventsHandler } from './events-route';
import { environmentPermissions, environmentRenderings, environmentUsers } from './permissions-service';
import { isSchemaNeeded, storeSchema } from './schema-service';
import { publishedKeys, toJwks } from './signing-keys';

/** Schemas of large databases pass the app's 1 MB JSON limit; the secret is checked first. */
export const AGENT_BODY_LIMIT = '20mb';

/** Path of a contract route relative to the router's mount point, AGENT_API_PREFIX. */
export function local(path: string): string {
  return path.slice(AGENT_API_PREFIX.length);
}

/**
 * The agent-facing routes of `@platform/platform-contract` (`agentContract` and the events
 * stream), mounted at AGENT_API_PREFIX before the app's JSON parser. Every route needs the
 * environment secret. HTTP only: the rules live in the services beside. The MCP routes of the
 * contract (client lookup, token exchange) are the MCP authorization's (`mcpAgentRoutes`).
 */
export function agentRoutes(context: AppContext): Router {
  const router = Router();
  router.use(requireEnvironmentSecret(context));
  router.use(express.json({ limit: AGENT_BODY_LIMIT }));

  router.post(local(agentContract.checkSchema.path), async (request, response) => {
    const { schemaHash } = parseOrThrow(schemaCheckRequestSchema, request.body, 'body');
    const sendSchema = await isSchemaNeeded(context, authenticatedEnvironment(response).id, schemaHash);
    response.json({ sendSchema });
  });

  router.put(local(agentContract.uploadSchema.path), async (request, response) => {
    const schema = parseOrThrow(schemaUploadRequestSchema, request.body, 'body');
    await storeSchema(context, authenticatedEnvironment(response).id, schema);
    response.status(204).end();
  });

  router.get(local(agentContract.environment.path), (_request, response) => {
    const { id, name, projectId, agentUrl } = authenticatedEnvironment(response);
    response.json({ id, name, projectId, agentUrl });
  });

  router.get(local(agentContract.permissions.path), async (_request, response) => {
    response.json({ roles: await environmentPermissions(context, authenticatedEnvironment(response).id) });
  });

  router.get(local(agentContract.users.path), async (_request, response) => {
    response.json({ users: await environmentUsers(context, authenticatedEnvironment(response)) });
  });

  router.get(local(agentContract.renderings.path), async (_request, response) => {
    response.json({ renderings: await environmentRenderings(context, authenticatedEnvironment(response).id) });
  });

  router.get(local(agentContract.jwks.path), async (_request, response) => {
    response.set('Cache-Control', `max-age=${JWKS_MAX_AGE_SECONDS}`).json(toJwks(await publishedKeys(context)));
  });

  router.post(local(agentContract.activity.path), async (request, response) => {
    const { entries } = parseOrThrow(activityRequestSchema, request.body, 'body');
    await recordAgentActivity(context, authenticatedEnvironment(response), entries);
    response.status(204).end();
  });

  router.post(local(agentContract.exchangeCode.path), async (request, response) => {
    const input = parseOrThrow(codeExchangeRequestSchema, request.body, 'body');
    response.json({ user: await exchangeAuthorizationCode(context, authenticatedEnvironment(response), input) });
  });

  router.get(local(agentContract.customizations.path), async (_request, response) => {
    response.json({ actions: await environmentCustomizations(context, authenticatedEnvironment(response).id) });
  });

  router.get(local(EVENTS_PATH), eventsHandler(context));

  router.use(agentErrorHandler());
  return router;
}

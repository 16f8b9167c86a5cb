import {
  AGENT_API_PREFIX,
  AUTHORIZE_PATH,
  authorizeQuerySchema,
  EVENTS_HEARTBEAT_SECONDS,
  EVENTS_PATH,
  isUnderAgentUrl,
  JWKS_MAX_AGE_SECONDS,
  SECRET_HEADER,
} from '@platform/platform-contract';
import express, { type Response } from 'express';
import { SandboxCodes } from './sandbox-codes';
import { environmentOf, handle, local } from './sandbox-contract-handler';
import type { SandboxEnvironment } from './sandbox-environment';
import { errorHandler, notFound, sendError } from './sandbox-errors';
import type { SandboxMcpClients } from './sandbox-mcp-clients';
import type { SandboxMcpCodes } from './sandbox-mcp-codes';
import { createMcpAuthRouter, serveMcpContractRoutes } from './sandbox-mcp-routes';
import { refuseSignIn } from './sandbox-sign-in-page';
import type { SigningKeys } from './signing-keys';
import { createTestingRouter, TESTING_PATH } from './testing-routes';

/** As platform-api: schemas of large databases are big; the secret is checked before parsing. */
const AGENT_BODY_LIMIT = '20mb';

export interface SandboxState {
  readonly environments: Map<string, SandboxEnvironment>;
  readonly keys: SigningKeys;
  /** Open events streams, closed with the sandbox. */
  readonly streams: Set<Response>;
  readonly now: () => Date;
  /** MCP clients registered on the sandbox: registration is public, so not per environment. */
  readonly mcpClients: SandboxMcpClients;
  readonly mcpCodes: SandboxMcpCodes;
}

/**
 * The sandbox's HTTP app: every route of `agentContract` and the events stream under
 * AGENT_API_PREFIX (behind the secret), the sign-in authorize page, MCP client registration and
 * authorize page, and platform-api's 404 and error bodies for everything else.
 */
export function createSandboxApp(state: SandboxState): express.Express {
  const codes = new SandboxCodes(state.now);
  const app = express();
  app.disable('x-powered-by');

  app.get(AUTHORIZE_PATH, (req, res) => {
    const query = authorizeQuerySchema.safeParse(req.query);
    if (!query.success) {
      return refuseSignIn(res, 400, 'The sign-in link is incomplete: it needs environmentId, redirectUri and state.');
    }
    const { environmentId, redirectUri, state: clientState } = query.data;
    const environment = [...state.environments.values()].find((candidate) => candidate.id === environmentId);
    if (environment === undefined) return refuseSignIn(res, 400, `No environment with id ${environmentId}.`);
    if (environment.agentUrl === null) {
      return refuseSignIn(
        res,
        400,
        `Environment ${environment.name} has no agent URL yet; give it one with sandbox.addEnvironment({ agentUrl }).`,
      );
    }
    if (!isUnderAgentUrl(redirectUri, environment.agentUrl)) {
      return refuseSignIn(res, 400, `The redirect URI is not under the agent URL of environment ${environment.name}.`);
    }
    // No login form: the sandbox signs in its current user.
    const user = environment.currentUser;
    if (user === undefined) {
      return refuseSignIn(res, 403, `You have no access to environment ${environment.name}: the sandbox has no user.`);
    }

    const target = new URL(redirectUri);
    target.searchParams.set('code', codes.issue(environment, user.id, redirectUri));
    target.searchParams.set('state', clientState);
    res.set('Cache-Control', 'no-store').redirect(303, target.toString());
  });

  const agentApi = express.Router();
  agentApi.use((req, res, next) => {
    const secret = req.get(SECRET_HEADER);
    if (secret === undefined || secret === '') {
      return sendError(res, 401, 'unauthorized', `Send the environment secret in the ${SECRET_HEADER} header.`);
    }
    const environment = state.environments.get(secret);
    if (environment === undefined) {
      return sendError(res, 401, 'unauthorized', "The environment secret is not valid: check the agent's envSecret.");
    }
    const outage = environment.outageStatus;
    if (outage !== undefined)
      return sendError(res, outage, 'unavailable', 'The platform is unavailable (sandbox outage).');
    res.locals.environment = environment;
    next();
  });
  agentApi.use(express.json({ limit: AGENT_BODY_LIMIT }));

  agentApi.get(local(EVENTS_PATH), (_req, res) => {
    const environment = environmentOf(res);
    environment.countRequest('events');
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Tells a reverse proxy (nginx) in front not to buffer the stream, as platform-api does.
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const heartbeat = setInterval(() => res.write(': ping\n\n'), EVENTS_HEARTBEAT_SECONDS * 1000);
    // Cut at once (an outage): no event may reach this stream once the outage started.
    const unsubscribe = environment.subscribe({
      send: (event) => res.write(`event: ${event}\ndata: {}\n\n`),
      cut: () => {
        unsubscribe();
        res.destroy();
      },
    });
    state.streams.add(res);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      state.streams.delete(res);
    });
  });

  handle(agentApi, 'checkSchema', (environment, body) => {
    environment.checkedSchemaHashes.push(body.schemaHash);
    const latest = environment.uploadedSchemas.at(-1);

    return { sendSchema: latest?.meta.schemaHash !== body.schemaHash };
  });
  handle(agentApi, 'uploadSchema', (environment, body) => {
    environment.uploadedSchemas.push(body);
  });
  handle(agentApi, 'environment', (environment) => ({
    id: environment.id,
    name: environment.name,
    projectId: environment.projectId,
    agentUrl: environment.agentUrl,
  }));
  handle(agentApi, 'permissions', (environment) => ({ roles: environment.listRoles() }));
  handle(agentApi, 'users', (environment) => ({ users: environment.listUsers() }));
  handle(agentApi, 'renderings', (environment) => ({ renderings: environment.listRenderings() }));
  handle(agentApi, 'jwks', (_environment, _body, res) => {
    res.set('Cache-Control', `max-age=${JWKS_MAX_AGE_SECONDS}`);
    return state.keys.jwks();
  });
  handle(agentApi, 'activity', (environment, body) => {
    environment.activity.push(...body.entries);
  });
  serveMcpContractRoutes(agentApi, state);
  handle(agentApi, 'customizations', (environment) => ({ actions: environment.listNoCodeActions() }));
  handle(agentApi, 'exchangeCode', (environment, body, res) => {
    const exchange = codes.exchange(environment, body.code, body.redirectUri);
    if ('refusal' in exchange) return sendError(res, 400, 'invalid_grant', exchange.refusal);
    return { user: exchange.user };
  });

  app.use(createMcpAuthRouter(state));
  app.use(TESTING_PATH, createTestingRouter(state));
  app.use(AGENT_API_PREFIX, agentApi);
  app.use(notFound());
  app.use(errorHandler());

  return app;
}

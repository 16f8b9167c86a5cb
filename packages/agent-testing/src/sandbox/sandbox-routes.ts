import { createHash, randomBytes } from 'node:crypto';
import {
  AUTHORIZE_PATH,
  agentContract,
  authorizeQuerySchema,
  type ContractRouteName,
  EVENTS_HEARTBEAT_SECONDS,
  EVENTS_PATH,
  SECRET_HEADER,
} from '@platform/platform-contract';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { SandboxEnvironment } from './sandbox-environment';
import { describeIssues, sendError } from './send-error';
import type { SigningKeys } from './signing-keys';
import { createTestingRouter, TESTING_PATH } from './testing-routes';

/** One-time sign-in codes live this long, as on platform-api. */
const CODE_LIFETIME_MS = 60_000;

export interface SandboxState {
  readonly environments: Map<string, SandboxEnvironment>;
  readonly keys: SigningKeys;
  /** Open events streams, closed with the sandbox. */
  readonly streams: Set<Response>;
}

interface PendingCode {
  readonly environment: SandboxEnvironment;
  readonly userId: number;
  readonly redirectUri: string;
  readonly expiresAt: number;
}

/** The sandbox's HTTP app: every route of `agentContract`, the events stream and the authorize page. */
export function createSandboxApp(state: SandboxState): express.Express {
  const codes = new Map<string, PendingCode>();
  const app = express();
  app.disable('x-powered-by');

  app.get(AUTHORIZE_PATH, (req, res) => {
    const query = authorizeQuerySchema.safeParse(req.query);
    if (!query.success) return sendError(res, 400, 'invalid_request', describeIssues(query.error));
    const { environmentId, redirectUri, state: clientState } = query.data;
    const environment = [...state.environments.values()].find((candidate) => candidate.id === environmentId);
    if (environment === undefined) return sendError(res, 404, 'not_found', `No environment ${environmentId}.`);
    if (environment.agentUrl === null || !redirectUri.startsWith(environment.agentUrl)) {
      return sendError(
        res,
        400,
        'invalid_request',
        `redirectUri must start with the agent URL (${environment.agentUrl}).`,
      );
    }
    const user = environment.currentUser;
    if (user === undefined) return sendError(res, 403, 'forbidden', 'The sandbox environment has no user to sign in.');

    const code = randomBytes(24).toString('base64url');
    codes.set(hash(code), { environment, userId: user.id, redirectUri, expiresAt: Date.now() + CODE_LIFETIME_MS });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', clientState);
    res.redirect(303, target.toString());
  });

  const agentApi = express.Router();
  agentApi.use((req, res, next) => {
    const secret = req.get(SECRET_HEADER);
    const environment = secret === undefined ? undefined : state.environments.get(secret);
    if (environment === undefined) {
      return sendError(res, 401, 'unauthorized', `Send a valid environment secret in the ${SECRET_HEADER} header.`);
    }
    const outage = environment.outageStatus;
    if (outage !== undefined)
      return sendError(res, outage, 'unavailable', 'The platform is unavailable (sandbox outage).');
    res.locals.environment = environment;
    next();
  });
  agentApi.use(express.json({ limit: '10mb' }));

  agentApi.get(EVENTS_PATH, (_req, res) => {
    const environment = environmentOf(res);
    environment.countRequest('events');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
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
  handle(agentApi, 'jwks', () => state.keys.jwks());
  handle(agentApi, 'activity', (environment, body) => {
    environment.activity.push(...body.entries);
  });
  handle(agentApi, 'customizations', (environment) => ({ actions: environment.listNoCodeActions() }));
  handle(agentApi, 'exchangeCode', (environment, body, res) => {
    const key = hash(body.code);
    const pending = codes.get(key);
    codes.delete(key);
    if (pending === undefined || pending.environment !== environment || pending.expiresAt < Date.now()) {
      return sendError(res, 400, 'invalid_grant', 'The code is unknown, expired or already used.');
    }
    if (pending.redirectUri !== body.redirectUri) {
      return sendError(res, 400, 'invalid_grant', 'The redirectUri differs from the authorize request.');
    }

    return { user: environment.getUser(pending.userId) };
  });

  app.use(TESTING_PATH, createTestingRouter(state));
  app.use(agentApi);
  app.use((_req, res) => sendError(res, 404, 'not_found', 'No such route on the sandbox.'));
  app.use(errorHandler);

  return app;
}

type Body<Name extends ContractRouteName> = (typeof agentContract)[Name]['request'] extends z.ZodType
  ? z.output<(typeof agentContract)[Name]['request']>
  : undefined;
type Answer<Name extends ContractRouteName> = (typeof agentContract)[Name]['response'] extends z.ZodType
  ? z.input<(typeof agentContract)[Name]['response']>
  : undefined;

function handle<Name extends ContractRouteName>(
  router: express.Router,
  name: Name,
  // biome-ignore lint/suspicious/noConfusingVoidType: the handlers of 204 routes and of errors return nothing.
  handler: (environment: SandboxEnvironment, body: Body<Name>, res: Response) => Answer<Name> | void,
): void {
  const route = agentContract[name];
  const method = route.method === 'GET' ? 'get' : route.method === 'POST' ? 'post' : 'put';
  router[method](route.path, (req: Request, res: Response) => {
    const environment = environmentOf(res);
    environment.countRequest(name);
    let body: unknown;
    if (route.request !== null) {
      const parsed = route.request.safeParse(req.body);
      if (!parsed.success) return sendError(res, 400, 'invalid_request', describeIssues(parsed.error));
      body = parsed.data;
    }
    const override = environment.getOverride(name);
    if (override !== undefined) return void res.status(200).json(override.body);

    const answer = handler(environment, body as Body<Name>, res);
    if (res.headersSent) return;
    if (route.response === null) return void res.status(204).end();
    res.status(200).json(answer);
  });
}

function environmentOf(res: Response): SandboxEnvironment {
  return res.locals.environment as SandboxEnvironment;
}

function hash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

// express.json's errors carry a `type` and an exposable status; anything else is a 500.
const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return sendError(res, 413, 'payload_too_large', 'The body is too large.');
  if (typeof type === 'string' && typeof status === 'number' && status < 500) {
    return sendError(res, 400, 'invalid_json', 'The body is not valid JSON.');
  }
  sendError(res, 500, 'internal_error', 'Unexpected error.');
};

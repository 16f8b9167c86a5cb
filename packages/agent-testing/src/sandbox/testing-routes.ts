import { setTimeout as sleep } from 'node:timers/promises';
import { COLLECTION_RIGHTS, type RolePermissions, SECRET_HEADER } from '@platform/platform-contract';
import express, { type Response } from 'express';
import { z } from 'zod';
import type { SandboxEnvironment } from './sandbox-environment';
import { sendError, sendValidationError } from './sandbox-errors';
import type { SandboxState } from './sandbox-routes';

/**
 * Test-only routes, outside the agent contract, through which `createAgentTestClient` drives a
 * sandbox it only knows by URL (it may run in another process, a jest globalSetup say). They
 * take the environment secret like the contract routes.
 */
export const TESTING_PATH = '/__testing';

/** How long an override waits for the connected agents to fetch the new permissions. */
const REFETCH_TIMEOUT_MS = 5_000;

const rightsOverrideSchema = z.strictObject({
  ...Object.fromEntries(COLLECTION_RIGHTS.map((right) => [right, z.boolean().optional()])),
  actions: z.record(z.string(), z.boolean()).optional(),
}) as z.ZodType<CollectionRightsOverride>;

const permissionsOverrideSchema = z.strictObject({
  collections: z.record(z.string(), rightsOverrideSchema).optional(),
  charts: z.boolean().optional(),
});

/** Rights to change on one collection; a right left out keeps its value. */
export type CollectionRightsOverride = Partial<Record<(typeof COLLECTION_RIGHTS)[number], boolean>> & {
  readonly actions?: Record<string, boolean>;
};
/** What `PUT /__testing/permissions` changes in the current user's role. */
export type PermissionsOverride = z.infer<typeof permissionsOverrideSchema>;

/** `GET /__testing/session`: what a client needs to sign a token for the current user. */
export interface TestingSession {
  readonly environmentId: number;
  readonly projectId: number;
  readonly user: ReturnType<SandboxEnvironment['getUser']> | null;
}

export function createTestingRouter(state: SandboxState): express.Router {
  const router = express.Router();
  router.use((req, res, next) => {
    const secret = req.get(SECRET_HEADER);
    const environment = secret === undefined ? undefined : state.environments.get(secret);
    if (environment === undefined) {
      return sendError(res, 401, 'unauthorized', `Send a valid environment secret in the ${SECRET_HEADER} header.`);
    }
    res.locals.environment = environment;
    next();
  });
  router.use(express.json({ limit: '1mb' }));

  router.get('/session', (_req, res) => {
    const environment = environmentOf(res);
    const session: TestingSession = {
      environmentId: environment.id,
      projectId: environment.projectId,
      user: environment.currentUser ?? null,
    };
    res.json(session);
  });

  router.put('/current-user', async (req, res) => {
    const body = z.strictObject({ userId: z.number().int() }).safeParse(req.body);
    if (!body.success) return sendValidationError(res, body.error);
    const environment = environmentOf(res);
    if (!environment.listUsers().some((user) => user.id === body.data.userId)) {
      return sendError(res, 404, 'not_found', `The sandbox environment has no user ${body.data.userId}.`);
    }
    environment.setCurrentUser(body.data.userId);
    // The agents then hold a users list with this user (one added just before, say) and every
    // change sent before, since they handle events in order.
    const fetchesBefore = environment.requestCounts.users ?? 0;
    const agents = environment.connectedAgents;
    environment.pushEvent('refresh-users');
    await waitForRefetch(environment, 'users', fetchesBefore + agents);
    res.status(204).end();
  });

  router.put('/permissions', async (req, res) => {
    const body = permissionsOverrideSchema.safeParse(req.body);
    if (!body.success) return sendValidationError(res, body.error);
    const environment = environmentOf(res);
    const user = environment.currentUser;
    if (user === undefined) return sendError(res, 409, 'conflict', 'The sandbox environment has no current user.');

    const fetchesBefore = environment.requestCounts.permissions ?? 0;
    const agents = environment.connectedAgents;
    environment.setRole(applyOverride(environment, user.role, body.data));
    await waitForRefetch(environment, 'permissions', fetchesBefore + agents);
    res.status(204).end();
  });

  return router;
}

/**
 * The role with the override applied. A role that allows everything is first spelled out from the
 * last schema the agent uploaded (every right and action of every collection, charts kept), so
 * that denying one right leaves the others allowed.
 */
function applyOverride(environment: SandboxEnvironment, role: string, override: PermissionsOverride): RolePermissions {
  const current = environment.listRoles().find((candidate) => candidate.role === role) ?? {
    role,
    allowsEverything: false,
    collections: {},
    charts: false,
  };
  const permissions = current.allowsEverything ? spellOutEverything(environment, current) : current;
  for (const [collection, rights] of Object.entries(override.collections ?? {})) {
    const { actions, ...collectionRights } = rights;
    const existing = permissions.collections[collection] ?? {
      ...Object.fromEntries(COLLECTION_RIGHTS.map((right) => [right, false])),
      actions: {},
    };
    permissions.collections[collection] = {
      ...existing,
      ...collectionRights,
      actions: { ...existing.actions, ...actions },
    } as RolePermissions['collections'][string];
  }
  if (override.charts !== undefined) permissions.charts = override.charts;

  return permissions;
}

function spellOutEverything(environment: SandboxEnvironment, role: RolePermissions): RolePermissions {
  const collections: RolePermissions['collections'] = {};
  for (const collection of environment.uploadedSchemas.at(-1)?.collections ?? []) {
    collections[collection.name] = {
      ...(Object.fromEntries(COLLECTION_RIGHTS.map((right) => [right, true])) as Record<
        (typeof COLLECTION_RIGHTS)[number],
        boolean
      >),
      actions: Object.fromEntries(collection.actions.map((action) => [action.name, true])),
    };
  }

  return { role: role.role, allowsEverything: false, collections, charts: role.charts };
}

// The change reached the agents as a refresh event; once each connected agent asked for `route`
// again, its next request waits for that answer: the change is in force.
async function waitForRefetch(
  environment: SandboxEnvironment,
  route: 'permissions' | 'users',
  expectedFetches: number,
): Promise<void> {
  const deadline = Date.now() + REFETCH_TIMEOUT_MS;
  while ((environment.requestCounts[route] ?? 0) < expectedFetches && Date.now() < deadline) {
    await sleep(5);
  }
}

function environmentOf(res: Response): SandboxEnvironment {
  return res.locals.environment as SandboxEnvironment;
}

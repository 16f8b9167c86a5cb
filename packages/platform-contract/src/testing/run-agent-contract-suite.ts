import { randomBytes } from 'node:crypto';
import {
  agentContract,
  type ContractCallOptions,
  callAgentContract,
  contractErrorSchema,
  EVENTS_PATH,
  JWKS_MAX_AGE_SECONDS,
  type PlainConditionTree,
  SECRET_HEADER,
} from '@platform/platform-contract';
import type { AgentContractTarget } from './agent-contract-target';
import { openEventStream } from './event-stream-reader';

const randomHash = () => randomBytes(20).toString('hex');

function schemaWithHash(schemaHash: string) {
  return {
    collections: [{ name: 'books', fields: [{ name: 'id' }, { name: 'title' }], actions: [{ name: 'Archive' }] }],
    meta: { schemaHash, agentVersion: '1.0.0' },
  };
}

/**
 * The behaviour every server of the agent contract shares (platform-api, the testing sandbox), run
 * with jest globals. `setup` starts a server with one environment (see AgentContractTarget); it
 * runs once for the block and `close` once after it.
 *
 * @example
 * runAgentContractSuite('platform-api [pglite]', async () => startPlatformForContract('pglite'));
 */
export function runAgentContractSuite(name: string, setup: () => Promise<AgentContractTarget>): void {
  describe(`agent contract: ${name}`, () => {
    let target: AgentContractTarget;
    let options: ContractCallOptions;

    beforeAll(async () => {
      target = await setup();
      options = { serverUrl: target.serverUrl, envSecret: target.envSecret };
    });
    afterAll(() => target?.close());

    const send = (path: string, init: { method?: string; secret?: string | null; body?: string } = {}) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const secret = init.secret === undefined ? target.envSecret : init.secret;
      if (secret !== null) headers[SECRET_HEADER] = secret;
      return fetch(`${target.serverUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
    };

    describe('the environment secret', () => {
      const routes = [...Object.values(agentContract), { method: 'GET', path: EVENTS_PATH, request: null }];

      test.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
        '%s answers 401 unauthorized to a wrong secret',
        async (_label, route) => {
          const response = await send(route.path, {
            method: route.method,
            secret: 'f'.repeat(64),
            body: route.request === null ? undefined : '{}',
          });

          expect(response.status).toBe(401);
          const body = contractErrorSchema.parse(await response.json());
          expect(body.code).toBe('unauthorized');
          expect(body.message).not.toMatch(/\n\s+at /);
        },
      );

      test('a missing secret answers 401 unauthorized', async () => {
        const response = await send(agentContract.environment.path, { secret: null });

        expect(response.status).toBe(401);
        expect(contractErrorSchema.parse(await response.json()).code).toBe('unauthorized');
      });
    });

    describe('malformed bodies', () => {
      const cases = [
        ['checkSchema', agentContract.checkSchema, { schemaHash: 'not-a-sha1' }],
        ['uploadSchema', agentContract.uploadSchema, { collections: 'books' }],
        ['activity', agentContract.activity, { entries: [] }],
        ['exchangeCode', agentContract.exchangeCode, { code: '' }],
      ] as const;

      test.each(cases)('%s answers 400 invalid_request', async (_name, route, body) => {
        const response = await send(route.path, { method: route.method, body: JSON.stringify(body) });

        expect(response.status).toBe(400);
        expect(contractErrorSchema.parse(await response.json()).code).toBe('invalid_request');
      });
    });

    test('the schema is asked for until uploaded, then again for another hash', async () => {
      const schemaHash = randomHash();

      const before = await callAgentContract(options, 'checkSchema', { schemaHash });
      await callAgentContract(options, 'uploadSchema', schemaWithHash(schemaHash));
      const after = await callAgentContract(options, 'checkSchema', { schemaHash });
      const other = await callAgentContract(options, 'checkSchema', { schemaHash: randomHash() });

      expect(before.sendSchema).toBe(true);
      expect(after.sendSchema).toBe(false);
      expect(other.sendSchema).toBe(true);
    });

    test('environment names the agent URL', async () => {
      const environment = await callAgentContract(options, 'environment');

      expect(environment.agentUrl).toBe(target.agentUrl);
    });

    test('permissions reflect a grant, and nothing more, for a non-Admin role', async () => {
      const collection = `books_${randomHash().slice(0, 8)}`;
      await target.seed.grant(target.userRole, collection, ['browse', 'read']);

      const { roles } = await callAgentContract(options, 'permissions');

      const role = roles.find((candidate) => candidate.role === target.userRole);
      expect(role?.allowsEverything).toBe(false);
      expect(role?.collections[collection]).toMatchObject({ browse: true, read: true, delete: false, export: false });
      expect(roles.find((candidate) => candidate.role === 'Admin')?.allowsEverything).toBe(true);
    });

    test("renderings carry a team's scope", async () => {
      const tree: PlainConditionTree = { field: 'ownerId', operator: 'Equal', value: '{{currentUser.id}}' };
      await target.seed.setScope(target.team, 'books', tree);

      const { renderings } = await callAgentContract(options, 'renderings');

      expect(renderings.find((rendering) => rendering.team === target.team)?.scopes.books).toEqual(tree);
    });

    test('users list the team member with role and team', async () => {
      const { users } = await callAgentContract(options, 'users');

      expect(users.find((user) => user.email === target.userEmail)).toMatchObject({
        role: target.userRole,
        team: target.team,
      });
    });

    test('jwks publishes at least one signing key, cacheable for JWKS_MAX_AGE_SECONDS', async () => {
      const response = await send(agentContract.jwks.path);
      const { keys } = await callAgentContract(options, 'jwks');

      expect(keys.length).toBeGreaterThan(0);
      expect(response.headers.get('cache-control')).toBe(`max-age=${JWKS_MAX_AGE_SECONDS}`);
    });

    test('activity accepts a batch of entries', async () => {
      await expect(
        callAgentContract(options, 'activity', {
          entries: [
            {
              userId: 1,
              userEmail: target.userEmail,
              action: 'read',
              collection: 'books',
              recordIds: ['1'],
              occurredAt: new Date().toISOString(),
            },
          ],
        }),
      ).resolves.toBeUndefined();
    });

    test('a code is exchanged once for its user, with its redirect URI only', async () => {
      const redirectUri = `${target.agentUrl}/platform/authentication/callback`;
      const code = await target.seed.issueCode(redirectUri);
      const otherCode = await target.seed.issueCode(redirectUri);

      const wrongUri = await send(agentContract.exchangeCode.path, {
        method: 'POST',
        body: JSON.stringify({ code: otherCode, redirectUri: `${target.agentUrl}/elsewhere` }),
      });
      const { user } = await callAgentContract(options, 'exchangeCode', { code, redirectUri });
      const again = await send(agentContract.exchangeCode.path, {
        method: 'POST',
        body: JSON.stringify({ code, redirectUri }),
      });

      expect(user.email).toBe(target.userEmail);
      expect(wrongUri.status).toBe(400);
      expect(again.status).toBe(400);
      expect(contractErrorSchema.parse(await again.json()).code).toBe('invalid_grant');
    });

    test('customizations answer a list of actions', async () => {
      const { actions } = await callAgentContract(options, 'customizations');

      expect(Array.isArray(actions)).toBe(true);
    });

    test('the events stream delivers refresh-permissions after a grant', async () => {
      const stream = await openEventStream(`${target.serverUrl}${EVENTS_PATH}`, { [SECRET_HEADER]: target.envSecret });
      try {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toMatch(/^text\/event-stream/);

        await target.seed.grant(target.userRole, 'authors', ['browse']);

        await expect(stream.waitFor(/event: refresh-permissions\ndata: \{\}\n\n/)).resolves.toBeDefined();
      } finally {
        stream.close();
      }
    });
  });
}

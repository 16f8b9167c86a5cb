import { randomBytes } from 'node:crypto';
import {
  agentContract,
  type ContractCallOptions,
  callAgentContract,
  EVENTS_PATH,
  JWKS_MAX_AGE_SECONDS,
  type PlainConditionTree,
  SECRET_HEADER,
} from '@platform/platform-contract';
import type { AgentContractTarget } from './agent-contract-target';
import { openEventStream } from './event-stream-reader';
import { describeMalformedHttpCases } from './malformed-http-cases';
import { describeMcpOAuthCases } from './mcp-oauth-cases';
import { describeRefusalCases } from './refusal-cases';
import { describeSignInCases } from './sign-in-cases';
import { createSuiteContext } from './suite-context';
import { describeTokenCases } from './token-cases';

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

    const suite = createSuiteContext(() => target);
    const { send } = suite;

    describeRefusalCases(suite);
    describeMalformedHttpCases(suite);
    describeSignInCases(suite);
    describeTokenCases(suite);
    describeMcpOAuthCases(suite);

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

    test('customizations answer a list of actions', async () => {
      const { actions } = await callAgentContract(options, 'customizations');

      expect(Array.isArray(actions)).toBe(true);
    });

    test('the events stream delivers refresh-permissions after a grant', async () => {
      const stream = await openEventStream(`${target.serverUrl}${EVENTS_PATH}`, { [SECRET_HEADER]: target.envSecret });
      try {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
        expect(stream.headers.get('cache-control')).toBe('no-store');
        // Tells a reverse proxy (nginx) in front not to buffer the stream.
        expect(stream.headers.get('x-accel-buffering')).toBe('no');
        await expect(stream.waitFor(/^: connected\n\n/)).resolves.toBeDefined();

        await target.seed.grant(target.userRole, 'authors', ['browse']);

        await expect(stream.waitFor(/event: refresh-permissions\ndata: \{\}\n\n/)).resolves.toBeDefined();
      } finally {
        stream.close();
      }
    });
  });
}

import { createHash } from 'node:crypto';
import {
  CLOUD_PATHS,
  cloudEnvironmentSchema,
  cloudEnvironmentsResponseSchema,
  cloudIntrospectionResponseSchema,
  logsResponseSchema,
  MAX_LOG_LINES,
} from '@platform/platform-contract';
import type { User } from '../../src/generated/prisma/client';
import type { CloudWorld } from '../factories/cloud-factory';
import { describeEachDatabase } from '../helpers/test-context';
import { type CloudPlatform, callApi, postForm, signInCli, startCloudPlatform } from './cloud-platform';

const INTROSPECTION = { dialect: 'postgres', tables: [{ name: 'orders', columns: [] }] };

interface RouteCall {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** Every route of one environment, with a valid request. */
const ENVIRONMENT_ROUTES: readonly [string, (environmentId: number) => RouteCall][] = [
  ['GET introspection', (id) => ({ method: 'GET', path: CLOUD_PATHS.introspection(id) })],
  [
    'POST bundles',
    (id) => ({
      method: 'POST',
      path: CLOUD_PATHS.bundles(id),
      body: { code: 'module.exports = {};', checksum: sha256('module.exports = {};') },
    }),
  ],
  ['GET bundles', (id) => ({ method: 'GET', path: CLOUD_PATHS.bundles(id) })],
  ['GET bundle', (id) => ({ method: 'GET', path: CLOUD_PATHS.bundle(id, 1) })],
  ['GET logs', (id) => ({ method: 'GET', path: CLOUD_PATHS.logs(id) })],
];

/** Every JSON route, on the world's cloud environment. */
const ALL_ROUTES: readonly [string, (world: CloudWorld) => RouteCall][] = [
  ['GET environments', () => ({ method: 'GET', path: CLOUD_PATHS.environments })],
  [
    'POST lookup',
    (world) => ({
      method: 'POST',
      path: CLOUD_PATHS.environmentLookup,
      body: { environmentSecret: world.cloudSecret },
    }),
  ],
  ...ENVIRONMENT_ROUTES.map(([name, call]): [string, (world: CloudWorld) => RouteCall] => [
    name,
    (world) => call(world.cloud.id),
  ]),
];

function sha256(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

describeEachDatabase('the cloud JSON routes', (kind) => {
  let platform: CloudPlatform;
  let world: CloudWorld;
  const tokens = new Map<User, string>();

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
    world = platform.world;
    for (const user of [world.admin, world.developer, world.editor, world.user, world.outsider]) {
      tokens.set(user, (await signInCli(platform, user)).access_token);
    }
  });
  afterAll(() => platform.close());

  const tokenOf = (user: User) => tokens.get(user) as string;
  const call = (user: User | undefined, route: RouteCall) =>
    callApi(platform, route.path, {
      method: route.method,
      body: route.body,
      ...(user ? { token: tokenOf(user) } : {}),
    });

  describe('authentication', () => {
    test.each(ALL_ROUTES)('%s refuses a request without a token: 401 and a Bearer challenge', async (_name, route) => {
      const answer = await call(undefined, route(world));

      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'unauthorized', message: expect.stringContaining('platform-cloud login') });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="platform-cloud"');
    });

    test.each(ALL_ROUTES)('%s refuses an unknown token: 401 invalid_token', async (_name, route) => {
      const answer = await callApi(platform, route(world).path, { method: route(world).method, token: 'pca_unknown' });

      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    test.each(ALL_ROUTES)('%s refuses the access token of a revoked login', async (_name, route) => {
      const { access_token: token } = await signInCli(platform, world.admin);
      await postForm(platform, CLOUD_PATHS.revocation, { token });

      const answer = await callApi(platform, route(world).path, { ...route(world), token });

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('revoked') });
    });

    test.each(ALL_ROUTES)('%s refuses an expired access token', async (_name, route) => {
      const { access_token: token, expires_in: expiresIn } = await signInCli(platform, world.admin);
      platform.clock.advance(expiresIn * 1000);

      const answer = await callApi(platform, route(world).path, { ...route(world), token });
      platform.clock.advance(-expiresIn * 1000);

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('expired') });
    });

    test('records when a login was last used, writing at most once a minute', async () => {
      const { access_token: token } = await signInCli(platform, world.developer);
      const lastUsed = async () =>
        (
          await platform.context.prisma.cloudLogin.findFirstOrThrow({
            where: { userId: world.developer.id },
            orderBy: { id: 'desc' },
          })
        ).lastUsedAt;

      await callApi(platform, CLOUD_PATHS.environments, { token });
      const first = await lastUsed();
      platform.clock.advance(59_000);
      await callApi(platform, CLOUD_PATHS.environments, { token });
      const withinTheMinute = await lastUsed();
      platform.clock.advance(1_000);
      await callApi(platform, CLOUD_PATHS.environments, { token });

      expect(first).not.toBeNull();
      expect(withinTheMinute).toEqual(first);
      expect((await lastUsed())?.getTime()).toBe((first as Date).getTime() + 60_000);
    });
  });

  describe('who may customize an environment', () => {
    test.each(ENVIRONMENT_ROUTES)(
      '%s refuses an Editor and a User of the project: 403 forbidden',
      async (_name, route) => {
        const answers = [
          await call(world.editor, route(world.cloud.id)),
          await call(world.user, route(world.cloud.id)),
        ];

        for (const answer of answers) {
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ code: 'forbidden', message: expect.stringContaining('Admin or Developer') });
        }
      },
    );

    test.each(ENVIRONMENT_ROUTES)(
      "%s answers 404 for another project's environment, naming nothing of it",
      async (_name, route) => {
        const answer = await call(world.developer, route(world.otherCloud.id));

        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({
          code: 'not_found',
          message: `No environment ${world.otherCloud.id} in your projects.`,
        });
      },
    );

    test.each(ENVIRONMENT_ROUTES)('%s answers 404 for an environment that does not exist', async (_name, route) => {
      const answer = await call(world.admin, route(2_000_000_000));

      expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
    });

    test.each(ENVIRONMENT_ROUTES)(
      '%s answers 409 not_a_cloud_environment for a self-hosted one',
      async (_name, route) => {
        const answer = await call(world.admin, route(world.selfHosted.id));

        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({
          code: 'not_a_cloud_environment',
          message: expect.stringContaining('not a cloud environment'),
        });
      },
    );

    test.each(ENVIRONMENT_ROUTES)(
      '%s refuses an environment id that is not a positive integer',
      async (_name, route) => {
        for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
          const { method, path } = route(world.cloud.id);

          const answer = await callApi(
            platform,
            path.replace(`/${world.cloud.id}/`, `/${id}/`).replace(new RegExp(`/${world.cloud.id}$`), `/${id}`),
            {
              method,
              token: tokenOf(world.admin),
            },
          );

          expect([id, answer.status, answer.body.code]).toEqual([id, 400, 'invalid_request']);
        }
      },
    );
  });

  describe(`GET ${CLOUD_PATHS.environments}`, () => {
    test('lists the cloud environments of the projects where the user is Admin or Developer', async () => {
      await platform.context.prisma.cloudBundle.createMany({
        data: [
          {
            environmentId: world.cloud.id,
            version: 101,
            code: 'a',
            checksum: sha256('a'),
            size: 1,
            status: 'Superseded',
          },
          { environmentId: world.cloud.id, version: 102, code: 'b', checksum: sha256('b'), size: 1, status: 'Live' },
          { environmentId: world.cloud.id, version: 103, code: 'c', checksum: sha256('c'), size: 1, status: 'Failed' },
        ],
      });

      const [admin, developer, outsider] = [
        await call(world.admin, { method: 'GET', path: CLOUD_PATHS.environments }),
        await call(world.developer, { method: 'GET', path: CLOUD_PATHS.environments }),
        await call(world.outsider, { method: 'GET', path: CLOUD_PATHS.environments }),
      ];
      await platform.context.prisma.cloudBundle.deleteMany({ where: { environmentId: world.cloud.id } });

      expect(cloudEnvironmentsResponseSchema.parse(admin.body)).toEqual({
        environments: [
          {
            id: world.cloud.id,
            name: 'production',
            project: { id: world.project.id, name: world.project.name },
            organization: { id: world.project.organizationId, name: expect.stringMatching(/^org-/) },
            agentUrl: null,
            kind: 'sql',
            introspectedAt: null,
            latestVersion: 103,
            liveVersion: 102,
          },
        ],
      });
      expect(developer.body).toEqual(admin.body);
      expect(
        cloudEnvironmentsResponseSchema.parse(outsider.body).environments.map((environment) => environment.id),
      ).toEqual([world.otherCloud.id]);
    });

    test('lists nothing for an Editor or a User of the project', async () => {
      const admin = await call(world.admin, { method: 'GET', path: CLOUD_PATHS.environments });
      expect(cloudEnvironmentsResponseSchema.parse(admin.body).environments).toHaveLength(1);

      for (const user of [world.editor, world.user]) {
        const answer = await call(user, { method: 'GET', path: CLOUD_PATHS.environments });

        expect(answer).toMatchObject({ status: 200, body: { environments: [] } });
      }
    });
  });

  describe(`POST ${CLOUD_PATHS.environmentLookup}`, () => {
    const lookup = (user: User, body: unknown) =>
      call(user, { method: 'POST', path: CLOUD_PATHS.environmentLookup, body });

    test('answers the cloud environment of the secret', async () => {
      const answer = await lookup(world.developer, { environmentSecret: world.cloudSecret });

      expect(answer.status).toBe(200);
      expect(cloudEnvironmentSchema.parse(answer.body)).toMatchObject({ id: world.cloud.id, name: 'production' });
    });

    test.each([
      ['a secret nobody has', 404, 'unknown_environment', () => 'f'.repeat(64)],
      ['the secret of a self-hosted environment', 409, 'not_a_cloud_environment', () => world.selfHostedSecret],
    ])('answers %s with %i %s', async (_label, status, code, secret) => {
      const answer = await lookup(world.developer, { environmentSecret: secret() });

      expect(answer).toMatchObject({ status, body: { code, message: expect.any(String) } });
    });

    test.each([
      ['an Editor', () => world.editor],
      ['a User', () => world.user],
      ['an Admin of another project (who got the secret)', () => world.outsider],
    ])('refuses %s: 403 forbidden', async (_label, user) => {
      const answer = await lookup(user(), { environmentSecret: world.cloudSecret });

      expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    });

    test.each([
      ['no secret', {}],
      ['an empty secret', { environmentSecret: '' }],
      ['a secret too long', { environmentSecret: 'x'.repeat(201) }],
      ['a secret that is not a string', { environmentSecret: 42 }],
    ])('refuses %s: 400 invalid_request', async (_label, body) => {
      const answer = await lookup(world.developer, body);

      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    });

    test('refuses a body that is not JSON: 400 invalid_json', async () => {
      const answer = await lookup(world.developer, '{"environmentSecret":');

      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    });
  });

  describe(`GET ${CLOUD_PATHS.introspection(0).replace('0', ':id')}`, () => {
    test('answers 409 not_introspected until the hosted agent stored one, then the introspection', async () => {
      const path = CLOUD_PATHS.introspection(world.cloud.id);
      const before = await call(world.developer, { method: 'GET', path });
      const introspectedAt = new Date('2030-01-02T03:04:05.678Z');
      await platform.context.prisma.cloudEnvironment.update({
        where: { environmentId: world.cloud.id },
        data: { introspection: INTROSPECTION, introspectedAt },
      });

      const after = await call(world.developer, { method: 'GET', path });

      expect(before).toMatchObject({ status: 409, body: { code: 'not_introspected' } });
      expect(after.status).toBe(200);
      expect(cloudIntrospectionResponseSchema.parse(after.body)).toEqual({
        kind: 'sql',
        introspection: INTROSPECTION,
        introspectedAt: introspectedAt.toISOString(),
      });
    });
  });

  describe(`GET ${CLOUD_PATHS.logs(0).replace('0', ':id')}`, () => {
    let ids: number[];

    beforeAll(async () => {
      const levels = ['Info', 'Warn', 'Error', 'Debug', 'Info'] as const;
      ids = [];
      for (const [index, level] of levels.entries()) {
        const line = await platform.context.prisma.cloudLogLine.create({
          data: { environmentId: world.cloud.id, level, message: `line ${index + 1}` },
        });
        ids.push(line.id);
        await platform.context.prisma.cloudLogLine.create({
          data: { environmentId: world.otherCloud.id, level, message: `other ${index + 1}` },
        });
      }
    });

    const logs = async (query: string) => {
      const answer = await call(world.developer, {
        method: 'GET',
        path: `${CLOUD_PATHS.logs(world.cloud.id)}${query}`,
      });
      expect(answer.status).toBe(200);
      return logsResponseSchema.parse(answer.body);
    };

    test("answers the environment's lines, oldest first, and next = the last one's id", async () => {
      const { lines, next } = await logs('');

      expect(lines.map((line) => [line.level, line.message])).toEqual([
        ['Info', 'line 1'],
        ['Warn', 'line 2'],
        ['Error', 'line 3'],
        ['Debug', 'line 4'],
        ['Info', 'line 5'],
      ]);
      expect(next).toBe(ids[4]);
    });

    test('answers the lines after `after`, and `after` again as next when there are none', async () => {
      const since = await logs(`?after=${ids[2]}`);
      const none = await logs(`?after=${ids[4]}`);

      expect(since.lines.map((line) => line.message)).toEqual(['line 4', 'line 5']);
      expect(none).toEqual({ lines: [], next: ids[4] });
    });

    test('without `after`, `limit` keeps the latest lines; with it, the first after', async () => {
      const latest = await logs('?limit=2');
      const first = await logs(`?after=0&limit=2`);

      expect(latest.lines.map((line) => line.message)).toEqual(['line 4', 'line 5']);
      expect(first.lines.map((line) => line.message)).toEqual(['line 1', 'line 2']);
      expect(first.next).toBe(ids[1]);
    });

    test.each([
      ['a limit above MAX_LOG_LINES', `?limit=${MAX_LOG_LINES + 1}`],
      ['a limit of 0', '?limit=0'],
      ['a negative after', '?after=-1'],
      ['an after that is not a number', '?after=abc'],
      ['two limits', '?limit=1&limit=2'],
    ])('refuses %s: 400 invalid_request', async (_label, query) => {
      const answer = await call(world.developer, {
        method: 'GET',
        path: `${CLOUD_PATHS.logs(world.cloud.id)}${query}`,
      });

      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    });
  });
});

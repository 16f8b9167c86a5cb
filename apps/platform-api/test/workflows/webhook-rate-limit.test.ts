import { randomBytes } from 'node:crypto';
import { describeWithService, redisUrl } from '@platform/tooling/test-services';
import type express from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config/config';
import { closeRateLimitStores } from '../../src/http/rate-limit/rate-limit-store';
import { issueToken } from '../factories/token-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

interface Setup {
  readonly testContext: TestContext;
  readonly world: World;
  readonly token: string;
}

async function setUp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<Setup> {
  const testContext = await createTestContext(kind, { env });
  const world = await seedWorld(testContext.context);
  const token = (await issueToken(testContext.context, world.project, world.admin)).value;
  return { testContext, world, token };
}

/** A new app on the same database (a second instance); its own memory store, or the shared Redis. */
function newInstance(setup: Setup, prefix: string): express.Express {
  const config: Config = { ...setup.testContext.context.config, PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: prefix };
  return createApp({ ...setup.testContext.context, config });
}

const call = (app: express.Express, path: string, token: string, recordId: string) =>
  request(app).post(path).set('Authorization', `Bearer ${token}`).send({ record_id: recordId });

describeEachDatabase('webhook rate limit', (kind) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(kind);
  });
  afterAll(() => setup.testContext.close());

  test("refuses calls past the webhook's limit with 429 and Retry-After, counting each webhook apart", async () => {
    const app = newInstance(setup, 'unused:');
    const seed = (perMinute: number) =>
      seedWorkflow(setup.testContext.context, {
        environment: setup.world.environment,
        team: setup.world.team,
        trigger: { rateLimitPerMinute: perMinute },
      });
    const limited = await seed(2);
    const other = await seed(2);

    const allowed = [await call(app, limited.path, setup.token, 'a'), await call(app, limited.path, setup.token, 'a')];
    const refused = await call(app, limited.path, setup.token, 'b');
    const otherWebhook = await call(app, other.path, setup.token, 'a');

    expect(allowed.map((response) => response.status)).toEqual([202, 409]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: expect.stringContaining('2 calls per minute') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(otherWebhook.status).toBe(202);
  });

  test('does not count calls refused before the trigger is known (bad URL, no token)', async () => {
    const app = newInstance(setup, 'unused:');
    const { path } = await seedWorkflow(setup.testContext.context, {
      environment: setup.world.environment,
      team: setup.world.team,
      trigger: { rateLimitPerMinute: 1 },
    });
    await request(app).post(path).send({ record_id: 'x' }).expect(401);

    const response = await call(app, path, setup.token, 'x');

    expect(response.status).toBe(202);
  });
});

describeWithService('redis', 'webhook rate limit, Redis store', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp('pglite', { REDIS_URL: redisUrl() });
  });
  afterAll(async () => {
    await closeRateLimitStores();
    await setup.testContext.close();
  });

  test('holds across two instances sharing Redis', async () => {
    const prefix = `test:webhook:${process.pid}:${randomBytes(6).toString('hex')}:`;
    const [first, second] = [newInstance(setup, prefix), newInstance(setup, prefix)];
    const { path } = await seedWorkflow(setup.testContext.context, {
      environment: setup.world.environment,
      team: setup.world.team,
      trigger: { rateLimitPerMinute: 2 },
    });

    const onFirst = await call(first, path, setup.token, 'r1');
    const onSecond = await call(second, path, setup.token, 'r2');
    const refused = await call(first, path, setup.token, 'r3');

    expect([onFirst.status, onSecond.status]).toEqual([202, 202]);
    expect(refused.status).toBe(429);
  });

  test('two instances with separate memory stores would each allow the limit (the Redis test can fail)', async () => {
    const prefix = `test:webhook:${process.pid}:${randomBytes(6).toString('hex')}:`;
    const memory = { ...setup, testContext: setup.testContext };
    const config: Config = {
      ...setup.testContext.context.config,
      REDIS_URL: undefined,
      PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: prefix,
    };
    const [first, second] = [
      createApp({ ...memory.testContext.context, config }),
      createApp({ ...memory.testContext.context, config }),
    ];
    const { path } = await seedWorkflow(setup.testContext.context, {
      environment: setup.world.environment,
      team: setup.world.team,
      trigger: { rateLimitPerMinute: 1 },
    });

    const statuses = [
      (await call(first, path, setup.token, 'm1')).status,
      (await call(second, path, setup.token, 'm2')).status,
    ];

    expect(statuses).toEqual([202, 202]);
  });
});

import { randomBytes } from 'node:crypto';
import { createApp } from '../../../src/app';
import type { Config } from '../../../src/config/config';
import { createPublicApiDocument } from '../../../src/public-api';
import { issueToken } from '../../factories/token-factory';
import { seedWorld, type World } from '../../factories/world-factory';
import { sleep } from '../../helpers/sleep';
import type { TestContext } from '../../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './public-api-client';

export interface RateLimitContractOptions {
  /** A test context; its config may carry REDIS_URL. */
  readonly open: () => Promise<TestContext>;
  readonly close?: () => Promise<void>;
}

/**
 * The public API's rate-limit behaviour, whatever the store: run once over the memory store and
 * once over Redis. Each test builds its own app (so its own counters: a fresh memory store, or a
 * fresh Redis key prefix) with a small limit.
 */
export function runRateLimitContract({ open, close }: RateLimitContractOptions): void {
  let testContext: TestContext;
  let world: World;

  /** A fresh app: `limit` per token, `anonymousLimit` per address, over `windowMs`. */
  function appWith(limit: number, anonymousLimit: number, windowMs: number): PublicApiClient {
    const config: Config = {
      ...testContext.context.config,
      PLATFORM_PUBLIC_API_RATE_LIMIT: limit,
      PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT: anonymousLimit,
      PLATFORM_PUBLIC_API_RATE_WINDOW_MS: windowMs,
      PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: `test:rate-limit:${process.pid}:${randomBytes(6).toString('hex')}:`,
    };
    return createPublicApiClient(
      createApp({ ...testContext.context, config }),
      createPublicApiDocument(config.publicUrl),
    );
  }
  const notes = () => `/v1/project/${world.project.name}/environment/${world.environment.name}/notes`;
  const newToken = async () => (await issueToken(testContext.context, world.project, world.admin)).value;

  beforeAll(async () => {
    testContext = await open();
    world = await seedWorld(testContext.context);
  });
  afterAll(async () => {
    await close?.();
    await testContext.close();
  });

  test('every response carries the limit, the remaining count and the reset time in Unix seconds', async () => {
    const api = appWith(5, 5, 60_000);
    const token = await newToken();
    const before = Math.floor(Date.now() / 1000);

    const first = await api.get(notes(), token);
    const second = await api.get(`${notes()}?limit=0`, token);

    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect([first.headers['x-ratelimit-remaining'], second.headers['x-ratelimit-remaining']]).toEqual(['4', '3']);
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(before + 59);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
  });

  test('refuses the request past the limit with 429 rate_limited and Retry-After in seconds', async () => {
    const api = appWith(3, 10, 60_000);
    const token = await newToken();

    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await api.get(notes(), token)).status);
    const refused = await api.get(notes(), token);

    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'rate_limited',
      message: expect.stringContaining('3 requests per 60 s per token'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });

  test('counts each token on its own', async () => {
    const api = appWith(1, 10, 60_000);
    const [first, second] = [await newToken(), await newToken()];

    await api.get(notes(), first);
    const secondToken = await api.get(notes(), second);
    const firstAgain = await api.get(notes(), first);

    expect(secondToken.status).toBe(200);
    expect(firstAgain.status).toBe(429);
  });

  test('counts refused requests of a valid token (403) against that token', async () => {
    const api = appWith(2, 10, 60_000);
    const token = (await issueToken(testContext.context, world.project, world.admin, { scopes: ['admin_logs:read'] }))
      .value;

    const forbidden = await api.get(notes(), token);
    await api.get(`/v1/project/${world.project.name}/admin-logs`, token);
    const refused = await api.get(`/v1/project/${world.project.name}/admin-logs`, token);

    expect(forbidden.status).toBe(403);
    expect(refused.status).toBe(429);
  });

  test('limits requests without a valid token per address, apart from the tokens', async () => {
    const api = appWith(10, 2, 60_000);
    const token = await newToken();

    const anonymous = [await api.get(notes()), await api.get(notes(), 'plat_wrong')];
    const refused = await api.get('/v1/openapi.json');
    const withToken = await api.get(notes(), token);

    expect(anonymous.map((response) => response.status)).toEqual([401, 401]);
    expect(anonymous[0]?.headers['x-ratelimit-limit']).toBe('2');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('per client address without a valid token');
    expect(withToken.status).toBe(200);
    expect(withToken.headers['x-ratelimit-limit']).toBe('10');
  });

  test('lets requests through again once the window has passed', async () => {
    const api = appWith(2, 10, 1_500);
    const token = await newToken();
    await api.get(notes(), token);
    const last = await api.get(notes(), token);
    const refused = await api.get(notes(), token);

    await sleep(Number(last.headers['x-ratelimit-reset']) * 1000 - Date.now() + 100);
    const after = await api.get(notes(), token);

    expect(refused.status).toBe(429);
    expect(after.status).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('1');
  });
}

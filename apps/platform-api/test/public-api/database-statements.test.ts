import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config/config';
import type { PrismaClient } from '../../src/generated/prisma/client';
import { createPublicApiDocument } from '../../src/public-api';
import { checksumOf, TOKEN_PREFIX } from '../../src/tokens/token-format';
import { seedNote } from '../factories/note-factory';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { sleep } from '../helpers/sleep';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';

/**
 * Counts the database operations made through a Prisma client (raw statements and model calls).
 * The wrapped client is not the one `pgPoolOf` knows, so `queryRows` goes through `$queryRaw`
 * here and is counted too.
 */
function countingClient(prisma: PrismaClient) {
  let count = 0;
  const counted =
    (fn: (...args: unknown[]) => unknown, self: unknown) =>
    (...args: unknown[]) => {
      count += 1;
      return fn.apply(self, args);
    };
  const client = new Proxy(prisma, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof property !== 'string') return value;
      if (/^\$(query|execute)Raw(Unsafe)?$|^\$transaction$/.test(property)) {
        return counted(value as (...args: unknown[]) => unknown, target);
      }
      if (!property.startsWith('$') && typeof value === 'object' && value !== null) {
        return new Proxy(value, {
          get(delegate, method) {
            const member: unknown = Reflect.get(delegate, method, delegate);
            return typeof member === 'function' ? counted(member as (...args: unknown[]) => unknown, delegate) : member;
          },
        });
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client, count: () => count, reset: () => (count = 0) };
}

/** A well-formed token value (valid checksum) that no database holds. */
function lookAlikeToken(): string {
  const randomPart = randomBytes(40)
    .toString('base64')
    .replace(/[^0-9A-Za-z]/g, '')
    .padEnd(43, 'a')
    .slice(0, 43);
  return `${TOKEN_PREFIX}${randomPart}${checksumOf(randomPart)}`;
}

describeEachDatabase('public API: database statements per request', (kind) => {
  let testContext: TestContext;
  let world: World;
  let statements: ReturnType<typeof countingClient>;

  /** A fresh app (fresh counters) over the counting client. */
  function appWith(limit: number, anonymousLimit: number): PublicApiClient {
    const config: Config = {
      ...testContext.context.config,
      PLATFORM_PUBLIC_API_RATE_LIMIT: limit,
      PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT: anonymousLimit,
      PLATFORM_PUBLIC_API_RATE_WINDOW_MS: 60_000,
      PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: `test:statements:${randomBytes(6).toString('hex')}:`,
    };
    return createPublicApiClient(
      createApp({ ...testContext.context, prisma: statements.client, config }),
      createPublicApiDocument(config.publicUrl),
    );
  }
  const notes = () => `/v1/project/${world.project.name}/environment/${world.environment.name}/notes`;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    world = await seedWorld(testContext.context);
    await seedNote(testContext.context, { environment: world.environment, user: world.admin, recordId: '1' });
    statements = countingClient(testContext.context.prisma);
  });
  afterAll(() => testContext.close());

  test('a listing costs one statement: the token and the page together', async () => {
    const api = appWith(100, 100);
    const token = (await issueToken(testContext.context, world.project, world.admin)).value;
    await api.get(notes(), token); // records the token's use (a background write, once a minute)
    await sleep(200);
    statements.reset();

    const response = await api.get(notes(), token);

    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThan(0);
    expect(statements.count()).toBe(1);
  });

  test('a token past its limit gets 429 without any database statement', async () => {
    const api = appWith(1, 100);
    const token = (await issueToken(testContext.context, world.project, world.admin)).value;
    await api.get(notes(), token);
    await sleep(200);
    statements.reset();

    const refused = await api.get(notes(), token);

    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('1 requests per 60 s per token');
    expect(statements.count()).toBe(0);
  });

  test('an address past its limit gets 429 without any database statement', async () => {
    const api = appWith(100, 1);
    await api.get(notes(), 'plat_wrong');
    statements.reset();

    const refused = [await api.get(notes()), await api.get(notes(), 'plat_wrong')];

    expect(refused.map((response) => response.status)).toEqual([429, 429]);
    expect(statements.count()).toBe(0);
  });

  test('well-formed unknown tokens count against the address, like any request without a valid token', async () => {
    const api = appWith(100, 2);

    const responses = [
      await api.get(notes(), lookAlikeToken()),
      await api.get(notes(), lookAlikeToken()),
      await api.get(notes(), lookAlikeToken()),
    ];

    expect(responses.map((response) => response.status)).toEqual([401, 401, 429]);
    expect(responses[0]?.headers['x-ratelimit-limit']).toBe('2');
    expect(responses[2]?.body.message).toContain('per client address without a valid token');
  });

  test('a revoked token gets 401 after the one statement, which gated the page by the token (test/tokens/token-rule-predicate.test.ts)', async () => {
    const api = appWith(100, 100);
    const issued = await issueToken(testContext.context, world.project, world.admin);
    await testContext.context.prisma.applicationToken.update({
      where: { id: issued.id },
      data: { revokedAt: new Date() },
    });
    statements.reset();

    const response = await api.get(notes(), issued.value);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', message: 'Invalid or missing application token.' });
    expect(statements.count()).toBe(1);
  });

  test('a token without the notes:read scope gets 403 after the one statement, which gated the page by the token', async () => {
    const api = appWith(100, 100);
    const token = (await issueToken(testContext.context, world.project, world.admin, { scopes: ['admin_logs:read'] }))
      .value;
    statements.reset();

    const response = await api.get(notes(), token);

    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Forbidden');
    expect(statements.count()).toBe(1);
  });
});

import type { AppContext } from '../../src/context';
import type { Project, User } from '../../src/generated/prisma/client';
import { checksumOf, generateToken } from '../../src/tokens/token-format';
import { createToken, createTokensService, type TokensService } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

/** A context whose database throws on any use: proves a code path makes no query. */
function contextWithoutDatabase(context: AppContext): AppContext {
  const prisma = new Proxy({} as AppContext['prisma'], {
    get(_target, property) {
      throw new Error(`unexpected database access: prisma.${String(property)}`);
    },
  });
  return { ...context, prisma };
}

describe('authenticate without database', () => {
  const context = contextWithoutDatabase({ now: () => new Date() } as AppContext);
  const tokens = createTokensService(context);

  test.each([
    [
      'a typo in a real token',
      () => {
        const { value } = generateToken();
        return value.slice(0, 30) + (value[30] === '0' ? '1' : '0') + value.slice(31);
      },
    ],
    ['a token of another format', () => 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['a truncated token', () => generateToken().value.slice(0, 40)],
  ])('rejects %s by shape or checksum, without a query', async (_name, makeValue) => {
    await expect(tokens.authenticate(makeValue())).rejects.toMatchObject({
      name: 'AuthenticationError',
      reason: 'invalid',
      message: 'Invalid or missing application token.',
    });
  });

  test('rejects a missing value as missing', async () => {
    await expect(tokens.authenticate(undefined)).rejects.toMatchObject({ reason: 'missing' });
  });
});

describeEachDatabase('token usage', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let tokens: TokensService;
  let project: Project;
  let admin: User;

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
    tokens = createTokensService(context);
  });
  afterAll(() => testContext.close());
  beforeEach(async () => {
    clock.set('2030-01-01T12:00:00.000Z');
    project = await seedProject(context);
    admin = await seedUser(context, { project });
  });

  async function newToken() {
    return createToken(
      context,
      admin.id,
      project.id,
      { name: 'ci', scopes: ['all'], permissionLevel: 'read-only' },
      {
        isSsoSession: false,
      },
    );
  }

  /** One authenticated and authorized request, as the middleware does it. */
  async function use(service: TokensService, value: string) {
    service.recordUse(await service.authenticate(value));
    await service.flushUsage();
  }

  const lastUsedAt = async (id: number) =>
    (await context.prisma.applicationToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
  const useEntries = (tokenId: number) =>
    context.prisma.adminLog.findMany({ where: { tokenId, action: 'token.use' }, orderBy: { id: 'asc' } });

  test('authenticates a valid token and reports the current role, never the password hash', async () => {
    const created = await newToken();

    const auth = await tokens.authenticate(created.value);

    expect(auth).toMatchObject({
      token: { id: created.token.id },
      user: { id: admin.id },
      project: { id: project.id },
      membershipRole: 'Admin',
    });
    expect(auth.user).not.toHaveProperty('passwordHash');
  });

  test('rejects a well-formed value that was never issued as invalid', async () => {
    const random = 'z'.repeat(43);

    await expect(tokens.authenticate(`plat_${random}${checksumOf(random)}`)).rejects.toMatchObject({
      reason: 'invalid',
    });
  });

  test('sets last used at the first use and writes one token.use entry', async () => {
    const created = await newToken();

    await use(tokens, created.value);

    expect(await lastUsedAt(created.token.id)).toEqual(new Date('2030-01-01T12:00:00.000Z'));
    expect(await useEntries(created.token.id)).toEqual([
      expect.objectContaining({
        projectId: project.id,
        organizationId: project.organizationId,
        userId: admin.id,
        userEmail: admin.email,
        targetType: 'application_token',
        targetId: String(created.token.id),
        details: { name: 'ci' },
        createdAt: new Date('2030-01-01T12:00:00.000Z'),
      }),
    ]);
  });

  test('moves last used and logs again only once a minute has passed', async () => {
    const created = await newToken();
    await use(tokens, created.value);

    clock.advance(30_000);
    await use(tokens, created.value);
    clock.advance(29_999);
    await use(tokens, created.value);
    const withinTheMinute = await lastUsedAt(created.token.id);
    clock.advance(1);
    await use(tokens, created.value);

    expect(withinTheMinute).toEqual(new Date('2030-01-01T12:00:00.000Z'));
    expect(await lastUsedAt(created.token.id)).toEqual(new Date('2030-01-01T12:01:00.000Z'));
    expect((await useEntries(created.token.id)).map((entry) => entry.createdAt)).toEqual([
      new Date('2030-01-01T12:00:00.000Z'),
      new Date('2030-01-01T12:01:00.000Z'),
    ]);
  });

  test('writes one token.use entry per minute across instances sharing the database', async () => {
    const created = await newToken();
    const instances = [createTokensService(context), createTokensService(context), createTokensService(context)];

    const auths = await Promise.all(instances.map((instance) => instance.authenticate(created.value)));
    instances.forEach((instance, index) => {
      instance.recordUse(auths[index]!);
    });
    await Promise.all(instances.map((instance) => instance.flushUsage()));

    expect(await useEntries(created.token.id)).toHaveLength(1);
  });

  test('a failed usage write is logged, not thrown', async () => {
    const created = await newToken();
    const errors: unknown[] = [];
    const failing: AppContext = {
      ...context,
      logger: {
        ...context.logger,
        error: (...args: unknown[]) => errors.push(args),
      } as unknown as AppContext['logger'],
      prisma: new Proxy(context.prisma, {
        get(target, property) {
          if (property !== 'applicationToken') return Reflect.get(target, property);
          return { ...target.applicationToken, updateMany: () => Promise.reject(new Error('database gone')) };
        },
      }),
    };
    const service = createTokensService(failing);
    const auth = await tokens.authenticate(created.value);

    expect(() => service.recordUse(auth)).not.toThrow();
    await service.flushUsage();

    expect(errors).toEqual([
      [expect.objectContaining({ tokenId: created.token.id }), 'could not record an application token use'],
    ]);
    expect(await lastUsedAt(created.token.id)).toBeNull();
  });
});

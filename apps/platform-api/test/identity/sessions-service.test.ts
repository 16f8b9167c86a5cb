import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { User } from '../../src/generated/prisma/client';
import {
  authenticateSession,
  createSession,
  LAST_SEEN_RESOLUTION_MS,
  revokeSession,
} from '../../src/identity/sessions-service';
import { createTestClock, type TestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('sessions service', (kind) => {
  let platform: TestContext;
  let clock: TestClock;
  let context: AppContext;
  let user: User;

  beforeAll(async () => {
    clock = createTestClock();
    platform = await createTestContext(kind, { now: clock.now, env: { PLATFORM_SESSION_TTL_HOURS: '12' } });
    context = platform.context;
  });

  afterAll(() => platform.close());

  beforeEach(async () => {
    user = await seedUser(context);
  });

  const stored = (id: string) => context.prisma.session.findUniqueOrThrow({ where: { id } });

  test('creates a 256-bit random token and stores only its SHA-256, expiring after the TTL', async () => {
    const { token, session } = await createSession(context, { userId: user.id, isSso: true });

    const row = await stored(session.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.isSso).toBe(true);
    expect(row.expiresAt.getTime() - clock.now().getTime()).toBe(12 * 3_600_000);
    expect(session).not.toHaveProperty('tokenHash');
  });

  test('authenticates a token to its user and session', async () => {
    const { token } = await createSession(context, { userId: user.id, isSso: false });

    const authenticated = await authenticateSession(context, token);

    expect(authenticated.user).toMatchObject({ id: user.id, email: user.email });
    expect(authenticated.user).not.toHaveProperty('passwordHash');
    expect(authenticated.session.isSso).toBe(false);
  });

  test.each([
    ['missing', undefined, 'missing'],
    ['empty', '', 'missing'],
    ['malformed', 'not a token', 'invalid'],
    ['unknown', 'A'.repeat(43), 'invalid'],
  ])('refuses a %s token with reason %s', async (_label, token, reason) => {
    await expect(authenticateSession(context, token)).rejects.toMatchObject({ name: 'AuthenticationError', reason });
  });

  test('refuses an expired session with reason expired', async () => {
    const { token } = await createSession(context, { userId: user.id, isSso: false });
    clock.advance(12 * 3_600_000);

    await expect(authenticateSession(context, token)).rejects.toMatchObject({
      name: 'AuthenticationError',
      reason: 'expired',
    });
  });

  test('refuses a revoked session with reason invalid', async () => {
    const { token } = await createSession(context, { userId: user.id, isSso: false });

    await revokeSession(context, token);

    await expect(authenticateSession(context, token)).rejects.toMatchObject({
      name: 'AuthenticationError',
      reason: 'invalid',
    });
  });

  test('revoking an unknown or malformed token does nothing and does not throw', async () => {
    await expect(revokeSession(context, 'B'.repeat(43))).resolves.toBeUndefined();
    await expect(revokeSession(context, 'nope')).resolves.toBeUndefined();
    await expect(revokeSession(context, undefined)).resolves.toBeUndefined();
  });

  test('revoking twice keeps the first revocation time', async () => {
    const { token, session } = await createSession(context, { userId: user.id, isSso: false });
    await revokeSession(context, token);
    const first = (await stored(session.id)).revokedAt;
    clock.advance(5_000);

    await revokeSession(context, token);

    expect((await stored(session.id)).revokedAt).toEqual(first);
  });

  test('moves lastSeenAt at most once a minute', async () => {
    const { token, session } = await createSession(context, { userId: user.id, isSso: false });
    const created = clock.now();

    clock.advance(LAST_SEEN_RESOLUTION_MS - 1_000);
    await authenticateSession(context, token);
    const withinTheMinute = (await stored(session.id)).lastSeenAt;
    clock.advance(2_000);
    await authenticateSession(context, token);
    const afterTheMinute = (await stored(session.id)).lastSeenAt;

    expect(withinTheMinute).toEqual(created);
    expect(afterTheMinute).toEqual(clock.now());
  });
});

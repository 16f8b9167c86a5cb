import type { AppContext } from '../../src/context';
import { signInWithPassword } from '../../src/identity/password-login';
import { createUser } from '../../src/identity/users-service';
import { uniqueSuffix } from '../factories/unique-suffix';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work().catch(() => undefined);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

describeEachDatabase('password sign-in', (kind) => {
  let platform: TestContext;
  let context: AppContext;
  let email: string;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    context = platform.context;
    // A real user, hashed with the production cost, so that the timings compare like with like.
    email = (await createUser(context, { email: `ada-${uniqueSuffix()}@example.com`, password: 'correct-password' }))
      .email;
  });

  afterAll(() => platform.close());

  test('opens a non-SSO session for the right password', async () => {
    const result = await signInWithPassword(context, { email, password: 'correct-password' });

    expect(result.user.email).toBe(email);
    expect(result.session.isSso).toBe(false);
  });

  test.each([
    ['a wrong password', () => ({ email, password: 'wrong-password' })],
    ['an unknown email', () => ({ email: 'nobody@example.com', password: 'correct-password' })],
    ['a malformed email', () => ({ email: 'nobody', password: 'correct-password' })],
  ])('refuses %s with the same AuthenticationError', async (_label, credentials) => {
    await expect(signInWithPassword(context, credentials())).rejects.toMatchObject({
      name: 'AuthenticationError',
      reason: 'invalid',
      message: 'Invalid email or password.',
    });
  });

  test('takes about as long for an unknown email as for a wrong password (dummy hash)', async () => {
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      wrong.push(await timeMs(() => signInWithPassword(context, { email, password: 'wrong-password' })));
      unknown.push(await timeMs(() => signInWithPassword(context, { email: 'nobody@example.com', password: 'x' })));
    }

    // Both run one scrypt with the same cost (hundreds of ms); without the dummy hash an unknown
    // email would answer in a few ms. The bounds are wide for a shared, noisy machine.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
    expect(median(unknown)).toBeLessThan(median(wrong) * 3);
  });
});

import { exchangeAuthorizationCode, issueAuthorizationCode } from '../../src/agents/authorization-codes';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { createTestClock } from '../factories/test-clock';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('authorization codes', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let world: AgentWorld;
  let otherWorld: AgentWorld;
  const redirectUri = 'http://agent.example.test:3310/api/authentication/callback';

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    world = await seedAgentWorld(testContext.context);
    otherWorld = await seedAgentWorld(testContext.context);
  });
  afterAll(() => testContext.close());

  const issue = () => issueAuthorizationCode(testContext.context, world.environment, world.member.id, redirectUri);
  const exchange = (code: string, environment = world.environment) =>
    exchangeAuthorizationCode(testContext.context, environment, { code, redirectUri });

  test('a code exchanged within its minute gives its user', async () => {
    const code = await issue();
    clock.advance(59_000);

    await expect(exchange(code)).resolves.toMatchObject({ id: world.member.id });
  });

  test('an expired code is an invalid grant', async () => {
    const code = await issue();
    clock.advance(60_001);

    await expect(exchange(code)).rejects.toMatchObject({
      name: 'InvalidGrantError',
      message: expect.stringMatching(/expired/),
    });
  });

  test("another environment's agent cannot exchange the code", async () => {
    const code = await issue();

    await expect(exchange(code, otherWorld.environment)).rejects.toMatchObject({ name: 'InvalidGrantError' });
    await expect(exchange(code)).resolves.toMatchObject({ id: world.member.id });
  });

  test('two concurrent exchanges of one code give one user', async () => {
    const code = await issue();

    const results = await Promise.allSettled([exchange(code), exchange(code), exchange(code)]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  test('the code is stored only as a hash', async () => {
    const code = await issue();

    const rows = await testContext.context.prisma.authorizationCode.findMany();

    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.codeHash === code || JSON.stringify(row).includes(code))).toBe(false);
  });

  test('a user without access gets no code', async () => {
    await expect(
      issueAuthorizationCode(testContext.context, world.environment, world.outsider.id, redirectUri),
    ).rejects.toMatchObject({ name: 'ForbiddenError' });
  });
});

import type { AppContext } from '../../src/context';
import { signWebhookTarget, verifyWebhookTarget, webhookUrlOf } from '../../src/workflows/webhook-url';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('webhook URL signing', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  const target = { workflowId: 12, renderingId: 34, generation: 5 };

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
  });
  afterAll(() => testContext.close());

  test('reads back what it signed', async () => {
    const signed = await signWebhookTarget(context, target);

    expect(signed).toMatch(/^[\w-]+\.[\w-]{43}$/);
    await expect(verifyWebhookTarget(context, signed)).resolves.toEqual(target);
  });

  test('builds the URL from the public URL, without project or environment names or a version', async () => {
    const url = await webhookUrlOf(context, target);

    expect(url).toBe(`${context.config.publicUrl}/hooks/workflows/${await signWebhookTarget(context, target)}`);
  });

  test('stores one key for the whole database, which a second instance (another client) shares', async () => {
    const signed = await signWebhookTarget(context, target);
    const secondInstance: AppContext = { ...context, prisma: Object.create(context.prisma) };

    const keys = await context.prisma.serverSecret.findMany();

    await expect(verifyWebhookTarget(secondInstance, signed)).resolves.toEqual(target);
    expect(keys).toHaveLength(1);
    expect(Buffer.from(keys[0]?.value ?? '', 'base64url')).toHaveLength(32);
  });

  test('refuses a URL signed with another key', async () => {
    const signed = await signWebhookTarget(context, target);
    await context.prisma.serverSecret.updateMany({ data: { value: Buffer.alloc(32, 7).toString('base64url') } });
    const freshInstance: AppContext = { ...context, prisma: Object.create(context.prisma) };

    await expect(verifyWebhookTarget(freshInstance, signed)).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test.each([
    ['an empty string', ''],
    ['a payload alone', 'MTIuMzQuNQ'],
    ['three segments', 'a.b.c'],
  ])('refuses %s', async (_name, signed) => {
    await expect(verifyWebhookTarget(context, signed)).rejects.toMatchObject({ name: 'ValidationError' });
  });
});

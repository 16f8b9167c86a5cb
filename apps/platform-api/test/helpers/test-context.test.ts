import request from 'supertest';
import { createTestContext, describeEachDatabase, type TestContext } from './test-context';

describeEachDatabase('createTestContext', (kind) => {
  let testContext: TestContext;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
  });

  afterAll(() => testContext.close());

  test('gives a migrated database that Prisma can write to', async () => {
    const organization = await testContext.context.prisma.organization.create({ data: { name: 'Acme' } });

    expect(await testContext.context.prisma.organization.findUnique({ where: { id: organization.id } })).toMatchObject({
      name: 'Acme',
    });
  });

  test('gives an app that answers /ready', async () => {
    await request(testContext.app).get('/ready').expect(200);
  });
});

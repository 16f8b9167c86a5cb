import { describeWithService } from '@platform/tooling/test-services';
import { Client, type Notification } from 'pg';
import request from 'supertest';
import { RUN_QUEUED_CHANNEL } from '../../src/workflows/executor/run-signal';
import { issueToken } from '../factories/token-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { seedWorld } from '../factories/world-factory';
import { createTestContext, type TestContext } from '../helpers/test-context';

describeWithService('postgres', 'webhook signal to the workers [postgres]', () => {
  let testContext: TestContext;
  let listener: Client;

  beforeAll(async () => {
    testContext = await createTestContext('postgres');
    const { database } = testContext.context.config;
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    listener = new Client({ connectionString: database.url });
    await listener.connect();
    await listener.query(`LISTEN ${RUN_QUEUED_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await testContext.close();
  });

  test('a queued run wakes the workers listening on the run channel, after the run is stored', async () => {
    const { context, app } = testContext;
    const world = await seedWorld(context);
    const { path } = await seedWorkflow(context, { environment: world.environment, team: world.team });
    const token = (await issueToken(context, world.project, world.admin)).value;
    const notified = new Promise<Notification>((resolve) => listener.once('notification', resolve));

    const response = await request(app).post(path).set('Authorization', `Bearer ${token}`).send({ record_id: '1' });
    const notification = await notified;

    expect(response.status).toBe(202);
    expect(notification.channel).toBe(RUN_QUEUED_CHANNEL);
    expect(await context.prisma.workflowRun.count({ where: { id: response.body.runId } })).toBe(1);
    // Without a signal the test fails on this timeout rather than on the file's long default.
  }, 15_000);
});

import type express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { type SeededWorkflow, seedWorkflow } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient } from '../public-api/helpers/public-api-client';

describeEachDatabase('GET /v1/workflow-runs/:runId', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let app: express.Express;
  let world: World;
  let seeded: SeededWorkflow;
  let token: string;

  // Every response is also checked against the OpenAPI document the server publishes.
  const follow = (runId: string, bearer: string | null = token) =>
    createPublicApiClient(app).get(`/v1/workflow-runs/${runId}`, bearer ?? undefined);
  const start = async (recordId: string): Promise<string> =>
    (
      await request(app)
        .post(seeded.path)
        .set('Authorization', `Bearer ${token}`)
        .send({ record_id: recordId })
        .expect(202)
    ).body.runId;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    app = testContext.app;
    world = await seedWorld(context);
    seeded = await seedWorkflow(context, { environment: world.environment, team: world.team, name: 'Pay' });
    token = (await issueToken(context, world.project, world.admin)).value;
  });
  afterAll(() => testContext.close());

  test('shows a queued run with its workflow version and pending steps', async () => {
    const runId = await start('1');

    const response = await follow(runId);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      runId,
      status: 'queued',
      workflow: { id: seeded.workflow.id, name: 'Pay', version: 1 },
      recordId: '1',
      steps: [0, 1, 2].map((position) => ({
        position,
        kind: ['read', 'update', 'note'][position],
        status: 'pending',
        attempts: 0,
      })),
      createdAt: expect.any(String),
    });
  });

  test('shows what the executor wrote: a failed run, its failed and skipped steps', async () => {
    const runId = await start('2');
    const at = new Date('2030-01-01T00:00:00.000Z');
    await context.prisma.workflowRun.update({
      where: { id: runId },
      data: { status: 'Failed', activeRecordId: null, error: 'Record 2 not found', startedAt: at, finishedAt: at },
    });
    await context.prisma.workflowRunStep.update({
      where: { runId_position: { runId, position: 0 } },
      data: { status: 'Failed', attempts: 1, error: 'Record 2 not found', startedAt: at, finishedAt: at },
    });
    await context.prisma.workflowRunStep.updateMany({
      where: { runId, position: { gt: 0 } },
      data: { status: 'Skipped' },
    });

    const response = await follow(runId);

    expect(response.body).toMatchObject({
      status: 'failed',
      error: 'Record 2 not found',
      startedAt: at.toISOString(),
      finishedAt: at.toISOString(),
      steps: [
        { position: 0, status: 'failed', attempts: 1, error: 'Record 2 not found' },
        { position: 1, status: 'skipped' },
        { position: 2, status: 'skipped' },
      ],
    });
  });

  test('answers 404 to a token of another project and to a user outside the owning team', async () => {
    const runId = await start('3');
    expect((await follow(runId)).status).toBe(200);
    const other = await seedWorld(context);
    const otherToken = (await issueToken(context, other.project, other.admin)).value;
    const outsider = await seedUser(context, { project: world.project });
    const outsiderToken = (await issueToken(context, world.project, outsider)).value;

    const fromOtherProject = await follow(runId, otherToken);
    const fromOutsider = await follow(runId, outsiderToken);

    expect([fromOtherProject.status, fromOutsider.status]).toEqual([404, 404]);
    expect(fromOutsider.body).toEqual({ code: 'not_found', message: `No workflow run ${runId}.` });
  });

  test('lets a read-only token follow a run', async () => {
    const runId = await start('4');
    const readOnly = (await issueToken(context, world.project, world.admin, { permissionLevel: 'read-only' })).value;

    expect((await follow(runId, readOnly)).status).toBe(200);
  });

  test.each([
    ['401 without a token', () => follow('00000000-0000-4000-8000-000000000000', null), 401],
    ['404 for an unknown run', () => follow('00000000-0000-4000-8000-000000000000'), 404],
    ['400 for a malformed run id', () => follow('not-a-uuid'), 400],
  ])('answers %s', async (_name, call, status) => {
    const response = await call();

    expect(response.status).toBe(status);
  });
});

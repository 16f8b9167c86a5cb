import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../src/context';
import { disableTrigger, enableTrigger, regenerateTrigger } from '../../src/workflows/webhook-trigger-service';
import { issueToken } from '../factories/token-factory';
import { finishActiveRun, seedWorkflow } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

/** The webhook over one real listening socket, as external systems call it, across the trigger's life. */
describeEachDatabase('webhook trigger lifecycle', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let server: Server;
  let baseUrl: string;
  let world: World;
  let token: string;

  const trigger = (pathOrUrl: string, recordId = '7') =>
    fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${baseUrl}${pathOrUrl}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ record_id: recordId }),
    });
  const onThisServer = (url: string | null | undefined) => new URL(url ?? 'missing:').pathname;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    server = testContext.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    world = await seedWorld(context);
    token = (await issueToken(context, world.project, world.admin)).value;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await testContext.close();
  });

  test('of 200 identical concurrent calls, exactly one starts a run and the others get 409', async () => {
    const { workflow, path } = await seedWorkflow(context, {
      environment: world.environment,
      team: world.team,
      trigger: { rateLimitPerMinute: 1000 },
    });

    const responses = await Promise.all(Array.from({ length: 200 }, () => trigger(path, 'same-record')));
    const statuses = responses.map((response) => response.status);

    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    expect(await context.prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(1);
  });

  test('starts a fresh run on the record once the previous one has finished', async () => {
    const { workflow, path } = await seedWorkflow(context, { environment: world.environment, team: world.team });
    const first = await trigger(path);
    expect((await trigger(path)).status).toBe(409);

    await finishActiveRun(context, workflow.id, '7');
    const again = await trigger(path);

    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    const second = (await again.json()) as { runId: string };
    expect(second.runId).not.toBe(((await first.json()) as { runId: string }).runId);
    expect(await context.prisma.workflowRun.findUniqueOrThrow({ where: { id: second.runId } })).toMatchObject({
      status: 'Queued',
      activeRecordId: '7',
    });
  });

  test('regeneration makes the old URL a 400 at once and the new one start runs', async () => {
    const { workflow } = await seedWorkflow(context, {
      environment: world.environment,
      team: world.team,
      trigger: false,
    });
    const oldUrl = (await enableTrigger(context, null, workflow.id)).trigger?.url;
    expect((await trigger(onThisServer(oldUrl), 'before')).status).toBe(202);

    const newUrl = (await regenerateTrigger(context, null, workflow.id)).trigger?.url;
    const old = await trigger(onThisServer(oldUrl), 'after');
    const fresh = await trigger(onThisServer(newUrl), 'after');

    expect(newUrl).not.toBe(oldUrl);
    expect(newUrl?.startsWith(`${context.config.publicUrl}/hooks/workflows/`)).toBe(true);
    expect(old.status).toBe(400);
    expect(fresh.status).toBe(202);
  });

  test('disabling makes the URL a 404, and enabling again brings the same URL back', async () => {
    const { workflow } = await seedWorkflow(context, {
      environment: world.environment,
      team: world.team,
      trigger: false,
    });
    const url = (await enableTrigger(context, null, workflow.id)).trigger?.url;

    const disabled = await disableTrigger(context, null, workflow.id);
    const whileDisabled = await trigger(onThisServer(url), 'd1');
    const enabledAgain = await enableTrigger(context, null, workflow.id);
    const afterwards = await trigger(onThisServer(url), 'd1');

    expect(disabled.trigger).toMatchObject({ isEnabled: false, url: null });
    expect(whileDisabled.status).toBe(404);
    expect(enabledAgain.trigger?.url).toBe(url);
    expect(afterwards.status).toBe(202);
  });

  test('re-publication keeps the URL and the next run takes the new version', async () => {
    const { workflow, path } = await seedWorkflow(context, { environment: world.environment, team: world.team });
    await context.prisma.workflow.update({
      where: { id: workflow.id },
      data: { version: 2, definition: [{ kind: 'note', content: 'v2' }] },
    });

    const response = await trigger(path, 'v2');

    expect(response.status).toBe(202);
    const { runId } = (await response.json()) as { runId: string };
    const run = await context.prisma.workflowRun.findUniqueOrThrow({ where: { id: runId }, include: { steps: true } });
    expect(run).toMatchObject({ workflowVersion: 2, definition: [{ kind: 'note', content: 'v2' }] });
    expect(run.steps.map((step) => step.kind)).toEqual(['note']);
  });
});

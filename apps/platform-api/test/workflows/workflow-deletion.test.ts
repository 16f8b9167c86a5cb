import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../src/context';
import type { User } from '../../src/generated/prisma/client';
import { createSession } from '../../src/identity/sessions-service';
import { createRun } from '../../src/workflows/workflow-runs-service';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { finishActiveRun, seedWorkflow } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

/** `DELETE /api/workflows/:id` over a listening socket, and what its webhook and runs answer after. */
describeEachDatabase('workflow deletion', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let server: Server;
  let baseUrl: string;
  let world: World;
  let token: string;
  let adminCookie: string;

  const cookieOf = async (user: User) =>
    `platform_session=${(await createSession(context, { userId: user.id, isSso: false })).token}`;
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const trigger = (path: string, recordId = '7') =>
    call('POST', path, { Authorization: `Bearer ${token}` }, { record_id: recordId });
  const followRun = (runId: string) => call('GET', `/v1/workflow-runs/${runId}`, { Authorization: `Bearer ${token}` });
  const remove = (workflowId: number, query = '', cookie = adminCookie) =>
    call('DELETE', `/api/workflows/${workflowId}${query}`, { Cookie: cookie });
  const publish = () => seedWorkflow(context, { environment: world.environment, team: world.team });

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    server = testContext.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    world = await seedWorld(context);
    token = (await issueToken(context, world.project, world.admin)).value;
    adminCookie = await cookieOf(world.admin);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await testContext.close();
  });

  test('the webhook URL that started a run answers 404 once the workflow is deleted, and so does the run', async () => {
    const { workflow, path } = await publish();
    const started = await trigger(path);
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    await finishActiveRun(context, workflow.id, '7');
    expect((await followRun(runId)).status).toBe(200);

    const deleted = await remove(workflow.id);

    expect(deleted.status).toBe(204);
    const after = await trigger(path);
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual({ code: 'not_found', message: 'No workflow webhook at this URL.' });
    expect((await followRun(runId)).status).toBe(404);
    expect(await context.prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(0);
  });

  test('a run created for a workflow deleted after its lookup is a NotFoundError, not a driver error', async () => {
    const { workflow } = await publish();
    const found = await context.prisma.workflow.findUniqueOrThrow({ where: { id: workflow.id } });
    expect(found.id).toBe(workflow.id);
    await context.prisma.workflow.delete({ where: { id: workflow.id } });

    const run = createRun(context, { workflow: found, recordId: '7', userId: world.admin.id, tokenId: null });

    await expect(run).rejects.toMatchObject({ name: 'NotFoundError', message: `No workflow ${workflow.id}.` });
  });

  test('the deletion is in the admin log, with the acting Admin and the runs deleted', async () => {
    const { workflow, path } = await publish();
    expect((await trigger(path, '8')).status).toBe(202);
    await finishActiveRun(context, workflow.id, '8');

    await remove(workflow.id);

    const entry = await context.prisma.adminLog.findFirst({
      where: { action: 'workflow.delete', targetId: String(workflow.id) },
    });
    expect(entry).toMatchObject({ userId: world.admin.id, projectId: world.project.id, targetType: 'workflow' });
    expect(entry?.details).toMatchObject({ name: workflow.name, runs: 1, activeRuns: 0, force: false, source: 'api' });
  });

  test('is refused with 409 while a run is queued, saying what to do; ?force=true deletes it and the run', async () => {
    const { workflow, path } = await publish();
    expect((await trigger(path, '9')).status).toBe(202);

    const refused = await remove(workflow.id);
    const forced = await remove(workflow.id, '?force=true');

    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'conflict',
      message: expect.stringMatching(/^Workflow .+ has 1 run queued or running: deactivate it .+--force in the CLI/),
    });
    expect(forced.status).toBe(204);
    expect(await context.prisma.workflow.count({ where: { id: workflow.id } })).toBe(0);
    expect(await context.prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(0);
  });

  test('a member who is not an Admin gets 403, and the workflow stays', async () => {
    const { workflow } = await publish();
    const developer = await seedUser(context, { project: world.project, role: 'Developer' });

    const response = await remove(workflow.id, '', await cookieOf(developer));

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'Forbidden' });
    expect(await context.prisma.workflow.count({ where: { id: workflow.id } })).toBe(1);
  });

  test('a workflow of a project the user is not a member of is a 404, and stays', async () => {
    const other = await seedWorld(context);
    const { workflow } = await seedWorkflow(context, { environment: other.environment, team: other.team });

    const response = await remove(workflow.id);

    expect(response.status).toBe(404);
    expect(await context.prisma.workflow.count({ where: { id: workflow.id } })).toBe(1);
  });

  test.each([
    ['an unknown workflow', '/api/workflows/999999', 404, 'not_found'],
    ['a malformed id', '/api/workflows/abc', 400, 'invalid_request'],
    ['a force that is not true or false', '/api/workflows/1?force=yes', 400, 'invalid_request'],
  ])('%s (%s) is refused with %i', async (_name, path, status, code) => {
    const response = await call('DELETE', path, { Cookie: adminCookie });

    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  test('without a session, 401', async () => {
    const { workflow } = await publish();

    const response = await call('DELETE', `/api/workflows/${workflow.id}`);

    expect(response.status).toBe(401);
    expect(await context.prisma.workflow.count({ where: { id: workflow.id } })).toBe(1);
  });
});

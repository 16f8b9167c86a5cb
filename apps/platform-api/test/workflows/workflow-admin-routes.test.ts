import type express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import type { User } from '../../src/generated/prisma/client';
import { createSession } from '../../src/identity/sessions-service';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { DEFAULT_STEPS } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('workflow admin API', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let app: express.Express;
  let world: World;
  let adminCookie: string;

  const cookieOf = async (user: User) =>
    `platform_session=${(await createSession(context, { userId: user.id, isSso: false })).token}`;
  const definition = (name: string, extra: object = {}) => ({
    name,
    collection: 'invoices',
    steps: DEFAULT_STEPS,
    ...extra,
  });
  const publish = (body: object, cookie = adminCookie) =>
    request(app).post('/api/workflows').set('Cookie', cookie).send(body);
  const target = () => ({ project: world.project.name, environment: world.environment.name, team: world.team.name });
  const publishNamed = async (name: string) =>
    (await publish({ ...target(), definition: definition(name) })).body.workflow;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    app = testContext.app;
    world = await seedWorld(context);
    await context.prisma.rendering.create({ data: { environmentId: world.environment.id, teamId: world.team.id } });
    adminCookie = await cookieOf(world.admin);
  });
  afterAll(() => testContext.close());

  test('publishes a workflow (201), then a new version of it under the same id (200), and logs both', async () => {
    const first = await publish({ ...target(), definition: definition('Pay') });
    const second = await publish({
      ...target(),
      definition: definition('Pay', { steps: [{ kind: 'note', content: 'v2' }] }),
    });

    expect(first.status).toBe(201);
    expect(first.body.workflow).toMatchObject({
      name: 'Pay',
      collection: 'invoices',
      version: 1,
      isActive: true,
      team: { id: world.team.id, name: 'Operations' },
      environment: { id: world.environment.id, name: 'Production' },
      steps: DEFAULT_STEPS,
      trigger: null,
    });
    expect(second.status).toBe(200);
    expect(second.body.workflow).toMatchObject({
      id: first.body.workflow.id,
      version: 2,
      steps: [{ kind: 'note', content: 'v2' }],
    });
    const logs = await context.prisma.adminLog.findMany({
      where: { targetType: 'workflow', targetId: String(first.body.workflow.id) },
    });
    expect(logs.map((log) => [log.action, log.userId])).toEqual([
      ['workflow.publish', world.admin.id],
      ['workflow.publish', world.admin.id],
    ]);
  });

  test('lists the workflows of an environment by name, and of one team', async () => {
    await publishNamed('B-list');
    await publishNamed('A-list');

    const all = await request(app)
      .get('/api/workflows')
      .query({ project: world.project.name, environment: 'Production' })
      .set('Cookie', adminCookie);
    const otherTeam = await request(app)
      .get('/api/workflows')
      .query({ project: world.project.name, environment: 'Production', team: world.otherTeam.name })
      .set('Cookie', adminCookie);

    expect(all.status).toBe(200);
    const names = all.body.workflows.map((workflow: { name: string }) => workflow.name);
    expect(names.indexOf('A-list')).toBeLessThan(names.indexOf('B-list'));
    expect(otherTeam.body).toEqual({ workflows: [] });
  });

  test('activates and deactivates a workflow', async () => {
    const workflow = await publishNamed('Toggle');

    const off = await request(app).post(`/api/workflows/${workflow.id}/deactivate`).set('Cookie', adminCookie);
    const on = await request(app).post(`/api/workflows/${workflow.id}/activate`).set('Cookie', adminCookie);

    expect(off.body.workflow.isActive).toBe(false);
    expect(on.body.workflow.isActive).toBe(true);
  });

  test('enables the trigger and returns its URL, disables, regenerates, and sets its rate limit', async () => {
    const workflow = await publishNamed('Hooked');
    const base = `/api/workflows/${workflow.id}/trigger`;

    const enabled = await request(app).post(`${base}/enable`).set('Cookie', adminCookie);
    const regenerated = await request(app).post(`${base}/regenerate`).set('Cookie', adminCookie);
    const limited = await request(app).put(`${base}/rate-limit`).set('Cookie', adminCookie).send({ perMinute: 5 });
    const disabled = await request(app).post(`${base}/disable`).set('Cookie', adminCookie);

    expect(enabled.body.workflow.trigger).toMatchObject({
      isEnabled: true,
      url: expect.stringMatching(/^http:\/\/.+\/hooks\/workflows\/[\w-]+\.[\w-]{43}$/),
      rateLimitPerMinute: 60,
    });
    expect(regenerated.body.workflow.trigger.url).not.toBe(enabled.body.workflow.trigger.url);
    expect(limited.body.workflow.trigger.rateLimitPerMinute).toBe(5);
    expect(disabled.body.workflow.trigger).toMatchObject({ isEnabled: false, url: null });
    const trigger = await context.prisma.webhookTrigger.findUniqueOrThrow({ where: { workflowId: workflow.id } });
    expect(trigger).toMatchObject({ generation: 2, rateLimitPerMinute: 5, isEnabled: false });
  });

  test('lists the runs of a workflow, latest first, and shows one', async () => {
    const workflow = await publishNamed('Runs');
    const url: string = (
      await request(app).post(`/api/workflows/${workflow.id}/trigger/enable`).set('Cookie', adminCookie)
    ).body.workflow.trigger.url;
    const token = (await issueToken(context, world.project, world.admin)).value;
    const path = new URL(url).pathname;
    for (const recordId of ['1', '2']) {
      await request(app).post(path).set('Authorization', `Bearer ${token}`).send({ record_id: recordId }).expect(202);
    }

    const runs = await request(app).get(`/api/workflows/${workflow.id}/runs`).set('Cookie', adminCookie);
    const runId = runs.body.runs[0].runId;
    const one = await request(app).get(`/api/workflows/${workflow.id}/runs/${runId}`).set('Cookie', adminCookie);
    const failedOnly = await request(app)
      .get(`/api/workflows/${workflow.id}/runs?status=failed`)
      .set('Cookie', adminCookie);

    expect(runs.body.runs.map((run: { recordId: string }) => run.recordId)).toEqual(['2', '1']);
    expect(one.body.run).toMatchObject({
      runId,
      status: 'queued',
      attempts: 0,
      user: { id: world.admin.id, email: world.admin.email },
      workflow: { id: workflow.id, name: 'Runs', version: 1 },
    });
    expect(failedOnly.body).toEqual({ runs: [] });
  });

  describe('refusals', () => {
    test('answers 401 without a session', async () => {
      const response = await request(app)
        .get('/api/workflows')
        .query({ project: world.project.name, environment: 'Production' });

      expect(response.status).toBe(401);
      expect(response.body.error).toBe('Unauthorized');
    });

    test('answers 403 to a member who is not an Admin, for lists and for one workflow', async () => {
      const workflow = await publishNamed('Guarded');
      const editor = await seedUser(context, { project: world.project, role: 'Editor' });
      const cookie = await cookieOf(editor);

      const list = await request(app)
        .get('/api/workflows')
        .query({ project: world.project.name, environment: 'Production' })
        .set('Cookie', cookie);
      const one = await request(app).post(`/api/workflows/${workflow.id}/trigger/enable`).set('Cookie', cookie);

      expect([list.status, one.status]).toEqual([403, 403]);
      expect(one.body).toEqual({ error: 'Forbidden', message: expect.stringContaining('Only Admins') });
    });

    test('answers 404 for a workflow of a project the user is not a member of', async () => {
      const workflow = await publishNamed('Hidden');
      const stranger = await seedUser(context);

      const response = await request(app)
        .get(`/api/workflows/${workflow.id}`)
        .set('Cookie', await cookieOf(stranger));

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    });

    test.each([
      [
        'a definition without steps',
        { definition: { name: 'X', collection: 'c', steps: [] } },
        'body.definition.steps',
      ],
      [
        'an unknown step kind',
        { definition: { name: 'X', collection: 'c', steps: [{ kind: 'delete' }] } },
        'body.definition.steps.0.kind',
      ],
      ['no team', { team: undefined, definition: { name: 'X', collection: 'c', steps: DEFAULT_STEPS } }, 'body.team'],
    ])('answers 400 for %s', async (_name, body, path) => {
      const response = await publish({ ...target(), ...body });

      expect(response.status).toBe(400);
      expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    });

    test.each([
      ['an unknown environment', { environment: 'nope' }, 404],
      ['an unknown team', { team: 'nope' }, 404],
      ['a team without a rendering of the environment', { environment: 'staging' }, 409],
    ])('refuses %s', async (_name, override, status) => {
      const response = await publish({ ...target(), ...override, definition: definition('Where') });

      expect(response.status).toBe(status);
    });

    test('refuses a rate limit out of range, and a trigger change before the trigger exists', async () => {
      const workflow = await publishNamed('Limits');

      const early = await request(app).post(`/api/workflows/${workflow.id}/trigger/disable`).set('Cookie', adminCookie);
      await request(app).post(`/api/workflows/${workflow.id}/trigger/enable`).set('Cookie', adminCookie).expect(200);
      const zero = await request(app)
        .put(`/api/workflows/${workflow.id}/trigger/rate-limit`)
        .set('Cookie', adminCookie)
        .send({ perMinute: 0 });

      expect(early.status).toBe(404);
      expect(early.body.message).toContain('enable it first');
      expect(zero.status).toBe(400);
      expect(zero.body.issues[0].path).toBe('body.perMinute');
    });

    test('answers 400 for a malformed workflow or run id', async () => {
      const badWorkflow = await request(app).get('/api/workflows/abc').set('Cookie', adminCookie);
      const badRun = await request(app).get('/api/workflows/1/runs/not-a-uuid').set('Cookie', adminCookie);

      expect(badWorkflow.status).toBe(400);
      expect(badWorkflow.body.issues[0].path).toBe('params.workflowId');
      expect(badRun.status).toBe(400);
    });
  });
});

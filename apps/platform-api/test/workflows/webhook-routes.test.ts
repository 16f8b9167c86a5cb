import type express from 'express';
import type { AppContext } from '../../src/context';
import type { User } from '../../src/generated/prisma/client';
import { revokeToken } from '../../src/tokens/tokens-service';
import { createTestClock } from '../factories/test-clock';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { DEFAULT_STEPS, type SeededWorkflow, seedWorkflow, webhookPathOf } from '../factories/workflow-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from '../public-api/helpers/public-api-client';

describeEachDatabase('POST <webhook_url>', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let app: express.Express;
  let api: PublicApiClient;
  let world: World;

  // Every response is also checked against the OpenAPI document the server publishes.
  const trigger = (path: string, token: string | undefined, body: unknown = { record_id: '42' }) =>
    api.post(path, body, token);
  const seed = (options: Partial<Parameters<typeof seedWorkflow>[1]> = {}): Promise<SeededWorkflow> =>
    seedWorkflow(context, { environment: world.environment, team: world.team, ...options });
  const tokenOf = async (user: User = world.admin, options: Parameters<typeof issueToken>[3] = {}) =>
    (await issueToken(context, world.project, user, options)).value;

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
    app = testContext.app;
    api = createPublicApiClient(app);
    world = await seedWorld(context);
  });
  afterAll(() => testContext.close());

  describe('202', () => {
    test('queues a run of the current version on the record, one pending step per step, as the token user', async () => {
      const { workflow, path } = await seed();
      await context.prisma.workflow.update({ where: { id: workflow.id }, data: { version: 3 } });
      const token = await issueToken(context, world.project, world.admin);

      const response = await trigger(path, token.value, { record_id: '12|34', note: 'unknown fields are ignored' });

      expect(response.status).toBe(202);
      expect(response.body).toEqual({ runId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const run = await context.prisma.workflowRun.findUniqueOrThrow({
        where: { id: response.body.runId },
        include: { steps: { orderBy: { position: 'asc' } } },
      });
      expect(run).toMatchObject({
        workflowId: workflow.id,
        workflowVersion: 3,
        definition: DEFAULT_STEPS,
        recordId: '12|34',
        activeRecordId: '12|34',
        status: 'Queued',
        userId: world.admin.id,
        tokenId: token.id,
        attempts: 0,
      });
      expect(run.steps.map((step) => [step.position, step.kind, step.status])).toEqual([
        [0, 'read', 'Pending'],
        [1, 'update', 'Pending'],
        [2, 'note', 'Pending'],
      ]);
    });

    test('lets a member of the owning team who is not an Admin start a run', async () => {
      const { path } = await seed();
      const editor = await seedUser(context, { project: world.project, role: 'Editor' });
      await context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: editor.id } });

      const response = await trigger(path, await tokenOf(editor));

      expect(response.status).toBe(202);
    });
  });

  describe('400', () => {
    test.each([
      ['garbage', () => '/hooks/workflows/not-a-signed-url'],
      ['without its signature', (path: string) => path.split('.')[0] as string],
      ['with one more segment', (path: string) => `${path}.x`],
      [
        'with its payload edited',
        (path: string) => path.replace(/\/[^/.]+\./, `/${Buffer.from('1.1.1').toString('base64url')}.`),
      ],
      ['with its signature edited', (path: string) => `${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`],
    ])('refuses a URL %s', async (_name, alter) => {
      const { path } = await seed();

      const response = await trigger(alter(path), await tokenOf());

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'invalid_request',
        message: expect.stringContaining('malformed or was altered'),
        issues: [],
      });
    });

    test('refuses an old URL after regeneration, even without a valid token needed first', async () => {
      const { workflow, path } = await seed();
      await context.prisma.webhookTrigger.update({ where: { workflowId: workflow.id }, data: { generation: 2 } });

      const response = await trigger(path, await tokenOf());

      expect(response.status).toBe(400);
      expect(response.body.message).toContain('was regenerated');
    });

    test('keeps an old URL a 400 while the trigger is disabled (superseded is checked before disabled)', async () => {
      const { workflow, path, renderingId } = await seed();
      await context.prisma.webhookTrigger.update({
        where: { workflowId: workflow.id },
        data: { generation: 2, isEnabled: false },
      });
      const current = await webhookPathOf(context, workflow.id, renderingId, 2);

      const old = await trigger(path, await tokenOf());
      const disabled = await trigger(current, await tokenOf());

      expect(old.status).toBe(400);
      expect(disabled.status).toBe(404);
    });

    test.each([
      ['invalid JSON', '{"record_id":', 'invalid_json', undefined],
      ['no record_id', {}, 'invalid_request', 'body.record_id'],
      ['an empty record_id', { record_id: '' }, 'invalid_request', 'body.record_id'],
      ['a numeric record_id', { record_id: 42 }, 'invalid_request', 'body.record_id'],
      ['a record_id holding NUL', { record_id: 'a\u0000b' }, 'invalid_request', 'body.record_id'],
      ['a JSON array', '[]', 'invalid_request', 'body'],
    ])('refuses a body with %s', async (_name, body, code, issuePath) => {
      const { path } = await seed();

      const response = await trigger(path, await tokenOf(), body);

      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
      expect(response.body.issues?.[0]?.path).toBe(issuePath);
    });
  });

  describe('401', () => {
    test.each([
      ['no token', async () => undefined, 'Invalid or missing application token.'],
      ['an unknown token', async () => 'plat_unknown', 'Invalid or missing application token.'],
      [
        'a revoked token',
        async () => {
          const token = await issueToken(context, world.project, world.admin);
          await revokeToken(context, token.id, null);
          return token.value;
        },
        'Invalid or missing application token.',
      ],
      [
        'an expired token',
        async () => {
          const token = await tokenOf(world.admin, { expiresAt: '2030-01-02T00:00:00.000Z' });
          clock.set('2030-01-03T00:00:00.000Z');
          return token;
        },
        'The application token has expired.',
      ],
    ])('refuses %s', async (_name, makeToken, message) => {
      clock.set('2030-01-01T12:00:00.000Z');
      const { path } = await seed();

      const response = await trigger(path, await makeToken());
      clock.set('2030-01-01T12:00:00.000Z');

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', message });
    });

    test('checks the token before the body: invalid JSON without a token is a 401', async () => {
      const { path } = await seed();

      const response = await trigger(path, undefined, '{not json');

      expect(response.status).toBe(401);
    });
  });

  describe('403', () => {
    test('refuses the token of another project of the organization', async () => {
      const { path } = await seed();
      const other = await context.prisma.project.create({
        data: { organizationId: world.project.organizationId, name: 'Other' },
      });
      const outsider = await seedUser(context, { project: other });
      const token = (await issueToken(context, other, outsider)).value;

      const response = await trigger(path, token);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden', message: expect.stringContaining('another project') });
    });

    test("refuses a member who is not in the team owning the workflow's rendering", async () => {
      const { path } = await seed();
      const member = await seedUser(context, { project: world.project, role: 'Admin' });
      await context.prisma.teamMembership.create({ data: { teamId: world.otherTeam.id, userId: member.id } });

      const response = await trigger(path, await tokenOf(member));

      expect(response.status).toBe(403);
      expect(response.body.message).toContain('not in the team');
    });

    test('refuses a user who left the project since the token was issued', async () => {
      const { path } = await seed();
      const member = await seedUser(context, { project: world.project, role: 'Editor' });
      await context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: member.id } });
      const token = await tokenOf(member);
      expect((await trigger(path, token, { record_id: 'left-1' })).status).toBe(202);
      await context.prisma.projectMembership.delete({
        where: { projectId_userId: { projectId: world.project.id, userId: member.id } },
      });

      const response = await trigger(path, token, { record_id: 'left-2' });

      expect(response.status).toBe(403);
      expect(response.body.message).toContain('no longer a member');
    });

    test('refuses a token not created in an SSO session on a project that uses SSO', async () => {
      const sso = await seedWorld(context);
      const { path } = await seedWorkflow(context, { environment: sso.environment, team: sso.team });
      // Issued before the project turned to SSO, as tokens of a project that adopts SSO are.
      const plain = (await issueToken(context, sso.project, sso.admin)).value;
      await context.prisma.project.update({ where: { id: sso.project.id }, data: { usesSso: true } });
      const fromSso = (await issueToken(context, sso.project, sso.admin, { isSsoSession: true })).value;

      const refused = await trigger(path, plain);
      const accepted = await trigger(path, fromSso);

      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('SSO');
      expect(accepted.status).toBe(202);
    });

    test('refuses a read-only token', async () => {
      const { path } = await seed();

      const response = await trigger(path, await tokenOf(world.admin, { permissionLevel: 'read-only' }));

      expect(response.status).toBe(403);
      expect(response.body.message).toContain('read-write');
    });
  });

  describe('404', () => {
    test.each([
      ['an unknown workflow', async () => webhookPathOf(context, 2_000_000_000, 1, 1), 'No workflow webhook'],
      ['a workflow without a trigger', async () => (await seed({ trigger: false })).path, 'No workflow webhook'],
      [
        'a rendering that is not the workflow’s',
        async () => {
          const { workflow, renderingId } = await seed();
          return webhookPathOf(context, workflow.id, renderingId + 1000, 1);
        },
        'No workflow webhook',
      ],
      ['a disabled trigger', async () => (await seed({ trigger: { isEnabled: false } })).path, 'is disabled'],
      ['an inactive workflow', async () => (await seed({ isActive: false })).path, 'is not active'],
    ])('answers %s', async (_name, pathOf, message) => {
      const path = await pathOf();

      const response = await trigger(path, await tokenOf());

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: expect.stringContaining(message) });
    });
  });

  describe('409', () => {
    test('refuses a second run of the workflow on a record with an active run, naming both', async () => {
      const { workflow, path } = await seed();
      const token = await tokenOf();
      const first = await trigger(path, token, { record_id: 'inv-7' });

      const second = await trigger(path, token, { record_id: 'inv-7' });
      const otherRecord = await trigger(path, token, { record_id: 'inv-8' });

      expect(first.status).toBe(202);
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        error: `A run of workflow ${workflow.name} is already ongoing on record inv-7.`,
      });
      expect(otherRecord.status).toBe(202);
      expect(await context.prisma.workflowRun.count({ where: { workflowId: workflow.id, recordId: 'inv-7' } })).toBe(1);
    });
  });
});

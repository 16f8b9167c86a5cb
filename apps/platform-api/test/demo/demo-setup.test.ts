import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEMO, DEMO_WORKFLOW, demoRefusalOf, ensureDemo } from '../../src/demo/demo-setup';
import { hashEnvironmentSecret } from '../../src/identity/environment-secret';
import { setupOrganization } from '../../src/identity/organization-setup';
import { verifyPassword } from '../../src/identity/password-hasher';
import { createTestContext, type TestContext } from '../helpers/test-context';

// `start --demo` (npm start's quickstart): the demo is made on the embedded database only, so these
// run on PGlite; the whole path (start, example agent, webhook, run) is the quickstart scenario's.
describe('the demo setup', () => {
  let world: TestContext;
  let dataDir: string;
  const agentUrl = 'http://127.0.0.1:3351';

  beforeEach(async () => {
    world = await createTestContext('pglite');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-demo-'));
  });
  afterEach(async () => {
    await world.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('on an empty database it makes a working admin, token, environment and sample workflow', async () => {
    const { context, app } = world;
    const demo = await ensureDemo(context, { dataDir, agentUrl });

    expect(demo).toMatchObject({ organization: 'Acme', project: 'backoffice', environment: 'development', agentUrl });
    if (!demo) throw new Error('no demo');
    const admin = await context.prisma.user.findUniqueOrThrow({ where: { email: DEMO.adminEmail } });
    expect(demo.adminPassword).toMatch(/^[\w-]{16}$/);
    expect(await verifyPassword(demo.adminPassword, admin.passwordHash ?? '')).toBe(true);
    const environment = await context.prisma.environment.findFirstOrThrow({ where: { name: DEMO.environment } });
    expect(environment).toMatchObject({ agentUrl, secretHash: hashEnvironmentSecret(demo.envSecret) });

    const notes = await request(app)
      .get(`/v1/project/${demo.project}/environment/${demo.environment}/notes`)
      .set('Authorization', `Bearer ${demo.token}`);
    expect(notes.status).toBe(200);

    const workflow = await context.prisma.workflow.findUniqueOrThrow({
      where: { id: demo.workflowId },
      include: { webhookTrigger: true },
    });
    expect(workflow).toMatchObject({ name: DEMO_WORKFLOW.name, collectionName: 'orders', isActive: true });
    expect(workflow.definition).toEqual(DEMO_WORKFLOW.steps);
    expect(workflow.webhookTrigger?.isEnabled).toBe(true);
    expect(demo.webhookUrl.startsWith(`${context.config.publicUrl}/hooks/workflows/`)).toBe(true);
    const trigger = await request(app)
      .post(new URL(demo.webhookUrl).pathname)
      .set('Authorization', `Bearer ${demo.token}`)
      .send({ record_id: '1' });
    expect(trigger.status).toBe(202);
  });

  test('its secrets are kept in demo.json, readable by its owner only', async () => {
    const demo = await ensureDemo(world.context, { dataDir, agentUrl });

    const file = path.join(dataDir, 'demo.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(demo);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a later start reuses the demo, following a changed agent URL', async () => {
    const { context } = world;
    const first = await ensureDemo(context, { dataDir, agentUrl });
    const again = await ensureDemo(context, { dataDir, agentUrl });
    const moved = await ensureDemo(context, { dataDir, agentUrl: 'http://127.0.0.1:4000' });

    expect(again).toEqual(first);
    expect(moved).toEqual({ ...first, agentUrl: 'http://127.0.0.1:4000' });
    expect(await context.prisma.organization.count()).toBe(1);
    expect(await context.prisma.applicationToken.count()).toBe(1);
    const environment = await context.prisma.environment.findFirstOrThrow({ where: { name: DEMO.environment } });
    expect(environment.agentUrl).toBe('http://127.0.0.1:4000');
  });

  test('a later start on another public URL prints the webhook URL that server serves', async () => {
    const { context } = world;
    const first = await ensureDemo(context, { dataDir, agentUrl });
    const elsewhere = { ...context, config: { ...context.config, publicUrl: 'http://127.0.0.1:4555' } };

    const again = await ensureDemo(elsewhere, { dataDir, agentUrl });

    expect(first?.webhookUrl.startsWith(`${context.config.publicUrl}/hooks/workflows/`)).toBe(true);
    expect(again?.webhookUrl).toBe(first?.webhookUrl.replace(context.config.publicUrl, 'http://127.0.0.1:4555'));
    expect(JSON.parse(readFileSync(path.join(dataDir, 'demo.json'), 'utf8')).webhookUrl).toBe(again?.webhookUrl);
  });

  test('a database set up by hand is left alone', async () => {
    const { context } = world;
    await setupOrganization(context, {
      organization: 'Mine',
      project: 'crm',
      environments: ['production'],
      adminEmail: 'me@example.com',
      adminPassword: 'a long passphrase',
    });
    expect(await context.prisma.organization.count()).toBe(1);

    expect(await ensureDemo(context, { dataDir, agentUrl })).toBeUndefined();
    expect(await context.prisma.organization.count()).toBe(1);
    expect(await context.prisma.user.findUnique({ where: { email: DEMO.adminEmail } })).toBeNull();
  });
});

describe('where the demo is refused', () => {
  test.each([
    ['embedded', 'development', undefined],
    ['embedded', undefined, undefined],
    ['embedded', 'production', 'NODE_ENV is production'],
    ['postgres', 'development', 'the demo is made on the embedded database only, not on DATABASE_URL'],
  ] as const)('%s database, NODE_ENV=%s', (kind, nodeEnv, refusal) => {
    expect(demoRefusalOf(kind, nodeEnv)).toBe(refusal);
  });
});

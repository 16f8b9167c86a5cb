import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { WorkflowView } from '../../src/workflows/workflow-view';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

const YAML_DEFINITION = `
name: Mark paid
collection: invoices
steps:
  - kind: read
    fields: [status]
  - kind: condition
    field: status
    operator: equal
    value: due
    otherwise: stop
  - kind: update
    values:
      status: paid
`;

describeEachDatabase('platform-api workflows', (kind) => {
  let database: CliDatabase;
  let world: World;
  let directory: string;
  let where: string[];

  const cli = (...argv: string[]) => runCliOn(database, argv);
  const file = async (name: string, content: string) => {
    const path = join(directory, name);
    await writeFile(path, content);
    return path;
  };
  const create = async (path: string, ...extra: string[]) =>
    cli('workflows', 'create', ...where, '--file', path, ...extra);

  beforeAll(async () => {
    database = await openCliDatabase(kind);
    world = await database.withContext((context) => seedWorld(context));
    await database.withContext((context) =>
      context.prisma.rendering.create({ data: { environmentId: world.environment.id, teamId: world.team.id } }),
    );
    directory = await mkdtemp(join(tmpdir(), 'platform-workflows-'));
    where = ['--project', world.project.name, '--environment', world.environment.name, '--team', world.team.name];
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
    await database.close();
  });

  test('create publishes a YAML file, then a new version from JSON', async () => {
    const yaml = await create(await file('pay.yaml', YAML_DEFINITION));
    const json = await create(
      await file(
        'pay.json',
        JSON.stringify({ name: 'Mark paid', collection: 'invoices', steps: [{ kind: 'note', content: 'Paid' }] }),
      ),
      '--json',
    );

    expect(yaml.exitCode).toBe(0);
    expect(yaml.stdout).toMatch(/^Created workflow Mark paid \(id \d+\)\.\n\d+\tMark paid\tv1\tactive\n/);
    expect(yaml.stdout).toContain('3 steps');
    expect(json.exitCode).toBe(0);
    expect(json.json()).toMatchObject({
      isNew: false,
      workflow: { name: 'Mark paid', version: 2, steps: [{ kind: 'note' }] },
    });
  });

  test('a bad definition is a usage error naming the file and the field, before any database work', async () => {
    const path = await file('bad.yaml', 'name: Bad\ncollection: invoices\nsteps:\n  - kind: update\n    values: {}\n');

    const result = await create(path);

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`Invalid workflow file ${path}: steps.0.values: expected at least one field`);
  });

  test.each([
    ['a missing file', async () => join(directory, 'missing.yaml'), 'Cannot read the workflow file'],
    ['invalid YAML', async () => file('broken.yaml', 'name: [unclosed'), 'is not valid YAML'],
    ['invalid JSON', async () => file('broken.json', '{"name":'), 'is not valid JSON'],
  ])('create refuses %s with exit code 2', async (_name, pathOf, message) => {
    const result = await create(await pathOf());

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
  });

  test('trigger enable prints the URL, which starts a run; regenerate, disable and rate-limit change it', async () => {
    const created = await create(await file('hook.yaml', YAML_DEFINITION.replace('Mark paid', 'Hooked')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);

    const enabled = await cli('workflows', 'trigger', 'enable', id);
    const url = enabled.stdout.trim().split('\n').at(-1) as string;
    const run = await database.withContext(async (context) => {
      const token = (await issueToken(context, world.project, world.admin)).value;
      return request(createApp(context))
        .post(new URL(url).pathname)
        .set('Authorization', `Bearer ${token}`)
        .send({ record_id: '9' });
    });
    const limited = await cli('workflows', 'trigger', 'rate-limit', id, '--per-minute', '5');
    const regenerated = await cli('workflows', 'trigger', 'regenerate', id, '--json');
    const disabled = await cli('workflows', 'trigger', 'disable', id);

    expect(enabled.exitCode).toBe(0);
    expect(url).toMatch(/\/hooks\/workflows\/[\w-]+\.[\w-]{43}$/);
    expect(run.status).toBe(202);
    expect(limited.stdout).toBe('The webhook of workflow Hooked accepts 5 calls per minute.\n');
    expect(regenerated.json<{ workflow: WorkflowView }>().workflow.trigger?.url).not.toBe(url);
    expect(disabled.stdout).toBe('The webhook trigger of workflow Hooked is disabled.\n');

    const runs = await cli('workflows', 'runs', id);
    const runId = runs.stdout.split('\t')[0] as string;
    const shown = await cli('workflows', 'run', runId);
    expect(runs.stdout).toContain(`queued\trecord 9\tv1`);
    expect(shown.stdout).toContain('\t0\tread\tpending\t0 attempt(s)');
    expect(shown.stdout).toContain('\t2\tupdate\tpending');
  });

  test('without PLATFORM_PUBLIC_URL, a printed URL is of HOST and PORT here, and stderr says so', async () => {
    const created = await create(await file('here.yaml', YAML_DEFINITION.replace('Mark paid', 'Here')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);

    const enabled = await cli('workflows', 'trigger', 'enable', id);
    const limited = await cli('workflows', 'trigger', 'rate-limit', id, '--per-minute', '7');

    expect(enabled.exitCode).toBe(0);
    expect(enabled.stdout.trim().split('\n').at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:3400\/hooks\/workflows\//);
    expect(enabled.stderr).toBe(
      'note: PLATFORM_PUBLIC_URL is not set here, so the URL assumes the server is reached at ' +
        'http://127.0.0.1:3400 (HOST and PORT here); if it is not, set PLATFORM_PUBLIC_URL as the server has it ' +
        'and run this again.\n',
    );
    expect(limited).toMatchObject({ exitCode: 0, stderr: '' });
  });

  test('with PLATFORM_PUBLIC_URL, a printed URL starts with it, and stderr says where it came from', async () => {
    const created = await create(await file('public.yaml', YAML_DEFINITION.replace('Mark paid', 'Public')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);
    const env = { PLATFORM_PUBLIC_URL: 'https://platform.example.com/' };

    const enabled = await runCliOn(database, ['workflows', 'trigger', 'enable', id, '--json'], env);
    const shown = await runCliOn(database, ['workflows', 'show', id], env);

    expect(enabled.json<{ workflow: WorkflowView }>().workflow.trigger?.url).toMatch(
      /^https:\/\/platform\.example\.com\/hooks\/workflows\//,
    );
    const note =
      "note: the URL starts with PLATFORM_PUBLIC_URL (https://platform.example.com) as set here, not with a running server's.\n";
    expect(enabled.stderr).toBe(note);
    expect(shown.stdout).toContain('https://platform.example.com/hooks/workflows/');
    expect(shown.stderr).toBe(note);
  });

  test('list, deactivate and activate', async () => {
    const created = await create(await file('toggle.yaml', YAML_DEFINITION.replace('Mark paid', 'Toggle')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);

    const off = await cli('workflows', 'deactivate', id);
    const listed = await cli(
      'workflows',
      'list',
      '--project',
      world.project.name,
      '--environment',
      world.environment.name,
      '--json',
    );
    const on = await cli('workflows', 'activate', id);

    expect(off.stdout).toBe('Workflow Toggle is inactive.\n');
    const toggle = listed
      .json<{ workflows: WorkflowView[] }>()
      .workflows.find((workflow) => workflow.name === 'Toggle');
    expect(toggle?.isActive).toBe(false);
    expect(on.stdout).toBe('Workflow Toggle is active.\n');
  });

  test('delete removes a workflow and its runs, logged with source cli; its webhook then answers 404', async () => {
    const created = await create(await file('gone.yaml', YAML_DEFINITION.replace('Mark paid', 'Gone')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);
    const url = (await cli('workflows', 'trigger', 'enable', id)).stdout.trim().split('\n').at(-1) as string;
    const call = () =>
      database.withContext(async (context) => {
        const token = (await issueToken(context, world.project, world.admin)).value;
        return request(createApp(context))
          .post(new URL(url).pathname)
          .set('Authorization', `Bearer ${token}`)
          .send({ record_id: '5' });
      });
    expect((await call()).status).toBe(202);

    const refused = await cli('workflows', 'delete', id);
    const forced = await cli('workflows', 'delete', id, '--force', '--json');

    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^error: Workflow Gone has 1 run queued or running: deactivate it .+\n$/);
    expect(forced.exitCode).toBe(0);
    expect(forced.json()).toEqual({ deleted: { id: Number(id), name: 'Gone', runs: 1 } });
    expect((await call()).status).toBe(404);
    const entry = await database.withContext((context) =>
      context.prisma.adminLog.findFirst({ where: { action: 'workflow.delete', targetId: id } }),
    );
    expect(entry?.details).toMatchObject({ name: 'Gone', runs: 1, activeRuns: 1, force: true, source: 'cli' });
  });

  test('delete prints what it deleted', async () => {
    const created = await create(await file('bye.yaml', YAML_DEFINITION.replace('Mark paid', 'Bye')), '--json');
    const id = String(created.json<{ workflow: WorkflowView }>().workflow.id);

    const deleted = await cli('workflows', 'delete', id);

    expect(deleted).toMatchObject({ exitCode: 0, stdout: `Deleted workflow Bye (id ${id}) and its 0 runs.\n` });
  });

  test.each([
    ['a workflow id that is not a number', ['workflows', 'activate', 'abc'], 2, 'is not a workflow id'],
    ['a run id that is not a UUID', ['workflows', 'run', '12'], 2, 'is not a run id'],
    ['a rate limit of zero', ['workflows', 'trigger', 'rate-limit', '1', '--per-minute', '0'], 2, '--per-minute'],
    ['an unknown status', ['workflows', 'runs', '1', '--status', 'done'], 2, '--status'],
    ['an unknown workflow', ['workflows', 'activate', '999999'], 1, 'No workflow 999999.'],
    ['deleting an unknown workflow', ['workflows', 'delete', '999999'], 1, 'error: No workflow 999999.\n'],
    ['deleting a workflow id that is not a number', ['workflows', 'delete', 'x'], 2, 'is not a workflow id'],
    ['an unknown run', ['workflows', 'run', '00000000-0000-4000-8000-000000000000'], 1, 'No workflow run'],
  ])('refuses %s', async (_name, argv, exitCode, message) => {
    const result = await cli(...argv);

    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr).toContain(message);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ExitCode } from '../../src';
import { regionLabelCustomization, throwingCustomization } from '../factories/customizations';
import { type CliHome, createCliHome } from '../helpers/cli-home';
import { type CloudTestPlatform, startCloudTestPlatform } from '../helpers/cloud-platform';
import { signIn } from '../helpers/device-login';
import { linkPlatformCloud, runTsc } from '../helpers/generated-project';
import { runCli } from '../helpers/run-cli';

// The whole path of a customer, with the platform hosting the agent: login → bootstrap → a computed
// field in src/index.ts → update-typings → publish, then the hosted agent serves the field; a broken
// publication keeps the previous version serving; a new database column reaches the typings once
// the hosted agent read the database again. The tests run in order on one project.

type Environments = { environments: Array<{ introspectedAt: string | null; liveVersion: number | null }> };

/** Calls `read` until `isDone` holds or `withinMs` passes; resolves to the last value (asserted by the test). */
async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean, withinMs = 60_000): Promise<T> {
  const startedAt = Date.now();
  let value = await read();
  while (!isDone(value) && Date.now() - startedAt < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe('a customization published to the hosted agent', () => {
  let platform: CloudTestPlatform;
  let home: CliHome;
  let project: string;
  const cli = (...argv: string[]) => runCli(argv, { cwd: home.cwd, env: home.env() });
  const inProject = (...argv: string[]) => runCli(argv, { cwd: project, env: home.env() });
  const writeIndex = (source: string) => writeFileSync(path.join(project, 'src', 'index.ts'), source);
  const typings = () => readFileSync(path.join(project, 'typings.d.ts'), 'utf8');
  const order = async (id: number, fields: string) => {
    const response = await platform.agentGet(`/orders/${id}?fields[orders]=${fields}`);
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
  };

  beforeAll(async () => {
    platform = await startCloudTestPlatform();
    home = createCliHome();
    await platform.startRunner();
  });
  afterAll(async () => {
    home.remove();
    await platform.close();
  });

  test('login, then bootstrap once the hosted agent has read the database', async () => {
    await signIn(platform, home, platform.world.admin);
    const listed = await eventually(
      async () => (await cli('environments', '--json', '--platform-url', platform.url)).json<Environments>(),
      (answer) => answer.environments[0]?.introspectedAt != null,
    );
    expect(listed.environments[0]?.introspectedAt).toEqual(expect.any(String));

    const result = await cli('bootstrap', '--env-secret', platform.environmentSecret, '--platform-url', platform.url);

    expect(result.exitCode).toBe(0);
    project = path.join(home.cwd, 'cloud-customizer');
    linkPlatformCloud(project);
    expect(typings()).toContain("'orders': {");
  });

  test('a computed field: update-typings, tsc, publish waits until live, the hosted agent serves it', async () => {
    writeIndex(regionLabelCustomization());
    const updated = await inProject('update-typings');
    expect(updated.exitCode).toBe(0);
    expect(typings()).toContain("'regionLabel': string | null;");
    expect(await runTsc(project)).toEqual({ exitCode: 0, output: '' });

    const published = await inProject('publish', '--json');

    expect(published.exitCode).toBe(0);
    expect(published.json()).toMatchObject({ version: 1, status: 'live' });
    expect(await order(1, 'id,regionLabel')).toEqual({ status: 200, body: { data: { id: 1, regionLabel: 'EU-10' } } });
  });

  test('a publication the hosted agent cannot load fails publish, and the previous version keeps serving', async () => {
    writeIndex(throwingCustomization('the orders table moved'));

    const published = await inProject('publish');

    expect(published.exitCode).toBe(ExitCode.Failure);
    expect(published.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^error: version 2 of .+\/production failed to load, the previous version keeps serving: .*the orders table moved/,
    );
    expect(await order(3, 'id,regionLabel')).toEqual({ status: 200, body: { data: { id: 3, regionLabel: 'EU-30' } } });
    const listed = (await inProject('environments', '--json')).json<Environments>();
    expect(listed.environments[0]?.liveVersion).toBe(1);
  });

  test("logs shows the hosted agent's lines, the failure of version 2 among them", async () => {
    const result = await inProject('logs', '--json', '--limit', '1000');

    expect(result.exitCode).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; message: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.message.includes('the orders table moved'))).toBe(true);
  });

  test('a new column of the database reaches the typings once the hosted agent read the database again', async () => {
    expect(typings()).not.toContain("'note'");
    platform.sql(`ALTER TABLE orders ADD COLUMN note TEXT; UPDATE orders SET note = 'gift' WHERE id = 2;`);
    writeIndex(regionLabelCustomization());

    // A new publication starts a new hosted agent, which reads the database first.
    const published = await inProject('publish', '--json');
    expect(published.json()).toMatchObject({ version: 3, status: 'live' });
    const updated = await inProject('update-typings');

    expect(updated.exitCode).toBe(0);
    expect(typings()).toContain("'note': string | null;");
    expect(typings()).toContain("'regionLabel': string | null;");
    expect(await order(2, 'id,note,regionLabel')).toEqual({
      status: 200,
      body: { data: { id: 2, note: 'gift', regionLabel: 'US-20' } },
    });
  });
});

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle, setCloudConnection } from './cloud-factory';
import { createRunnerHarness, eventually, getOnNewConnection, type RunnerHarness } from './runner-harness';

/**
 * Computed field `pid` (the serving process), and `crash`, which ends the process when read, and
 * `slow`, which writes `<gate>.entered` then waits for the file `gate`.
 */
const lifecycleBundle = (gate: string) =>
  bundleCode(`
  const fs = require('node:fs');
  agent.customizeCollection('orders', (orders) => {
    orders.addField('pid', { columnType: 'Number', dependencies: ['id'], getValues: (records) => records.map(() => process.pid) });
    orders.addField('crash', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: () => process.exit(7),
    });
    orders.addField('slow', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: async (records) => {
        fs.writeFileSync(${JSON.stringify(`${gate}.entered`)}, '');
        while (!fs.existsSync(${JSON.stringify(gate)})) await new Promise((resolve) => setTimeout(resolve, 20));
        return records.map(() => 'done');
      },
    });
  });`);

describe('a hosted agent over its life', () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;
  let gate: string;

  const pidServing = async () => {
    const response = await harness.get('/orders/1?fields[orders]=id,pid').catch(() => undefined);
    if (response?.status !== 200) return undefined;
    return ((await response.json()) as { data: { pid: number } }).data.pid;
  };

  beforeAll(async () => {
    harness = await createRunnerHarness();
    gate = path.join(harness.dir, 'gate');
    await publishBundle(harness.platform.context, harness.environmentId, lifecycleBundle(gate));
    runner = await harness.startRunner();
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  test('is restarted when it dies while serving, and the restart is logged', async () => {
    const before = await eventually(pidServing, (pid) => pid !== undefined);
    expect(before).toEqual(expect.any(Number));

    await harness.get('/orders/1?fields[orders]=id,crash').catch(() => undefined);
    const after = await eventually(pidServing, (pid) => pid !== undefined && pid !== before);

    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(before);
    const messages = (await harness.logLines()).map((line) => `${line.level} ${line.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^Error \[runner\] The hosted agent exited \(code 7\) while serving: restarting in \d+ s\.$/,
      ),
    );
    expect((await harness.bundle(1))?.status).toBe('Live');
  });

  test('restarts on a new connection, whose database it introspects and serves', async () => {
    const otherFile = path.join(harness.dir, 'other.sqlite');
    const db = new Database(otherFile);
    db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT NOT NULL, amount INTEGER NOT NULL);
             CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
             INSERT INTO orders VALUES (1, 'APAC', 99);`);
    db.close();

    await setCloudConnection(harness.platform.context, harness.environmentId, { uri: `sqlite:${otherFile}` });
    const tables = await eventually(
      async () => {
        const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
          where: { environmentId: harness.environmentId },
        });
        return (row.introspection as { tables: Array<{ name: string }> }).tables.map((table) => table.name).sort();
      },
      (names) => names.includes('customers'),
    );
    const region = await eventually(
      async () => {
        const response = await harness.get('/orders/1?fields[orders]=id,region');
        return ((await response.json()) as { data?: { region?: string } }).data?.region;
      },
      (value) => value === 'APAC',
    );

    expect(tables).toEqual(['customers', 'orders']);
    expect(region).toBe('APAC');
  });

  test('stops gracefully with the runner: a request in flight finishes, then the port closes', async () => {
    const origin = await harness.agentOrigin();
    const inFlight = harness.get('/orders/1?fields[orders]=id,slow');
    await eventually(
      async () => existsSync(`${gate}.entered`),
      (hasEntered) => hasEntered,
    );

    const closing = runner.close();
    await eventually(
      () =>
        getOnNewConnection(`${origin}/platform/`, {}).then(
          () => 'open',
          () => 'closed',
        ),
      (state) => state === 'closed',
    );
    writeFileSync(gate, '');
    const response = await inFlight;
    await closing;

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { id: 1, slow: 'done' } });
    await expect(getOnNewConnection(`${origin}/platform/`, {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('a cloud environment removed from the table', () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;

  beforeAll(async () => {
    harness = await createRunnerHarness();
    runner = await harness.startRunner();
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  test('has its hosted agent stopped and its port closed', async () => {
    const origin = await harness.agentOrigin();
    const served = await eventually(
      () => harness.get('/orders').then((response) => response.status),
      (status) => status === 200,
    );
    expect(served).toBe(200);

    await harness.platform.context.prisma.cloudEnvironment.delete({ where: { environmentId: harness.environmentId } });
    const error = await eventually(
      () =>
        getOnNewConnection(`${origin}/platform/orders`, {}).then(
          () => undefined,
          (failure: NodeJS.ErrnoException) => failure.code,
        ),
      (code) => code !== undefined,
    );

    expect(error).toBe('ECONNREFUSED');
  });
});

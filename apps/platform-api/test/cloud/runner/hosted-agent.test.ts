import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { createRunnerHarness, eventually, type RunnerHarness } from './runner-harness';

type Introspection = { tables: Array<{ name: string; columns: Array<{ name: string }> }> };
type Orders = { data: Array<Record<string, unknown>> };

/** A customization adding `label` = region and amount, computed for the whole page at once. */
const LABEL_BUNDLE = bundleCode(`
  agent.customizeCollection('orders', (orders) => {
    orders.addField('label', {
      columnType: 'String',
      dependencies: ['region', 'amount'],
      getValues: (records) => records.map((record) => record.region + '-' + record.amount),
    });
  });`);

describe('the cloud runner hosting one environment', () => {
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

  const columnsOfOrders = async () => {
    const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
      where: { environmentId: harness.environmentId },
    });
    const introspection = row.introspection as Introspection | null;
    return introspection?.tables.find((table) => table.name === 'orders')?.columns.map((column) => column.name) ?? [];
  };

  test('gives the environment a stored port and an agent URL on it', async () => {
    const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
      where: { environmentId: harness.environmentId },
    });

    expect(row.port).toEqual(expect.any(Number));
    expect(await harness.agentOrigin()).toBe(`http://127.0.0.1:${row.port}`);
  });

  test('stores the introspection the hosted agent read at its first start', async () => {
    const columns = await eventually(columnsOfOrders, (names) => names.length > 0);

    expect(columns).toEqual(['id', 'region', 'amount']);
    const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
      where: { environmentId: harness.environmentId },
    });
    expect(row.introspectedAt).toBeInstanceOf(Date);
  });

  test('serves the plain agent, connected to the platform: a platform-minted token reads records', async () => {
    const response = await eventually(
      () => harness.get('/orders'),
      (answer) => answer.status === 200,
    );

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as Orders;
    expect(data.map((order) => Number(order.id)).sort()).toEqual([1, 2, 3]);
    const uploaded = await harness.platform.context.prisma.agentSchema.findUnique({
      where: { environmentId: harness.environmentId },
    });
    const schema = uploaded?.schema as { collections: Array<{ name: string }> } | undefined;
    expect(schema?.collections.map((collection) => collection.name)).toEqual(['orders']);
  });

  test('serves a published bundle: its computed field is read through the agent, and it is Live', async () => {
    await publishBundle(harness.platform.context, harness.environmentId, LABEL_BUNDLE);

    const bundle = await eventually(
      () => harness.bundle(1),
      (row) => row?.status !== 'Pending',
    );
    const response = await harness.get('/orders/1?fields[orders]=id,label');

    expect(bundle).toMatchObject({ status: 'Live', error: null, liveAt: expect.any(Date) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { id: 1, label: 'EU-10' } });
  });

  test('a column added to the database appears in the introspection after the next start', async () => {
    expect(await columnsOfOrders()).not.toContain('note');
    harness.sql(`ALTER TABLE orders ADD COLUMN note TEXT; UPDATE orders SET note = 'gift' WHERE id = 2;`);

    await publishBundle(harness.platform.context, harness.environmentId, LABEL_BUNDLE);
    const columns = await eventually(columnsOfOrders, (names) => names.includes('note'));
    const bundle = await eventually(
      () => harness.bundle(2),
      (row) => row?.status !== 'Pending',
    );

    expect(columns).toContain('note');
    expect(bundle?.status).toBe('Live');
    expect((await harness.bundle(1))?.status).toBe('Superseded');
    const response = await harness.get('/orders/2?fields[orders]=id,note,label');
    expect(await response.json()).toMatchObject({ data: { id: 2, note: 'gift', label: 'US-20' } });
  });

  test('a reintrospection request (introspectedAt cleared) starts the agent again, which stores the structure', async () => {
    harness.sql('ALTER TABLE orders ADD COLUMN shipped INTEGER;');
    expect(await columnsOfOrders()).not.toContain('shipped');

    await harness.platform.context.prisma.cloudEnvironment.update({
      where: { environmentId: harness.environmentId },
      data: { introspectedAt: null },
    });
    const columns = await eventually(columnsOfOrders, (names) => names.includes('shipped'));

    expect(columns).toContain('shipped');
    const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
      where: { environmentId: harness.environmentId },
    });
    expect(row.introspectedAt).toBeInstanceOf(Date);
    expect((await harness.bundle(2))?.status).toBe('Live');
  });

  test('logs its starts and the agent’s own lines to the environment’s log', async () => {
    const isLive = (line: string) => line === 'Info [runner] The hosted agent (version 2) is live.';
    const messages = await eventually(
      async () => (await harness.logLines()).map((line) => `${line.level} ${line.message}`),
      (lines) => lines.filter(isLive).length >= 2,
    );

    expect(messages.filter(isLive)).toHaveLength(2);
    expect(messages.filter((line) => line.includes('again to read the database structure'))).toHaveLength(1);
    expect(messages).toContainEqual(expect.stringMatching(/^Info Agent started: serving \/platform/));
    expect(messages.filter((line) => line.startsWith('Debug'))).toEqual([]);
  });
});

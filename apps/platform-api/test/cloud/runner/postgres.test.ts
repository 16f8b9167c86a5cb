import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { Client } from 'pg';
import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { createRunnerHarness, eventually, type RunnerHarness } from './runner-harness';

const TOTAL_BUNDLE = bundleCode(`
  agent.customizeCollection('invoices', (invoices) => {
    invoices.addField('summary', {
      columnType: 'String',
      dependencies: ['customer', 'total'],
      getValues: (records) => records.map((record) => record.customer + ': ' + record.total),
    });
  });`);

describeWithService('postgres', 'a hosted agent on a PostgreSQL database', () => {
  let database: TestDatabase;
  let harness: RunnerHarness;
  let runner: CloudRunner;

  beforeAll(async () => {
    database = await createPostgresDatabase('cloud_runner');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    await client.query(`CREATE TABLE invoices (id serial PRIMARY KEY, customer text NOT NULL, total integer NOT NULL);
                        INSERT INTO invoices (customer, total) VALUES ('Ada', 120), ('Grace', 80);`);
    await client.end();
    harness = await createRunnerHarness({ connection: { uri: database.uri } });
    runner = await harness.startRunner();
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
    await database?.drop();
  });

  test('stores the introspection of its tables', async () => {
    const tables = await eventually(
      async () => {
        const row = await harness.platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
          where: { environmentId: harness.environmentId },
        });
        const introspection = row.introspection as { dialect: string; tables: Array<{ name: string }> } | null;
        return introspection === null
          ? null
          : { dialect: introspection.dialect, tables: introspection.tables.map((t) => t.name) };
      },
      (value) => value !== null,
    );

    expect(tables).toEqual({ dialect: 'postgres', tables: ['invoices'] });
  });

  test('serves a published computed field over its rows', async () => {
    await publishBundle(harness.platform.context, harness.environmentId, TOTAL_BUNDLE);
    const bundle = await eventually(
      () => harness.bundle(1),
      (row) => row?.status !== 'Pending',
    );

    const response = await harness.get('/invoices?fields[invoices]=id,summary&sort=id');

    expect(bundle?.status).toBe('Live');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Array<{ summary: string }> };
    expect(data.map((invoice) => invoice.summary)).toEqual(['Ada: 120', 'Grace: 80']);
  });
});

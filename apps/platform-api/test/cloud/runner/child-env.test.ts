import { CHILD_ENV } from '../../../src/cloud/runner/child/child-protocol';
import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { AUTH_SECRET, createRunnerHarness, eventually, type RunnerHarness } from './runner-harness';

const PARENT_SECRET = 'PLATFORM_TEST_PARENT_ONLY_SECRET';

/** Computed fields that show the hosted agent's environment: its variable names, and two values. */
const ENV_BUNDLE = bundleCode(`
  agent.customizeCollection('orders', (orders) => {
    const field = (name, value) =>
      orders.addField(name, { columnType: 'String', dependencies: ['id'], getValues: (records) => records.map(value) });
    field('envKeys', () => Object.keys(process.env).sort().join(','));
    field('authSecret', () => process.env.${CHILD_ENV.authSecret});
    field('parentSecret', () => String(process.env.${PARENT_SECRET}));
  });`);

describe("a hosted agent's environment", () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;
  let record: { envKeys: string; authSecret: string; parentSecret: string };

  beforeAll(async () => {
    process.env[PARENT_SECRET] = 'must-not-reach-the-customer';
    harness = await createRunnerHarness();
    runner = await harness.startRunner();
    await publishBundle(harness.platform.context, harness.environmentId, ENV_BUNDLE);
    await eventually(
      () => harness.bundle(1),
      (row) => row?.status !== 'Pending',
    );
    const response = await harness.get('/orders/1?fields[orders]=id,envKeys,authSecret,parentSecret');
    record = ((await response.json()) as { data: typeof record }).data;
  });

  afterAll(async () => {
    delete process.env[PARENT_SECRET];
    await runner?.close();
    await harness?.close();
  });

  test('holds its own connection, secrets, platform URL and route prefix, and NODE_ENV', () => {
    expect(record.envKeys.split(',')).toEqual([...Object.values(CHILD_ENV), 'NODE_ENV'].sort());
    expect(record.authSecret).toBe(AUTH_SECRET);
  });

  test("holds none of the runner's variables", () => {
    expect(process.env[PARENT_SECRET]).toBe('must-not-reach-the-customer');
    expect(Object.keys(process.env).length).toBeGreaterThan(10);

    expect(record.parentSecret).toBe('undefined');
    expect(record.envKeys).not.toMatch(/DATABASE_URL|NODE_OPTIONS|PATH|HOME/);
  });
});

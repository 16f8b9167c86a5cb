import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { createRunnerHarness, eventually, type RunnerHarness } from './runner-harness';

/** Adds the computed fields `label` (region-amount) and `pid` (of the process serving it). */
const GOOD_BUNDLE = bundleCode(`
  agent.customizeCollection('orders', (orders) => {
    orders.addField('label', {
      columnType: 'String',
      dependencies: ['region', 'amount'],
      getValues: (records) => records.map((record) => record.region + '-' + record.amount),
    });
    orders.addField('pid', { columnType: 'Number', dependencies: ['id'], getValues: (records) => records.map(() => process.pid) });
  });`);

/** Each bad bundle, and what its Failed error says. */
const BAD_BUNDLES: ReadonlyArray<readonly [string, string, RegExp]> = [
  [
    'throws at load',
    'throw new Error("boom at load");\nexports.default = () => {};',
    /^Error: boom at load\n {4}at .*bundle-v\d+\.js:1/,
  ],
  [
    'requires a package the host does not provide',
    'require("left-pad");',
    /^BundleLoadError: Cannot require 'left-pad'.*\n {4}at .*bundle-v\d+\.js:1/,
  ],
  [
    'exports no function',
    'exports.default = 42;',
    /^BundleLoadError: The bundle exports no customization function[^\n]*$/,
  ],
  [
    'rejects in its customization function',
    bundleCode('throw new TypeError("no such thing");'),
    /^TypeError: no such thing/,
  ],
  [
    'adds a field on a column that does not exist',
    bundleCode(`agent.customizeCollection('orders', (orders) => {
      orders.addField('broken', { columnType: 'String', dependencies: ['nope'], getValues: (records) => records.map(() => '') });
    });`),
    /nope/,
  ],
  ['exits the process while loading', 'process.exit(3);', /^The hosted agent exited \(code 3\) before it was ready/],
];

describe('a bundle that cannot start', () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;

  const settled = (version: number) =>
    eventually(
      () => harness.bundle(version),
      (row) => row !== null && row.status !== 'Pending',
    );

  beforeAll(async () => {
    harness = await createRunnerHarness();
    runner = await harness.startRunner();
    await publishBundle(harness.platform.context, harness.environmentId, GOOD_BUNDLE);
    await settled(1);
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  let servingPid: number;

  test('precondition: version 1 is Live and served', async () => {
    const response = await harness.get('/orders/1?fields[orders]=id,label,pid');
    const { data } = (await response.json()) as { data: { label: string; pid: number } };
    servingPid = data.pid;

    expect((await harness.bundle(1))?.status).toBe('Live');
    expect(data).toMatchObject({ label: 'EU-10', pid: expect.any(Number) });
  });

  test.each(BAD_BUNDLES)(
    'that %s is Failed with its error; version 1’s process keeps serving',
    async (_what, code, error) => {
      const published = await publishBundle(harness.platform.context, harness.environmentId, code);

      const bundle = await settled(published.version);

      expect(bundle).toMatchObject({ status: 'Failed', liveAt: null });
      expect(bundle?.error).toMatch(error);
      expect((await harness.bundle(1))?.status).toBe('Live');
      const response = await harness.get('/orders/3?fields[orders]=id,label,pid');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { id: 3, label: 'EU-30', pid: servingPid } });
    },
  );

  test('each failure is an Error line of the environment’s log, with the error', async () => {
    const errors = await eventually(
      async () =>
        (await harness.logLines()).filter((line) => line.level === 'Error' && line.message.includes('failed to start')),
      (lines) => lines.length >= BAD_BUNDLES.length,
    );

    expect(errors).toHaveLength(BAD_BUNDLES.length);
    expect(errors[0]?.message).toMatch(
      /^\[runner\] Version 2 failed to start \(the previous version keeps serving\): Error: boom at load/,
    );
  });

  test('a good bundle after the failed ones goes Live; version 1 is Superseded, the failed stay Failed', async () => {
    const published = await publishBundle(harness.platform.context, harness.environmentId, GOOD_BUNDLE);

    expect((await settled(published.version))?.status).toBe('Live');
    expect((await harness.bundle(1))?.status).toBe('Superseded');
    expect((await harness.bundle(2))?.status).toBe('Failed');
  });
});

describe('a first bundle that cannot start, with no version served before it', () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;

  beforeAll(async () => {
    harness = await createRunnerHarness();
    await publishBundle(harness.platform.context, harness.environmentId, 'throw new Error("broken from the start");');
    runner = await harness.startRunner();
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  test('is Failed, and the agent is served without customization', async () => {
    const bundle = await eventually(
      () => harness.bundle(1),
      (row) => row?.status !== 'Pending',
    );
    const response = await eventually(
      () => harness.get('/orders'),
      (answer) => answer.status === 200,
    );

    expect(bundle).toMatchObject({ status: 'Failed', error: expect.stringMatching(/^Error: broken from the start/) });
    expect(response.status).toBe(200);
  });
});

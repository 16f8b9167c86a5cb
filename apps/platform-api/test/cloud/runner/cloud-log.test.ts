import { LOG_LINES_KEPT } from '../../../src/cloud/runner/cloud-log';
import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { createRunnerHarness, eventually, type RunnerHarness } from './runner-harness';

const PRINTED = LOG_LINES_KEPT + 300;

/** Prints PRINTED numbered lines on stdout while loading; reading `warn` prints a line on stderr. */
const CHATTY_BUNDLE = bundleCode(`
  for (let line = 1; line <= ${PRINTED}; line += 1) console.log('chatty line ' + line);
  agent.customizeCollection('orders', (orders) => {
    orders.addField('warn', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: (records) => {
        console.error('chatty warning');
        return records.map(() => 'warned');
      },
    });
  });`);

describe("the hosted agent's log", () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;

  beforeAll(async () => {
    harness = await createRunnerHarness();
    runner = await harness.startRunner();
    await publishBundle(harness.platform.context, harness.environmentId, CHATTY_BUNDLE);
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  test(`keeps the latest ${LOG_LINES_KEPT} lines of the environment`, async () => {
    const lines = await eventually(
      () => harness.logLines(),
      (kept) => kept.some((line) => line.message === `chatty line ${PRINTED}`),
    );

    expect(lines.some((line) => line.message === `chatty line ${PRINTED}`)).toBe(true);
    expect(lines).toHaveLength(LOG_LINES_KEPT);
    expect(lines.some((line) => line.message === 'chatty line 1')).toBe(false);
  });

  test("stores the child's stdout lines as Info and its stderr lines as Warn", async () => {
    await eventually(
      () => harness.bundle(1),
      (bundle) => bundle?.status === 'Live',
    );
    await harness.get('/orders/1?fields[orders]=id,warn');
    const lines = await eventually(
      () => harness.logLines(),
      (kept) => kept.some((line) => line.message === 'chatty warning'),
    );

    expect(lines.find((line) => line.message === `chatty line ${PRINTED}`)?.level).toBe('Info');
    expect(lines.find((line) => line.message === 'chatty warning')?.level).toBe('Warn');
  });
});

import type { ActivityEntry } from '@platform/platform-contract';
import { silentLogger, sleep } from '@platform/tooling/test-helpers';
import { createActivityReporter } from '../../src/platform/activity-reporter';

const entry = (userId: number): ActivityEntry => ({
  userId,
  userEmail: `u${userId}@example.com`,
  action: 'read',
  collection: 'orders',
  occurredAt: new Date().toISOString(),
});
describe('createActivityReporter', () => {
  test('sends batches of the size asked even while entries keep arriving during a send', async () => {
    const batches: number[] = [];
    const reporter = createActivityReporter({
      send: async (entries) => {
        batches.push(entries.length);
        await sleep(30);
      },
      logger: silentLogger,
      batchSize: 50,
      flushIntervalMs: 10_000,
    });

    for (let index = 0; index < 300; index += 1) {
      reporter.record(entry(index));
      await sleep(2);
    }
    await reporter.close();

    expect(batches.reduce((total, size) => total + size, 0)).toBe(300);
    expect(batches.length).toBeLessThanOrEqual(8);
  });

  test('keeps what the platform refused and sends it with the next flush', async () => {
    const sent: ActivityEntry[] = [];
    let isDown = true;
    const reporter = createActivityReporter({
      send: async (entries) => {
        if (isDown) throw new Error('down');
        sent.push(...entries);
      },
      logger: silentLogger,
      flushIntervalMs: 10_000,
    });
    reporter.record(entry(1));

    await reporter.flush();
    isDown = false;
    reporter.record(entry(2));
    await reporter.close();

    expect(sent.map((item) => item.userId)).toEqual([1, 2]);
  });
});

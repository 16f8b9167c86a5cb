import type { LoggerLevel } from '@platform/datasource-toolkit';
import type { ActivityEntry } from '@platform/platform-contract';
import { silentLogger, sleep } from '@platform/tooling/test-helpers';
import { createActivityReporter } from '../../src/platform/activity-reporter';
import { PlatformBreaker } from '../../src/platform/platform-breaker';

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

  test('spaces its attempts with a growing back-off while the platform refuses, whatever the flush interval', async () => {
    let attempts = 0;
    const reporter = createActivityReporter({
      send: async () => {
        attempts += 1;
        throw new Error('down');
      },
      logger: silentLogger,
      flushIntervalMs: 5,
      breaker: new PlatformBreaker({ initialDelayMs: 200, maxDelayMs: 5_000 }),
    });

    for (let index = 0; index < 100; index += 1) {
      reporter.record(entry(index));
      await sleep(10);
    }

    // At least a second of 5 ms ticks: without the back-off, one attempt per tick.
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(6);
    await reporter.close();
  });

  test('logs dropped entries once while the platform refuses, and their count when it takes them again', async () => {
    const lines: Array<[LoggerLevel, string]> = [];
    let isDown = true;
    const reporter = createActivityReporter({
      send: async () => {
        if (isDown) throw new Error('down');
      },
      logger: (level, message) => lines.push([level, message]),
      flushIntervalMs: 60_000,
      batchSize: 1,
      maxPending: 5,
    });

    for (let index = 0; index < 50; index += 1) reporter.record(entry(index));
    await reporter.flush();
    isDown = false;
    await reporter.close();

    expect(lines.filter(([, message]) => message.startsWith('Activity entries are being dropped'))).toHaveLength(1);
    expect(lines.filter(([level]) => level === 'Warn')).toHaveLength(2);
    expect(lines.at(-1)).toEqual([
      'Info',
      'Activity reported to the platform again (45 entries were dropped meanwhile).',
    ]);
  });
});

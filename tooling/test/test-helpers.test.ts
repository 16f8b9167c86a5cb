import { silentLogger, sleep } from '../src/test-helpers';

describe('sleep', () => {
  test('resolves once the time has passed', async () => {
    const start = performance.now();

    await sleep(30);

    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });
});

describe('silentLogger', () => {
  test('takes any log call and returns nothing', () => {
    const logger: (level: string, message: string, error?: unknown) => void = silentLogger;

    expect(logger('Error', 'boom', new Error('boom'))).toBeUndefined();
  });
});

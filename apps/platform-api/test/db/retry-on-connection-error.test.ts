import { retryOnConnectionError } from '../../src/db/retry-on-connection-error';

const dropped = () => Object.assign(new Error('terminating connection'), { code: '57P01' });

/** `work` that fails with each of `failures` in turn, then answers `value`; counts its calls. */
function failingThen<T>(failures: readonly Error[], value: T) {
  const calls = { count: 0 };
  const work = async () => {
    const failure = failures[calls.count];
    calls.count += 1;
    if (failure) throw failure;
    return value;
  };
  return { work, calls };
}

describe('retryOnConnectionError', () => {
  test('tries again after connection errors until the work succeeds', async () => {
    const { work, calls } = failingThen([dropped(), dropped()], 'done');

    await expect(retryOnConnectionError(work, { withinMs: 5_000 })).resolves.toBe('done');
    expect(calls.count).toBe(3);
  });

  test('throws any other error at once', async () => {
    const refusal = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { work, calls } = failingThen([refusal], 'done');

    await expect(retryOnConnectionError(work, { withinMs: 5_000 })).rejects.toBe(refusal);
    expect(calls.count).toBe(1);
  });

  test('throws the last connection error once `withinMs` has passed', async () => {
    const { work, calls } = failingThen(Array.from({ length: 1_000 }, dropped), 'done');
    const startedAt = Date.now();

    await expect(retryOnConnectionError(work, { withinMs: 300 })).rejects.toMatchObject({ code: '57P01' });
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(calls.count).toBeGreaterThan(1);
  });

  test('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('the worker is stopping');
    const { work } = failingThen(Array.from({ length: 1_000 }, dropped), 'done');
    setTimeout(() => controller.abort(reason), 100);

    await expect(retryOnConnectionError(work, { withinMs: 60_000, signal: controller.signal })).rejects.toBe(reason);
  });
});

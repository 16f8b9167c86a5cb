import { silentLogger, sleep } from '@platform/tooling/test-helpers';
import { CachedResource } from '../../src/platform/cached-resource';
import type { PlatformStatus } from '../../src/platform/platform-status';
import { controlClock, type TestClock } from '../factories/clock';
import { makePlatformStatus } from '../factories/platform-status';

const REFUSAL = Object.assign(new Error('The platform answered 401 to GET /agent/v1/users'), {
  status: 401,
  code: 'unauthorized',
});

/**
 * A resource over `source`, loaded after `delayMs`, with a new object per load as the platform
 * client builds; each load reports to `status` as the client's calls do.
 */
function makeResource(options: { refreshAfterMs?: number; maxAgeMs?: number; delayMs?: number } = {}) {
  const source = { value: 'first', loads: 0, failure: undefined as Error | undefined };
  const status: PlatformStatus = makePlatformStatus();
  const resource = new CachedResource(
    async () => {
      source.loads += 1;
      await sleep(options.delayMs ?? 5);
      if (source.failure !== undefined) {
        status.failed(source.failure);
        throw source.failure;
      }
      status.answered();
      return { value: source.value };
    },
    {
      name: 'test data',
      refreshAfterMs: options.refreshAfterMs ?? 60_000,
      maxAgeMs: options.maxAgeMs ?? 300_000,
      logger: silentLogger,
      status,
      backoff: { initialDelayMs: 1_000, maxDelayMs: 30_000 },
    },
  );
  const down = () => {
    source.failure = Object.assign(new Error('platform down'), { isTransient: true });
  };

  return { resource, source, status, down };
}

describe('CachedResource.current', () => {
  test('answers nothing before the first fetch, then the fetched value without fetching again', async () => {
    const { resource, source } = makeResource();

    expect(resource.current()).toBeUndefined();
    const fetched = await resource.get();

    expect(fetched).toEqual({ value: 'first' });
    expect(resource.current()).toBe(fetched);
    expect(source.loads).toBe(1);
  });

  test('answers nothing once invalidated, until the new value has landed', async () => {
    const { resource, source } = makeResource({ delayMs: 20 });
    expect(await resource.get()).toEqual({ value: 'first' });

    source.value = 'changed';
    resource.invalidate();

    expect(resource.current()).toBeUndefined();
    await expect(resource.get()).resolves.toEqual({ value: 'changed' });
    expect(resource.current()).toEqual({ value: 'changed' });
  });

  test('past refreshAfterMs, answers the held value and refreshes it in the background', async () => {
    const { resource, source } = makeResource({ refreshAfterMs: 30, delayMs: 20 });
    const first = await resource.get();
    source.value = 'changed';
    await sleep(40);

    expect(resource.current()).toBe(first);
    expect(source.loads).toBe(2);
    await sleep(40);
    expect(resource.current()).toEqual({ value: 'changed' });
  });

  test('past maxAgeMs without an answer from the platform, answers nothing and get() fails', async () => {
    const { resource, down } = makeResource({ refreshAfterMs: 10, maxAgeMs: 40 });
    await resource.get();
    down();
    await sleep(20);
    expect(resource.current()).toEqual({ value: 'first' });
    await sleep(40);

    expect(resource.current()).toBeUndefined();
    await expect(resource.get()).rejects.toMatchObject({ name: 'PlatformUnavailableError' });
  });
});

describe('CachedResource with a failing platform', () => {
  let clock: TestClock;
  beforeEach(() => {
    clock = controlClock();
  });
  afterEach(() => clock.restore());

  test('after a failed fetch, reads during the back-off fail at once without a call', async () => {
    const { resource, source, down } = makeResource();
    down();
    await expect(resource.get()).rejects.toMatchObject({ name: 'PlatformUnavailableError' });

    const reads = await Promise.allSettled(Array.from({ length: 100 }, () => resource.get()));

    expect(source.loads).toBe(1);
    expect(reads.every((read) => read.status === 'rejected')).toBe(true);
    const error = (reads[0] as PromiseRejectedResult).reason;
    expect(error).toMatchObject({ name: 'PlatformUnavailableError', details: { retryAfterSeconds: 1 } });
    expect(error.cause).toBe(source.failure);
  });

  test('calls again once the back-off has passed, waits twice as long after a second failure', async () => {
    const { resource, source, down } = makeResource();
    down();
    await resource.get().catch(() => undefined);

    clock.advance(1_000);
    await resource.get().catch(() => undefined);
    expect(source.loads).toBe(2);
    clock.advance(999);
    await resource.get().catch(() => undefined);
    expect(source.loads).toBe(2);
    clock.advance(1_001);
    await resource.get().catch(() => undefined);

    expect(source.loads).toBe(3);
  });

  test('a success ends the back-off: the next failure waits the first delay again', async () => {
    const { resource, source, down } = makeResource({ refreshAfterMs: 0 });
    down();
    await resource.get().catch(() => undefined);
    clock.advance(1_000);
    await resource.get().catch(() => undefined);
    clock.advance(2_000);
    source.failure = undefined;
    await expect(resource.get()).resolves.toEqual({ value: 'first' });

    down();
    clock.advance(1);
    await resource.get();
    await sleep(20);
    clock.advance(1_000);
    resource.current();
    await sleep(20);

    expect(source.loads).toBe(5);
  });

  test('a failing background refresh is not retried by every read: the held value is answered meanwhile', async () => {
    const { resource, source, down } = makeResource({ refreshAfterMs: 10 });
    const first = await resource.get();
    down();
    clock.advance(10);

    for (let read = 0; read < 100; read += 1) {
      expect(resource.current()).toBe(first);
      await sleep(0);
    }
    await sleep(20);
    expect(resource.current()).toBe(first);

    expect(source.loads).toBe(2);
  });

  test('a read while the call after a back-off is in flight fails at once instead of waiting for it', async () => {
    const { resource, source, down } = makeResource({ delayMs: 200 });
    down();
    await resource.get().catch(() => undefined);
    clock.advance(1_000);
    const probe = resource.get().catch((error: unknown) => error);

    const started = performance.now();
    await expect(resource.get()).rejects.toMatchObject({ name: 'PlatformUnavailableError' });

    expect(performance.now() - started).toBeLessThan(100);
    expect(source.loads).toBe(2);
    await probe;
  });
});

describe('CachedResource bounds the age of what it answers', () => {
  let clock: TestClock;
  beforeEach(() => {
    clock = controlClock();
  });
  afterEach(() => clock.restore());

  test('answers the held value up to maxAgeMs with the platform down, and never past it', async () => {
    const { resource, down } = makeResource({ refreshAfterMs: 60_000, maxAgeMs: 300_000 });
    await resource.get();
    down();

    clock.advance(299_999);
    const before = resource.current();
    clock.advance(1);

    expect(before).toEqual({ value: 'first' });
    expect(resource.current()).toBeUndefined();
    await expect(resource.get()).rejects.toMatchObject({ name: 'PlatformUnavailableError' });
  });

  test('a change on the platform is answered within maxAgeMs without any event', async () => {
    const { resource, source } = makeResource({ refreshAfterMs: 300_000, maxAgeMs: 300_000 });
    await resource.get();
    source.value = 'changed';

    clock.advance(299_999);
    const before = resource.current();
    clock.advance(1);

    expect(before).toEqual({ value: 'first' });
    await expect(resource.get()).resolves.toEqual({ value: 'changed' });
  });

  test('once the secret is refused, answers nothing it held and fails with PlatformSecretRefusedError', async () => {
    const { resource, source } = makeResource();
    await resource.get();
    source.failure = REFUSAL;
    resource.invalidate();
    await sleep(20);

    const reads = await Promise.allSettled(Array.from({ length: 50 }, () => resource.get()));

    expect(resource.current()).toBeUndefined();
    expect(source.loads).toBe(2);
    expect((reads[0] as PromiseRejectedResult).reason).toMatchObject({
      name: 'PlatformSecretRefusedError',
      message: expect.stringMatching(/refused this agent's environment secret: check PLATFORM_ENV_SECRET/),
    });
  });

  test('a value held before a refusal is not answered again once the platform accepts the secret', async () => {
    const { resource, source, status } = makeResource();
    const first = await resource.get();
    status.failed(REFUSAL);
    expect(resource.current()).toBeUndefined();

    status.answered();
    source.value = 'after';

    expect(resource.current()).toBeUndefined();
    await expect(resource.get()).resolves.toEqual({ value: 'after' });
    expect(first).toEqual({ value: 'first' });
  });
});

import { CachedResource } from '../../src/platform/cached-resource';

/** A resource over `source`, loaded after `delayMs`, with a new object per load as the platform client builds. */
function makeResource(options: { refreshAfterMs?: number; maxAgeMs?: number; delayMs?: number } = {}) {
  const source = { value: 'first', loads: 0, isDown: false };
  const resource = new CachedResource(
    async () => {
      source.loads += 1;
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5));
      if (source.isDown) throw new Error('platform down');
      return { value: source.value };
    },
    {
      name: 'test data',
      refreshAfterMs: options.refreshAfterMs ?? 60_000,
      maxAgeMs: options.maxAgeMs ?? 300_000,
      logger: () => undefined,
    },
  );

  return { resource, source };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const { resource, source } = makeResource({ refreshAfterMs: 10, maxAgeMs: 40 });
    await resource.get();
    source.isDown = true;
    await sleep(20);
    expect(resource.current()).toEqual({ value: 'first' });
    await sleep(40);

    expect(resource.current()).toBeUndefined();
    await expect(resource.get()).rejects.toMatchObject({ name: 'PlatformUnavailableError' });
  });
});

import type { Environment } from '../../src/generated/prisma/client';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';

interface Page {
  hasMore: boolean;
  data: { id: number; createdAt: string }[];
}

const BASE = Date.parse('2030-01-01T00:00:00.000Z');

/** createdAt of each of `total` notes, in insertion (id) order: groups of equal timestamps. */
function tiedTimestamps(groupSizes: readonly number[]): Date[] {
  return groupSizes.flatMap((size, group) => Array.from({ length: size }, () => new Date(BASE + group * 1000)));
}

describeEachDatabase('paginating the notes listing', (kind) => {
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let token: string;
  /** Ids by environment, most recent id first, as the listing orders them. */
  const expected = new Map<string, number[]>();
  let skewed: Environment;

  const path = (environment: string, query: string) =>
    `/v1/project/${world.project.name}/environment/${environment}/notes?${query}`;

  async function page(environment: string, query: string): Promise<Page> {
    const response = await api.get(path(environment, query), token);
    expect(response.status).toBe(200);
    return response.body;
  }

  /** The documented recipe: fixed filters, then `id.lt=<last id>` until hasMore is false. */
  async function walkById(environment: string, filters: string, limit: number): Promise<number[]> {
    const seen: number[] = [];
    let cursor = '';
    for (;;) {
      const { data, hasMore } = await page(environment, `${filters}&limit=${limit}${cursor}`);
      seen.push(...data.map((note) => note.id));
      const last = data.at(-1);
      if (!hasMore || !last) return seen;
      cursor = `&id.lt=${last.id}`;
    }
  }

  /** The createdAt-only recipe: `createdAt.lte=<last createdAt>`, dropping notes already seen. */
  async function walkByCreatedAt(environment: string, limit: number): Promise<number[]> {
    const seen: number[] = [];
    let cursor = '';
    for (;;) {
      const { data, hasMore } = await page(environment, `limit=${limit}${cursor}`);
      const lastSeenId = seen.at(-1) ?? Number.POSITIVE_INFINITY;
      const fresh = data.filter((note) => note.id < lastSeenId);
      seen.push(...fresh.map((note) => note.id));
      const last = data.at(-1);
      if (!hasMore || !last) return seen;
      if (fresh.length === 0) throw new Error(`stuck: ${limit} or more notes share ${last.createdAt}`);
      cursor = `&createdAt.lte=${encodeURIComponent(last.createdAt)}`;
    }
  }

  async function seedNotes(environment: Environment, createdAts: readonly Date[]): Promise<void> {
    const { prisma } = testContext.context;
    await prisma.note.createMany({
      data: createdAts.map((createdAt, index) => ({
        environmentId: environment.id,
        collectionName: index % 3 === 0 ? 'orders' : 'customers',
        recordId: String(index),
        title: `Note ${index}`,
        userId: world.admin.id,
        createdAt,
        updatedAt: createdAt,
      })),
    });
    const rows = await prisma.note.findMany({
      where: { environmentId: environment.id },
      select: { id: true },
      orderBy: { id: 'desc' },
    });
    expected.set(
      environment.name,
      rows.map((row) => row.id),
    );
  }

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    const { context } = testContext;
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(context);
    token = (await issueToken(context, world.project, world.admin, { scopes: ['notes:read'] })).value;

    // 1,000 notes in groups sharing one createdAt, some much larger than a page (250, 600).
    await seedNotes(world.environment, tiedTimestamps([1, 3, 250, 40, 99, 7, 600]));
    // 1,000 notes whose ties never reach a page of 100.
    await seedNotes(
      world.otherEnvironment,
      tiedTimestamps(Array.from({ length: 25 }, (_, i) => [99, 1, 50, 37, 13][i % 5] ?? 1)),
    );
    // 1,000 notes whose createdAt does not follow the id (imported notes, skewed clocks).
    skewed = await context.prisma.environment.create({
      data: { projectId: world.project.id, name: 'skewed', secretHash: `skewed-${world.project.id}` },
    });
    await seedNotes(
      skewed,
      Array.from({ length: 1000 }, (_, i) => new Date(BASE + ((i * 7919) % 1000) * 1000)),
    );
  });
  afterAll(() => testContext.close());

  test('the seeds hold 1,000 notes each', () => {
    expect([...expected.values()].map((ids) => ids.length)).toEqual([1000, 1000, 1000]);
  });

  test.each([100, 7])(
    'the id cursor walks 1,000 notes with ties larger than a page, limit %i, without loss or repeat',
    async (limit) => {
      const seen = await walkById('Production', '', limit);

      expect(seen).toEqual(expected.get('Production'));
    },
  );

  test('the id cursor inside a fixed createdAt window returns exactly the notes of the window', async () => {
    const window = `createdAt.gte=${new Date(BASE + 2000).toISOString()}&createdAt.lt=${new Date(BASE + 6000).toISOString()}`;

    const seen = await walkById('Production', window, 100);

    // Groups 2 to 5: 250 + 40 + 99 + 7 notes; the first two groups (4 notes) are the oldest ids.
    const all = expected.get('Production') ?? [];
    expect(seen).toEqual(all.slice(600, 996));
  });

  test('the id cursor walks notes whose createdAt does not follow the id', async () => {
    const seen = await walkById('skewed', 'collectionName=orders', 100);

    expect(seen).toHaveLength(334);
    expect(new Set(seen).size).toBe(334);
  });

  test('the createdAt cursor walks 1,000 notes without loss or repeat when fewer than `limit` notes share a createdAt', async () => {
    const seen = await walkByCreatedAt('staging', 100);

    expect(seen).toEqual(expected.get('staging'));
  });

  test('the createdAt cursor alone cannot pass a group of `limit` or more equal timestamps: the client notices', async () => {
    await expect(walkByCreatedAt('Production', 100)).rejects.toThrow('stuck');
  });
});

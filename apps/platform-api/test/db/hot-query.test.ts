import { describeWithService } from '@platform/tooling/test-services';
import { pgPoolOf } from '../../src/db/create-prisma-client';
import { HotStatementNames, mapHotQuery, runHotQuery } from '../../src/db/hot-query';
import { Prisma } from '../../src/generated/prisma/client';
import { createTestContext, type TestContext } from '../helpers/test-context';

describe('HotStatementNames', () => {
  test('one text always gets the same name, and two texts two names', () => {
    const names = new HotStatementNames(10);

    const first = names.nameOf('SELECT 1');

    expect(first).toMatch(/^platform_hot_[0-9a-f]{32}$/);
    expect(names.nameOf('SELECT 1')).toBe(first);
    expect(names.nameOf('SELECT 2')).not.toBe(first);
  });

  test('the same text gets the same name in another process (a digest, not a counter)', () => {
    expect(new HotStatementNames(10).nameOf('SELECT 1')).toBe(new HotStatementNames(10).nameOf('SELECT 1'));
  });

  test('past the limit, new texts get no name while the named ones keep theirs', () => {
    const names = new HotStatementNames(2);
    const a = names.nameOf('SELECT 1');
    const b = names.nameOf('SELECT 2');

    expect(names.nameOf('SELECT 3')).toBeUndefined();
    expect([names.nameOf('SELECT 1'), names.nameOf('SELECT 2')]).toEqual([a, b]);
  });
});

describe('runHotQuery [pglite]', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext('pglite');
  });
  afterAll(() => test.close());

  it('runs the statement through Prisma, with bound values', async () => {
    const rows = await runHotQuery(test.context, Prisma.sql`SELECT ${41}::int + 1 AS answer, ${"it's"}::text AS quote`);

    expect(rows).toEqual([{ answer: 42, quote: "it's" }]);
  });

  it('maps every row, in order', async () => {
    const rows = await mapHotQuery(
      test.context,
      Prisma.sql`SELECT n FROM generate_series(1, ${3}::int) AS n ORDER BY n`,
      (row) => (row as { n: number }).n * 10,
    );

    expect(rows).toEqual([10, 20, 30]);
  });
});

describeWithService('postgres', 'runHotQuery [postgres]', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext('postgres');
  });
  afterAll(() => test.close());

  /** The prepared statements of the pooled connection a sequential caller gets next (pg-pool reuses the last idle one). */
  async function preparedOnNextConnection(): Promise<{ name: string; statement: string }[]> {
    const pool = pgPoolOf(test.context.prisma);
    if (!pool) throw new Error('expected a pg pool under the PostgreSQL client');
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ name: string; statement: string }>(
        `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'platform_hot_%'`,
      );
      return rows;
    } finally {
      client.release();
    }
  }

  it('prepares the statement once per connection and binds each run', async () => {
    const marker = `hot-${Date.now()}`;
    const statement = (value: number) => Prisma.sql`SELECT ${value}::int AS value, ${marker}::text AS marker`;

    const results = [
      await runHotQuery(test.context, statement(1)),
      await runHotQuery(test.context, statement(2)),
      await runHotQuery(test.context, statement(3)),
    ];

    expect(results).toEqual([1, 2, 3].map((value) => [{ value, marker }]));
    const prepared = await preparedOnNextConnection();
    expect(prepared.filter((row) => row.statement.includes('AS marker'))).toHaveLength(1);
  });

  it('plans each run for its values: pooled connections never switch to a generic plan', async () => {
    const [setting] = await runHotQuery(test.context, Prisma.sql`SELECT current_setting(${'plan_cache_mode'}) AS mode`);

    expect(setting).toEqual({ mode: 'force_custom_plan' });
  });

  it('returns the driver types, as through Prisma', async () => {
    const at = new Date('2026-01-31T12:00:00.123Z');

    const [row] = await runHotQuery(
      test.context,
      Prisma.sql`SELECT ${at.toISOString()}::timestamptz AS at, ARRAY['a', 'b'] AS list, NULL::text AS nothing`,
    );

    expect(row).toEqual({ at, list: ['a', 'b'], nothing: null });
  });

  it('maps every row as it arrives, in order', async () => {
    const rows = await mapHotQuery(
      test.context,
      Prisma.sql`SELECT n FROM generate_series(1, ${2000}::int) AS n ORDER BY n`,
      (row) => (row as { n: number }).n,
    );

    expect(rows).toHaveLength(2000);
    expect(rows.slice(0, 3)).toEqual([1, 2, 3]);
    expect(rows.at(-1)).toBe(2000);
  });

  it('rejects with the error of a failing mapping, after the statement ran to its end', async () => {
    const seen: number[] = [];
    const failure = new Error('not a note');

    const mapping = mapHotQuery(test.context, Prisma.sql`SELECT n FROM generate_series(1, ${500}::int) AS n`, (row) => {
      const { n } = row as { n: number };
      seen.push(n);
      if (n === 3) throw failure;
      return n;
    });

    await expect(mapping).rejects.toBe(failure);
    expect(seen).toEqual([1, 2, 3]);
    // The connection went back to the pool in a clean state: the next statements on it just work.
    const pool = pgPoolOf(test.context.prisma);
    expect(pool?.idleCount).toBeGreaterThan(0);
    await expect(runHotQuery(test.context, Prisma.sql`SELECT ${8}::int AS eight`)).resolves.toEqual([{ eight: 8 }]);
  });

  it('reports a failing statement without breaking the connection for the next one', async () => {
    await expect(runHotQuery(test.context, Prisma.sql`SELECT 1 / ${0}::int AS boom`)).rejects.toThrow(
      'division by zero',
    );

    await expect(runHotQuery(test.context, Prisma.sql`SELECT ${7}::int AS seven`)).resolves.toEqual([{ seven: 7 }]);
  });
});

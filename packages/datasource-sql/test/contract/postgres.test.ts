import {
  Aggregation,
  ConditionTreeLeaf,
  type DataSource,
  Filter,
  type Operator,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { describeWithService } from '@platform/tooling/test-services';
import { Client } from 'pg';
import { createSqlDataSource } from '../../src';
import { type FixtureDatabase, setupFixtureDatabase } from '../fixtures';
import { makeCaller, sortedIds } from './contract-env';
import { runSqlContract } from './run-sql-contract';

describeWithService('postgres', 'SQL data source contract on PostgreSQL', () => {
  runSqlContract('postgres');
});

describeWithService('postgres', 'PostgreSQL specifics', () => {
  const caller = makeCaller();
  let fixture: FixtureDatabase;
  let inventory: DataSource;
  let main: DataSource;
  beforeAll(async () => {
    fixture = await setupFixtureDatabase('postgres');
    inventory = await createSqlDataSource({ ...(fixture.params as object), schema: 'inventory' } as never)(
      () => undefined,
    );
    main = await createSqlDataSource(fixture.params)(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await inventory?.close();
    await main?.close();
    await fixture?.drop();
  });

  const labelsOf = (operator: Operator, value: unknown) =>
    inventory
      .getCollection('warehouses')
      .list(
        caller,
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('labels', operator, value) }),
        new Projection('id'),
      );

  test('filters array columns with IncludesAll and IncludesNone', async () => {
    expect(sortedIds(await labelsOf('IncludesAll', ['cold', 'secure']))).toEqual([1]);
    expect(sortedIds(await labelsOf('IncludesAll', ['cold', 'dry']))).toEqual([]);
    expect(sortedIds(await labelsOf('IncludesNone', ['cold']))).toEqual([2]);
    expect(sortedIds(await labelsOf('IncludesNone', []))).toEqual([1, 2]);
  });

  test('reads arrays, points and bigserial ids of another schema', async () => {
    const [warehouse] = await inventory
      .getCollection('warehouses')
      .list(
        caller,
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }),
        new Projection('labels', 'location'),
      );
    const items = await inventory
      .getCollection('stock_items')
      .list(caller, new PaginatedFilter({}), new Projection('id'));

    expect(warehouse).toEqual({ labels: ['cold', 'secure'], location: [2.35, 48.85] });
    expect(sortedIds(items)).toEqual([1, 2, 3, 4, 5]);
  });

  test('groups a timestamp without time zone as UTC, shifted into the caller time zone', async () => {
    const rows = await inventory
      .getCollection('stock_items')
      .aggregate(
        makeCaller({ timezone: 'Asia/Tokyo' }),
        new Filter({ conditionTree: new ConditionTreeLeaf('counted_at', 'Present') }),
        new Aggregation({ operation: 'Count', groups: [{ field: 'counted_at', operation: 'Day' }] }),
      );

    // 2024-06-01T12:00Z is 21:00 in Tokyo; 2024-06-02T09:30Z is 18:30.
    expect(rows).toEqual([
      { value: 1, group: { counted_at: '2024-06-01' } },
      { value: 1, group: { counted_at: '2024-06-02' } },
    ]);
  });

  test('runs Match as a regular expression', async () => {
    const books = main.getCollection('books');

    const found = await books.list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('title', 'Match', '/^the [a-f]/i') }),
      new Projection('id'),
    );

    expect(sortedIds(found)).toEqual([12, 15, 20]); // The Aleph, The Fall, The Baron in the Trees
  });

  test('reports a connection lost during a query as a DatabaseUnavailableError', async () => {
    const dataSource = await createSqlDataSource(fixture.params, { liveQueryConnections: 'main' })(() => undefined);
    const running = dataSource.executeNativeQuery('main', 'select pg_sleep(5)').catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 500));

    await terminateAgentConnections();

    expect(await running).toMatchObject({ name: 'DatabaseUnavailableError' });
    await dataSource.close();
  });

  async function terminateAgentConnections(): Promise<void> {
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'platform-agent' and datname = $1",
      [(fixture.params as { database: string }).database],
    );
    await admin.end();
  }
});

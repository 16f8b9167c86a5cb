import { Aggregation, type DateOperation, Filter } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { makeShopDataSource } from '../factories/shop-documents';

// Orders: 30 at 2026-03-31T22:30Z (April 1 in Paris, March 31 in UTC), 12.5 on April 2, 99 on January 15.
async function sumByDate(operation: DateOperation, timezone: string) {
  const { dataSource } = await makeShopDataSource();
  const aggregation = new Aggregation({ operation: 'Sum', field: 'total', groups: [{ field: 'placedAt', operation }] });

  const rows = await dataSource.getCollection('orders').aggregate(makeCaller({ timezone }), new Filter(), aggregation);

  return Object.fromEntries(rows.map((row) => [row.group.placedAt, row.value]));
}

describe('aggregate pipelines', () => {
  test.each<[DateOperation, string, Record<string, number>]>([
    ['Day', 'UTC', { '2026-03-31': 30, '2026-04-02': 12.5, '2026-01-15': 99 }],
    ['Day', 'Europe/Paris', { '2026-04-01': 30, '2026-04-02': 12.5, '2026-01-15': 99 }],
    ['Week', 'UTC', { '2026-03-30': 42.5, '2026-01-12': 99 }],
    ['Month', 'UTC', { '2026-03-01': 30, '2026-04-01': 12.5, '2026-01-01': 99 }],
    ['Month', 'Europe/Paris', { '2026-04-01': 42.5, '2026-01-01': 99 }],
    ['Quarter', 'UTC', { '2026-01-01': 129, '2026-04-01': 12.5 }],
    ['Quarter', 'Europe/Paris', { '2026-01-01': 99, '2026-04-01': 42.5 }],
    ['Year', 'America/New_York', { '2026-01-01': 141.5 }],
  ])('groups by %s in the caller time zone %s', async (operation, timezone, expected) => {
    expect(await sumByDate(operation, timezone)).toEqual(expected);
  });

  test('counts only the records where the counted field is set', async () => {
    const { dataSource } = await makeShopDataSource();
    const customers = dataSource.getCollection('customers');

    expect(await customers.aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Count' }))).toEqual([
      { value: 2, group: {} },
    ]);
    expect(
      await customers.aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Count', field: 'email' })),
    ).toEqual([{ value: 2, group: {} }]);
  });

  test('averages grouped by a relation field, in one aggregate call', async () => {
    const { client, dataSource } = await makeShopDataSource();
    client.resetCalls();
    const aggregation = new Aggregation({ operation: 'Avg', field: 'total', groups: [{ field: 'customer:name' }] });

    const rows = await dataSource.getCollection('orders').aggregate(makeCaller(), new Filter(), aggregation);

    expect(rows).toEqual([
      { value: 99, group: { 'customer:name': 'Grace' } },
      { value: 21.25, group: { 'customer:name': 'Ada' } },
    ]);
    expect(client.calls.aggregate).toHaveLength(1);
  });

  test('returns one row of null for Max over no record, and nothing per group', async () => {
    const { dataSource } = await makeShopDataSource();
    const filter = new Filter({ conditionTree: undefined, search: 'no such order' });
    const orders = dataSource.getCollection('orders');

    expect(await orders.aggregate(makeCaller(), filter, new Aggregation({ operation: 'Max', field: 'total' }))).toEqual(
      [{ value: null, group: {} }],
    );
    expect(
      await orders.aggregate(
        makeCaller(),
        filter,
        new Aggregation({ operation: 'Max', field: 'total', groups: [{ field: 'status' }] }),
      ),
    ).toEqual([]);
  });
});

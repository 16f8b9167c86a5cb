import {
  type AggregateResult,
  Aggregation,
  type AggregationParts,
  ConditionTreeLeaf,
  type DateOperation,
  Filter,
  PaginatedFilter,
} from '@platform/datasource-toolkit';
import { type ContractEnv, columnsOf, makeCaller, relationOf } from '../contract-env';

const DATE_OPERATIONS: readonly DateOperation[] = ['Day', 'Week', 'Month', 'Quarter', 'Year'];
// New York crosses a DST change inside the fixture's range (2024-03-10); Kolkata is +05:30.
const TIME_ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'];

/** Aggregations: every result equals the toolkit's in-memory aggregation of the same records. */
export function describeAggregate(env: () => ContractEnv): void {
  const books = () => env().dataSource.getCollection('books');

  async function expectSameAsInMemory(parts: AggregationParts, timezone = 'UTC', filter = new Filter({})) {
    const caller = makeCaller({ timezone });
    const aggregation = new Aggregation(parts);
    const projection = columnsOf(books()).union(aggregation.projection);
    const all = await books().list(caller, new PaginatedFilter({ conditionTree: filter.conditionTree }), projection);

    const viaSql = await books().aggregate(caller, filter, aggregation);

    expect(viaSql.length).toBeGreaterThan(0);
    expect(normalise(viaSql)).toEqual(normalise(aggregation.apply(all, timezone)));
    return viaSql;
  }

  test('counts records', async () => {
    const [row] = await expectSameAsInMemory({ operation: 'Count' });

    expect(row).toEqual({ value: 24, group: {} });
  });

  test.each([
    ['Count', 'price'],
    ['Sum', 'price'],
    ['Avg', 'rating'],
    ['Max', 'price'],
    ['Min', 'view_count'],
    ['Max', 'title'],
  ] as const)('%s of %s', async (operation, field) => {
    await expectSameAsInMemory({ operation, field });
  });

  test('returns null for a Sum over no record and 0 for a Count', async () => {
    const none = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', []) });

    expect(await books().aggregate(makeCaller(), none, new Aggregation({ operation: 'Sum', field: 'price' }))).toEqual([
      { value: null, group: {} },
    ]);
    expect(await books().aggregate(makeCaller(), none, new Aggregation({ operation: 'Count' }))).toEqual([
      { value: 0, group: {} },
    ]);
  });

  test('groups by a column and a boolean', async () => {
    await expectSameAsInMemory({
      operation: 'Sum',
      field: 'price',
      groups: [{ field: 'status' }, { field: 'is_published' }],
    });
  });

  test('groups by a relation field, with the filter applied', async () => {
    const author = relationOf(books(), 'author_id');
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 10) });

    const rows = await expectSameAsInMemory(
      { operation: 'Count', groups: [{ field: `${author}:last_name` }] },
      'UTC',
      filter,
    );

    expect(rows.length).toBeGreaterThan(3);
  });

  test('orders by value, descending, and applies the limit', async () => {
    const caller = makeCaller();
    const aggregation = new Aggregation({ operation: 'Sum', field: 'view_count', groups: [{ field: 'author_id' }] });

    const rows = await books().aggregate(caller, new Filter({}), aggregation, 3);

    expect(rows.map((row) => row.group.author_id)).toEqual([8, 7, 6]);
    expect(rows.map((row) => row.value)).toEqual([48003, 45003, 42003]);
  });

  for (const timezone of TIME_ZONES) {
    test.each(DATE_OPERATIONS)(`groups dates by %s in ${timezone}`, async (operation) => {
      await expectSameAsInMemory({ operation: 'Count', groups: [{ field: 'created_at', operation }] }, timezone);
    });
  }

  test.each(DATE_OPERATIONS)('groups date-only values by %s without shifting them', async (operation) => {
    await expectSameAsInMemory(
      { operation: 'Count', groups: [{ field: 'published_on', operation }] },
      'Pacific/Kiritimati',
    );
  });

  test('keys weeks by their Monday and quarters by their first day', async () => {
    const caller = makeCaller({ timezone: 'UTC' });
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 4) }); // 2024-01-13, a Saturday
    const groupBy = async (operation: DateOperation) =>
      (
        await books().aggregate(
          caller,
          filter,
          new Aggregation({ operation: 'Count', groups: [{ field: 'created_at', operation }] }),
        )
      )[0]?.group.created_at;

    expect(await groupBy('Day')).toBe('2024-01-13');
    expect(await groupBy('Week')).toBe('2024-01-08');
    expect(await groupBy('Month')).toBe('2024-01-01');
    expect(await groupBy('Quarter')).toBe('2024-01-01');
    expect(await groupBy('Year')).toBe('2024-01-01');
  });
}

function normalise(rows: readonly AggregateResult[]): Array<{ value: unknown; group: unknown }> {
  return rows
    .map((row) => ({
      value: typeof row.value === 'number' ? Math.round(row.value * 1e6) / 1e6 : row.value,
      group: row.group,
    }))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

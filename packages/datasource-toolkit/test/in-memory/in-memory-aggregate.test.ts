import { Aggregation, ConditionTreeLeaf, Filter } from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';

const books = () => makeLibraryDataSource().getCollection('books');

describe('in-memory aggregate', () => {
  test('counts the records the filter matches', async () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 9) });

    expect(await books().aggregate(makeCaller(), filter, new Aggregation({ operation: 'Count' }))).toEqual([
      { value: 2, group: {} },
    ]);
  });

  test('groups by relation fields and limits', async () => {
    const aggregation = new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:name' }] });

    const rows = await books().aggregate(makeCaller(), new Filter(), aggregation, 1);

    expect(rows).toEqual([{ value: 22, group: { 'author:name': 'Frank Herbert' } }]);
  });

  test('groups dates in the caller time zone', async () => {
    const dataSource = makeLibraryDataSource({
      books: [{ id: 1, title: 'New year', publishedAt: '2026-01-01T02:00:00Z' }],
    });
    const aggregation = new Aggregation({ operation: 'Count', groups: [{ field: 'publishedAt', operation: 'Day' }] });

    const rows = await dataSource
      .getCollection('books')
      .aggregate(makeCaller({ timezone: 'America/New_York' }), new Filter(), aggregation);

    expect(rows).toEqual([{ value: 1, group: { publishedAt: '2025-12-31' } }]);
  });

  test('refuses an unknown field with a MissingFieldError', async () => {
    await expect(
      books().aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Sum', field: 'nope' })),
    ).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test.each([-1, 1.5])('refuses the limit %p with a ValidationError', async (limit) => {
    await expect(
      books().aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Count' }), limit),
    ).rejects.toMatchObject({ name: 'ValidationError' });
  });
});

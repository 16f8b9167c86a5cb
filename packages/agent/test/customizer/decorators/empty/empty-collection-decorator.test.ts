import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { EmptyCollectionDecorator } from '../../../../src/customizer/decorators/empty/empty-collection-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

function setup() {
  const library = makeCountingLibrary();
  const books = new DataSourceDecorator(library, EmptyCollectionDecorator).getCollection('books');

  return { books, child: library.getCollection('books') };
}

const inEmpty = new ConditionTreeLeaf('id', 'In', []);

describe('EmptyCollectionDecorator', () => {
  test('returns no records without querying when an In list is empty', async () => {
    const { books, child } = setup();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({ conditionTree: inEmpty }),
      new Projection('id'),
    );

    expect(records).toEqual([]);
    expect(child.calls).toHaveLength(0);
  });

  test('returns no records without querying when an And holds contradictory Equal values', async () => {
    const { books, child } = setup();
    const tree = ConditionTreeFactory.intersect(
      new ConditionTreeLeaf('id', 'Equal', 1),
      new ConditionTreeLeaf('id', 'In', [2, 3]),
    );

    const records = await books.list(makeCaller(), new PaginatedFilter({ conditionTree: tree }), new Projection('id'));

    expect(records).toEqual([]);
    expect(child.calls).toHaveLength(0);
  });

  test('returns no records without querying for an Or of nothing (match none)', async () => {
    const { books, child } = setup();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({ conditionTree: ConditionTreeFactory.MatchNone }),
      new Projection('id'),
    );

    expect(records).toEqual([]);
    expect(child.calls).toHaveLength(0);
  });

  test('queries the child when an Or still has a branch that may match', async () => {
    const { books, child } = setup();
    const tree = ConditionTreeFactory.union(inEmpty, new ConditionTreeLeaf('id', 'Equal', 1));

    const records = await books.list(makeCaller(), new PaginatedFilter({ conditionTree: tree }), new Projection('id'));

    expect(records).toEqual([{ id: 1 }]);
    expect(child.calls).toHaveLength(1);
  });

  test('queries the child for compatible Equal and In values on one field', async () => {
    const { books, child } = setup();
    const tree = ConditionTreeFactory.intersect(
      new ConditionTreeLeaf('id', 'Equal', 2),
      new ConditionTreeLeaf('id', 'In', [2, 3]),
    );

    const records = await books.list(makeCaller(), new PaginatedFilter({ conditionTree: tree }), new Projection('id'));

    expect(records).toEqual([{ id: 2 }]);
    expect(child.calls).toHaveLength(1);
  });

  test('counts 0 without querying', async () => {
    const { books, child } = setup();

    const rows = await books.aggregate(
      makeCaller(),
      new Filter({ conditionTree: inEmpty }),
      new Aggregation({ operation: 'Count' }),
    );

    expect(rows).toEqual([{ value: 0, group: {} }]);
    expect(child.calls).toHaveLength(0);
  });

  test('returns no group without querying for a grouped aggregation', async () => {
    const { books } = setup();

    const rows = await books.aggregate(
      makeCaller(),
      new Filter({ conditionTree: inEmpty }),
      new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'authorId' }] }),
    );

    expect(rows).toEqual([]);
  });

  test('does not update or delete when nothing can match', async () => {
    const { books, child } = setup();

    await books.update(makeCaller(), new Filter({ conditionTree: inEmpty }), { price: 0 });
    await books.delete(makeCaller(), new Filter({ conditionTree: inEmpty }));

    expect(child.calls).toHaveLength(0);
  });

  test('updates and deletes through the child otherwise', async () => {
    const { books, child } = setup();
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });

    await books.update(makeCaller(), filter, { price: 0 });
    await books.delete(makeCaller(), filter);

    expect(child.calls.map((call) => call.method)).toEqual(['update', 'delete']);
  });
});

import {
  type ColumnSchema,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { OperatorsEquivalenceCollectionDecorator } from '../../../../src/customizer/decorators/operators-equivalence/operators-equivalence-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';

function setup() {
  const child = new CountingDataSource(
    createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, filterOperators: new Set(['Equal', 'In']) },
            title: { type: 'Column', columnType: 'String', filterOperators: new Set(['Equal', 'Like', 'ILike']) },
            publishedAt: {
              type: 'Column',
              columnType: 'Date',
              filterOperators: new Set(['LessThan', 'GreaterThan', 'Equal']),
            },
            notes: { type: 'Column', columnType: 'String', filterOperators: new Set() },
          },
        },
      },
      {
        books: [
          { id: 1, title: 'Solaris', publishedAt: '1961-06-01T00:00:00Z', notes: null },
          { id: 2, title: 'Invisible Cities', publishedAt: '1972-11-01T00:00:00Z', notes: null },
        ],
      },
    ),
  );
  const books = new DataSourceDecorator(child, OperatorsEquivalenceCollectionDecorator).getCollection('books');

  return { books, child: child.getCollection('books') };
}

describe('OperatorsEquivalenceCollectionDecorator', () => {
  test('widens filterOperators with every operator derivable from the native ones', () => {
    const { books } = setup();

    const title = books.schema.fields.title as ColumnSchema;

    expect([...title.filterOperators]).toEqual(
      expect.arrayContaining(['Equal', 'Like', 'ILike', 'Contains', 'IContains', 'StartsWith', 'EndsWith', 'In']),
    );
    expect(title.filterOperators.has('LongerThan')).toBe(false);
  });

  test('leaves columns without any native operator unfilterable', () => {
    const { books } = setup();

    expect((books.schema.fields.notes as ColumnSchema).filterOperators.size).toBe(0);
  });

  test('rewrites a derived operator into native ones before the child sees it', async () => {
    const { books, child } = setup();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('title', 'Contains', 'Citi') }),
      new Projection('id'),
    );

    expect(records).toEqual([{ id: 2 }]);
    const sent = (child.calls[0]!.args[1] as PaginatedFilter).conditionTree;
    expect(sent?.toPlainObject()).toEqual({ field: 'title', operator: 'Like', value: '%Citi%' });
  });

  test('rewrites relative dates in the time zone of the caller', async () => {
    const { books, child } = setup();

    await books.list(
      makeCaller({ timezone: 'Europe/Paris' }),
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('publishedAt', 'Today') }),
      new Projection('id'),
    );

    const sent = (child.calls[0]!.args[1] as PaginatedFilter).conditionTree;
    const operators: string[] = [];
    sent?.forEachLeaf((leaf) => operators.push(leaf.operator));
    expect(operators.length).toBeGreaterThan(0);
    expect(operators.every((operator) => ['LessThan', 'GreaterThan', 'Equal'].includes(operator))).toBe(true);
  });

  test('passes native operators through unchanged', async () => {
    const { books, child } = setup();
    const tree = new ConditionTreeLeaf('title', 'Like', 'Sol%');

    await books.list(makeCaller(), new PaginatedFilter({ conditionTree: tree }), new Projection('id'));

    expect((child.calls[0]!.args[1] as PaginatedFilter).conditionTree?.equals(tree)).toBe(true);
  });

  test('lets the child refuse an operator that has no equivalent', async () => {
    const { books } = setup();

    await expect(
      books.list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('title', 'LongerThan', 3) }),
        new Projection('id'),
      ),
    ).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('refuses an unknown field with a MissingFieldError', async () => {
    const { books } = setup();

    await expect(
      books.list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('isbn', 'Equal', 'x') }),
        new Projection('id'),
      ),
    ).rejects.toMatchObject({ name: 'MissingFieldError' });
  });
});

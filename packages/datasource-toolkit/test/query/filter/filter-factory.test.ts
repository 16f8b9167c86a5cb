import {
  ConditionTreeLeaf,
  createInMemoryDataSource,
  FilterFactory,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';

const caller = makeCaller();
const column = (columnType: 'Number' | 'String', extra = {}) => ({ type: 'Column', columnType, ...extra }) as const;

function makeShop() {
  return createInMemoryDataSource(
    {
      authors: {
        fields: {
          id: column('Number', { isPrimaryKey: true }),
          code: column('String'),
          books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'authorCode', originKeyTarget: 'code' },
        },
      },
      books: {
        fields: {
          id: column('Number', { isPrimaryKey: true }),
          title: column('String'),
          authorCode: column('String'),
          tags: {
            type: 'ManyToMany',
            foreignCollection: 'tags',
            throughCollection: 'bookTags',
            originKey: 'bookId',
            originKeyTarget: 'id',
            foreignKey: 'tagId',
            foreignKeyTarget: 'id',
          },
        },
      },
      tags: { fields: { id: column('Number', { isPrimaryKey: true }), label: column('String') } },
      bookTags: {
        fields: { id: column('Number', { isPrimaryKey: true }), bookId: column('Number'), tagId: column('Number') },
      },
    },
    {
      authors: [
        { id: 1, code: 'FH' },
        { id: 2, code: 'UL' },
      ],
      books: [
        { id: 1, title: 'Dune', authorCode: 'FH' },
        { id: 2, title: 'Children of Dune', authorCode: 'FH' },
        { id: 3, title: 'The Dispossessed', authorCode: 'UL' },
      ],
      tags: [
        { id: 1, label: 'sf' },
        { id: 2, label: 'classic' },
        { id: 3, label: 'politics' },
      ],
      bookTags: [
        { id: 1, bookId: 1, tagId: 1 },
        { id: 2, bookId: 1, tagId: 2 },
        { id: 3, bookId: 3, tagId: 3 },
      ],
    },
  );
}

const ids = (records: Array<Record<string, unknown>>) => records.map((record) => record.id);

describe('FilterFactory.makeForeignFilter', () => {
  test('matches the records of a OneToMany relation, reading a non-key origin target', async () => {
    const dataSource = makeShop();

    const filter = await FilterFactory.makeForeignFilter(
      caller,
      dataSource.getCollection('authors'),
      [1],
      'books',
      new PaginatedFilter(),
    );

    expect(ids(await dataSource.getCollection('books').list(caller, filter, new Projection('id')))).toEqual([1, 2]);
  });

  test('keeps the base filter', async () => {
    const dataSource = makeShop();
    const base = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('title', 'StartsWith', 'Children') });

    const filter = await FilterFactory.makeForeignFilter(
      caller,
      dataSource.getCollection('authors'),
      [1],
      'books',
      base,
    );

    expect(ids(await dataSource.getCollection('books').list(caller, filter, new Projection('id')))).toEqual([2]);
  });

  test('matches the records of a ManyToMany relation', async () => {
    const dataSource = makeShop();

    const filter = await FilterFactory.makeForeignFilter(
      caller,
      dataSource.getCollection('books'),
      [1],
      'tags',
      new PaginatedFilter(),
    );

    expect(ids(await dataSource.getCollection('tags').list(caller, filter, new Projection('id')))).toEqual([1, 2]);
  });

  test('refuses a relation that is not to-many, listing the to-many relations', async () => {
    const books = makeShop().getCollection('books');

    await expect(
      FilterFactory.makeForeignFilter(caller, books, [1], 'title', new PaginatedFilter()),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('To-many relations: tags'),
    });
  });

  test('throws a NotFoundError when the origin record does not exist', async () => {
    const authors = makeShop().getCollection('authors');

    await expect(
      FilterFactory.makeForeignFilter(caller, authors, [9], 'books', new PaginatedFilter()),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });
});

describe('FilterFactory.makeThroughFilter', () => {
  test('matches the links to the foreign records within the base filter', async () => {
    const dataSource = makeShop();
    const base = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('label', 'Equal', 'classic') });

    const filter = await FilterFactory.makeThroughFilter(caller, dataSource.getCollection('books'), [1], 'tags', base);

    expect(ids(await dataSource.getCollection('bookTags').list(caller, filter, new Projection('id')))).toEqual([2]);
  });

  test('refuses a OneToMany relation', async () => {
    const authors = makeShop().getCollection('authors');

    await expect(
      FilterFactory.makeThroughFilter(caller, authors, [1], 'books', new PaginatedFilter()),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('not ManyToMany'),
    });
  });
});

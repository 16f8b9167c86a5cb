import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { RenameFieldCollectionDecorator } from '../../../../src/customizer/decorators/rename/rename-field-collection-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

function setup() {
  const library = makeCountingLibrary();
  const layer = new DataSourceDecorator(library, RenameFieldCollectionDecorator);
  const books = layer.getCollection('books');
  const authors = layer.getCollection('authors');
  books.renameField('title', 'name');
  books.renameField('authorId', 'writerId');
  authors.renameField('name', 'fullName');

  return { books, authors, library };
}

describe('RenameFieldCollectionDecorator', () => {
  test('renames fields in the schema, and the keys of relations that use them', () => {
    const { books } = setup();

    expect(Object.keys(books.schema.fields)).toEqual([
      'id',
      'name',
      'isbn',
      'publishedAt',
      'price',
      'status',
      'writerId',
      'author',
      'cover',
      'reviews',
      'tags',
    ]);
    expect(books.schema.fields.author).toMatchObject({ foreignKey: 'writerId', foreignKeyTarget: 'id' });
  });

  test('translates projections and records both ways, through relations', async () => {
    const { books, library } = setup();

    const [record] = await books.list(makeCaller(), new PaginatedFilter(), new Projection('name', 'author:fullName'));

    expect(record).toEqual({ name: 'Dune', author: { fullName: 'Frank Herbert' } });
    expect([...(library.getCollection('books').calls[0]!.args[2] as Projection)]).toEqual(['title', 'author:name']);
  });

  test('translates condition trees and sorts', async () => {
    const { books } = setup();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('author:fullName', 'Equal', 'Frank Herbert'),
        sort: new Sort({ field: 'name', ascending: false }),
      }),
      new Projection('id'),
    );

    expect(records).toEqual([{ id: 1 }, { id: 3 }]);
  });

  test('translates aggregations and their groups', async () => {
    const { books } = setup();

    const rows = await books.aggregate(
      makeCaller(),
      new Filter(),
      new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:fullName' }] }),
      1,
    );

    expect(rows).toEqual([{ value: 22, group: { 'author:fullName': 'Frank Herbert' } }]);
  });

  test('translates created records and patches', async () => {
    const { books, library } = setup();

    const [created] = await books.create(makeCaller(), [{ name: 'Kindred', price: 8, writerId: 1 }]);
    await books.update(makeCaller(), new Filter({ conditionTree: new ConditionTreeLeaf('name', 'Equal', 'Kindred') }), {
      name: 'Kindred (2nd ed.)',
    });

    expect(created).toEqual({
      id: 4,
      name: 'Kindred',
      isbn: null,
      publishedAt: null,
      price: 8,
      status: 'draft',
      writerId: 1,
    });
    const [stored] = await library
      .getCollection('books')
      .list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 4) }),
        new Projection('title'),
      );
    expect(stored).toEqual({ title: 'Kindred (2nd ed.)' });
  });

  test('renames a renamed field again, or back to its name', () => {
    const { books } = setup();

    books.renameField('name', 'label');
    books.renameField('writerId', 'authorId');

    expect(Object.keys(books.schema.fields)).toEqual([
      'id',
      'label',
      'isbn',
      'publishedAt',
      'price',
      'status',
      'authorId',
      'author',
      'cover',
      'reviews',
      'tags',
    ]);
  });

  test('refuses an unknown field, naming the fields that exist', () => {
    const { books } = setup();

    expect(() => books.renameField('title', 'x')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: expect.stringContaining('Fields: id, name, isbn'),
      }),
    );
  });

  test('refuses a name that is taken', () => {
    const { books } = setup();

    expect(() => books.renameField('name', 'price')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});

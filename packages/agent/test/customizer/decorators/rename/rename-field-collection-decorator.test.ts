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
import { makeLibrary } from '../../../factories/library-definition';

function setup() {
  const library = makeLibrary();
  const layer = new DataSourceDecorator(library, RenameFieldCollectionDecorator);
  const books = layer.getCollection('books');
  const authors = layer.getCollection('authors');
  books.renameField('title', 'name');
  books.renameField('authorId', 'writerId');
  authors.renameField('lastName', 'surname');

  return { books, authors, library };
}

describe('RenameFieldCollectionDecorator', () => {
  test('renames fields in the schema, and the keys of relations that use them', () => {
    const { books } = setup();

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'name', 'price', 'writerId', 'author']);
    expect(books.schema.fields.author).toMatchObject({ foreignKey: 'writerId', foreignKeyTarget: 'id' });
  });

  test('translates projections and records both ways, through relations', async () => {
    const { books, library } = setup();

    const [record] = await books.list(makeCaller(), new PaginatedFilter(), new Projection('name', 'author:surname'));

    expect(record).toEqual({ name: 'The Dispossessed', author: { surname: 'Le Guin' } });
    expect([...(library.getCollection('books').calls[0]!.args[2] as Projection)]).toEqual(['title', 'author:lastName']);
  });

  test('translates condition trees and sorts', async () => {
    const { books } = setup();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('author:surname', 'Equal', 'Le Guin'),
        sort: new Sort({ field: 'name', ascending: false }),
      }),
      new Projection('id'),
    );

    expect(records).toEqual([{ id: 2 }, { id: 1 }]);
  });

  test('translates aggregations and their groups', async () => {
    const { books } = setup();

    const rows = await books.aggregate(
      makeCaller(),
      new Filter(),
      new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:surname' }] }),
      1,
    );

    expect(rows).toEqual([{ value: 22, group: { 'author:surname': 'Le Guin' } }]);
  });

  test('translates created records and patches', async () => {
    const { books, library } = setup();

    const [created] = await books.create(makeCaller(), [{ name: 'Kindred', price: 8, writerId: 1 }]);
    await books.update(makeCaller(), new Filter({ conditionTree: new ConditionTreeLeaf('name', 'Equal', 'Kindred') }), {
      name: 'Kindred (2nd ed.)',
    });

    expect(created).toEqual({ id: 6, name: 'Kindred', price: 8, writerId: 1 });
    const [stored] = await library
      .getCollection('books')
      .list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 6) }),
        new Projection('title'),
      );
    expect(stored).toEqual({ title: 'Kindred (2nd ed.)' });
  });

  test('renames a renamed field again, or back to its name', () => {
    const { books } = setup();

    books.renameField('name', 'label');
    books.renameField('writerId', 'authorId');

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'label', 'price', 'authorId', 'author']);
  });

  test('refuses an unknown field, naming the fields that exist', () => {
    const { books } = setup();

    expect(() => books.renameField('title', 'x')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: expect.stringContaining('Fields: id, name, price'),
      }),
    );
  });

  test('refuses a name that is taken', () => {
    const { books } = setup();

    expect(() => books.renameField('name', 'price')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});

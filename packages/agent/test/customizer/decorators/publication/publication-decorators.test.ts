import { PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { PublicationDataSourceDecorator } from '../../../../src/customizer/decorators/publication/publication-data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

function setup() {
  const library = makeCountingLibrary();
  const layer = new PublicationDataSourceDecorator(library);

  return { layer, books: layer.getCollection('books'), library };
}

describe('PublicationCollectionDecorator', () => {
  test('removes a field from the schema', () => {
    const { books } = setup();

    books.removeField('price');

    expect(Object.keys(books.schema.fields)).toEqual([
      'id',
      'title',
      'isbn',
      'publishedAt',
      'status',
      'authorId',
      'author',
      'cover',
      'reviews',
      'tags',
    ]);
  });

  test('removes a relation along with its foreign key', () => {
    const { books } = setup();

    books.removeField('authorId');

    expect(books.schema.fields.author).toBeUndefined();
  });

  test('removes the relations of other collections that use a removed key', () => {
    const layer = new PublicationDataSourceDecorator(makeCountingLibrary());
    expect(layer.getCollection('authors').schema.fields.books).toBeDefined();

    layer.getCollection('books').removeField('authorId');

    expect(layer.getCollection('authors').schema.fields.books).toBeUndefined();
  });

  test('strips removed fields from created records', async () => {
    const { books } = setup();
    books.removeField('price');

    const [created] = await books.create(makeCaller(), [{ title: 'New', price: 3 }]);

    expect(created).toEqual({ id: 4, title: 'New', isbn: null, publishedAt: null, status: 'draft', authorId: null });
  });

  test('refuses an unknown field, naming the fields that exist', () => {
    const { books } = setup();

    expect(() => books.removeField('pages')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message:
          "Unknown field 'pages' in 'books'. Fields: id, title, isbn, publishedAt, price, status, authorId, author, cover, reviews, tags.",
      }),
    );
  });

  test('refuses to remove a primary key', () => {
    const { books } = setup();

    expect(() => books.removeField('id')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});

describe('PublicationDataSourceDecorator', () => {
  test('hides a removed collection from the listing but keeps it usable by name', async () => {
    const { layer } = setup();

    layer.removeCollection('authors');

    expect(layer.collections.map((collection) => collection.name)).toEqual([
      'books',
      'covers',
      'reviews',
      'tags',
      'bookTags',
      'events',
    ]);
    expect(layer.isPublished('authors')).toBe(false);
    const authors = await layer
      .getCollection('authors')
      .list(makeCaller(), new PaginatedFilter(), new Projection('id'));
    expect(authors).toHaveLength(2);
  });

  test('removes relations pointing at a removed collection', () => {
    const { layer, books } = setup();
    void books.schema;

    layer.removeCollection('authors');

    expect(books.schema.fields.author).toBeUndefined();
  });

  test('keeps the collections matching include and exclude', () => {
    const { layer } = setup();

    layer.keepCollectionsMatching(['books', 'reviews'], ['reviews']);

    expect(layer.collections.map((collection) => collection.name)).toEqual(['books']);
  });

  test('refuses an unknown collection, naming those that exist', () => {
    const { layer } = setup();

    expect(() => layer.removeCollection('movies')).toThrow(
      expect.objectContaining({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events'),
      }),
    );
    expect(() => layer.keepCollectionsMatching(['movies'])).toThrow(expect.objectContaining({ name: 'NotFoundError' }));
  });
});

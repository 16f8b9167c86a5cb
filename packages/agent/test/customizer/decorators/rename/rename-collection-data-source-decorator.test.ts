import { PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { RenameCollectionDataSourceDecorator } from '../../../../src/customizer/decorators/rename/rename-collection-data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

describe('RenameCollectionDataSourceDecorator', () => {
  test('serves a collection under its new name, with relations pointing at it renamed', async () => {
    const layer = new RenameCollectionDataSourceDecorator(makeCountingLibrary());

    layer.renameCollections({ authors: 'writers' });

    expect(layer.collections.map((collection) => collection.name)).toEqual([
      'writers',
      'books',
      'covers',
      'reviews',
      'tags',
      'bookTags',
      'events',
    ]);
    expect(layer.getCollection('books').schema.fields.author).toMatchObject({ foreignCollection: 'writers' });
    const writers = await layer
      .getCollection('writers')
      .list(makeCaller(), new PaginatedFilter(), new Projection('id'));
    expect(writers).toHaveLength(2);
  });

  test('accepts a function of the old name', () => {
    const layer = new RenameCollectionDataSourceDecorator(makeCountingLibrary());

    layer.renameCollections((name) => `lib_${name}`);

    expect(layer.collections.map((collection) => collection.name)).toEqual([
      'lib_authors',
      'lib_books',
      'lib_covers',
      'lib_reviews',
      'lib_tags',
      'lib_bookTags',
      'lib_events',
    ]);
  });

  test('no longer answers to the old name', () => {
    const layer = new RenameCollectionDataSourceDecorator(makeCountingLibrary());

    layer.renameCollections({ authors: 'writers' });

    expect(() => layer.getCollection('authors')).toThrow(
      expect.objectContaining({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: writers, books, covers, reviews, tags, bookTags, events'),
      }),
    );
  });

  test('refuses an unknown collection, naming those that exist', () => {
    const layer = new RenameCollectionDataSourceDecorator(makeCountingLibrary());

    expect(() => layer.renameCollections({ movies: 'films' })).toThrow(
      expect.objectContaining({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events'),
      }),
    );
  });

  test('refuses two collections with one name', () => {
    const layer = new RenameCollectionDataSourceDecorator(makeCountingLibrary());

    expect(() => layer.renameCollections({ authors: 'books' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("named 'books'") }),
    );
  });
});

import { createInMemoryDataSource, type DataSource, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { type CollectionCustomizer, DataSourceCustomizer, type Plugin } from '../../src';
import { makeCountingLibrary } from '../factories/make-counting-library';

function moviesDataSource(): DataSource {
  return createInMemoryDataSource(
    { movies: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } } },
    { movies: [{ id: 1 }] },
  );
}

const names = (dataSource: DataSource) => dataSource.collections.map((collection) => collection.name);

describe('DataSourceCustomizer', () => {
  describe('addDataSource', () => {
    test('composes several data sources into one', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .addDataSource(async () => moviesDataSource());

      const dataSource = await customizer.getDataSource(silentLogger);

      expect(names(dataSource)).toEqual([
        'authors',
        'books',
        'covers',
        'reviews',
        'tags',
        'bookTags',
        'events',
        'movies',
      ]);
    });

    test('refuses two collections of one name, naming both data sources', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async function loadLibrary() {
          return makeCountingLibrary();
        })
        .addDataSource(async function loadLibraryAgain() {
          return makeCountingLibrary();
        });

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringMatching(
          /Collection 'authors' of data source #2 \(loadLibraryAgain\) clashes .* data source #1 \(loadLibrary\)/,
        ),
      });
    });

    test('relates collections of different data sources, a page at a time', async () => {
      const library = makeCountingLibrary();
      const stock = createInMemoryDataSource(
        {
          stock: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
              bookId: { type: 'Column', columnType: 'Number' },
              quantity: { type: 'Column', columnType: 'Number' },
            },
          },
        },
        {
          stock: [
            { id: 1, bookId: 3, quantity: 7 },
            { id: 2, bookId: 3, quantity: 1 },
            { id: 3, bookId: 2, quantity: 0 },
          ],
        },
      );
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => library)
        .addDataSource(async () => stock)
        .customizeCollection('stock', (collection) =>
          collection.addManyToOneRelation('book', 'books', { foreignKey: 'bookId' }),
        )
        .customizeCollection('books', (books) => books.addOneToManyRelation('stock', 'stock', { originKey: 'bookId' }));
      const dataSource = await customizer.getDataSource(silentLogger);
      library.reset();

      const records = await dataSource
        .getCollection('stock')
        .list(makeCaller(), new PaginatedFilter(), new Projection('quantity', 'book:title', 'book:author:name'));

      expect(records).toEqual([
        { quantity: 7, book: { title: 'Children of Dune', author: { name: 'Frank Herbert' } } },
        { quantity: 1, book: { title: 'Children of Dune', author: { name: 'Frank Herbert' } } },
        { quantity: 0, book: { title: 'The Dispossessed', author: { name: 'Ursula Le Guin' } } },
      ]);
      expect(library.getCollection('books').calls).toHaveLength(1);
      expect(dataSource.getCollection('books').schema.fields.stock).toMatchObject({
        type: 'OneToMany',
        foreignCollection: 'stock',
      });
    });

    test('keeps the included collections, minus the excluded ones', async () => {
      const customizer = new DataSourceCustomizer().addDataSource(async () => makeCountingLibrary(), {
        include: ['books', 'reviews'],
        exclude: ['reviews'],
      });

      expect(names(await customizer.getDataSource(silentLogger))).toEqual(['books']);
    });

    test('renames collections, and relations follow', async () => {
      const customizer = new DataSourceCustomizer().addDataSource(async () => makeCountingLibrary(), {
        rename: { authors: 'writers' },
      });

      const dataSource = await customizer.getDataSource(silentLogger);

      expect(names(dataSource)).toEqual(['writers', 'books', 'covers', 'reviews', 'tags', 'bookTags', 'events']);
      expect(dataSource.getCollection('books').schema.fields.author).toMatchObject({ foreignCollection: 'writers' });
    });

    test('lets a renamed collection avoid a clash', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .addDataSource(async () => makeCountingLibrary(), { include: ['books'], rename: { books: 'archivedBooks' } });

      expect(names(await customizer.getDataSource(silentLogger))).toContain('archivedBooks');
    });

    test('refuses malformed options at once', () => {
      const customizer = new DataSourceCustomizer();

      expect(() => customizer.addDataSource(async () => makeCountingLibrary(), { include: 'books' } as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('include') }),
      );
      expect(() => customizer.addDataSource('nope' as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError' }),
      );
    });

    test('refuses an unknown collection in include, naming those that exist', async () => {
      const customizer = new DataSourceCustomizer().addDataSource(async () => makeCountingLibrary(), {
        include: ['movies'],
      });

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events'),
      });
    });

    test('names the data source whose factory fails, keeping the cause', async () => {
      const failure = new Error('connection refused');
      const customizer = new DataSourceCustomizer().addDataSource(async function connectToWarehouse() {
        throw failure;
      });

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'DataSourceLoadError',
        message: 'Could not load data source #1 (connectToWarehouse): connection refused',
        cause: failure,
      });
    });
  });

  describe('queue', () => {
    test('only queues: nothing runs before the data source is built', () => {
      const factory = jest.fn(async () => makeCountingLibrary());

      new DataSourceCustomizer().addDataSource(factory).customizeCollection('books', (books) => books.disableCount());

      expect(factory).not.toHaveBeenCalled();
    });

    test('builds once', async () => {
      const factory = jest.fn(async () => makeCountingLibrary());
      const customizer = new DataSourceCustomizer().addDataSource(factory);

      const [first, second] = await Promise.all([
        customizer.getDataSource(silentLogger),
        customizer.getDataSource(silentLogger),
      ]);

      expect(first).toBe(second);
      expect(factory).toHaveBeenCalledTimes(1);
    });

    test('runs customizations in order, a plugin’s own calls right after it', async () => {
      const order: string[] = [];
      const plugin: Plugin = (dataSource) => {
        order.push('plugin');
        dataSource.customizeCollection('books', () => order.push('queued by plugin'));
      };
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .use(plugin)
        .customizeCollection('books', () => order.push('after plugin'));

      await customizer.getDataSource(silentLogger);

      expect(order).toEqual(['plugin', 'queued by plugin', 'after plugin']);
    });
  });

  describe('customizeCollection', () => {
    test('refuses an unknown collection, naming those that exist', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .customizeCollection('movies', () => {});

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'NotFoundError',
        message:
          "Collection 'movies' does not exist. Collections: authors, books, covers, reviews, tags, bookTags, events.",
      });
    });
  });

  describe('removeCollection', () => {
    test('removes collections from the listing; customizations still read them', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .removeCollection('authors')
        .customizeCollection('books', (books) => books.importField('authorName', { path: 'author:name' }));

      const dataSource = await customizer.getDataSource(silentLogger);
      const [book] = await dataSource
        .getCollection('books')
        .list(makeCaller(), new PaginatedFilter(), new Projection('authorName'));

      expect(names(dataSource)).toEqual(['books', 'covers', 'reviews', 'tags', 'bookTags', 'events']);
      expect(customizer.isCollectionPublished('authors')).toBe(false);
      expect(dataSource.getCollection('books').schema.fields.author).toBeUndefined();
      expect(book).toEqual({ authorName: 'Frank Herbert' });
    });

    test('refuses an unknown collection, naming those that exist', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .removeCollection('movies');

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events'),
      });
    });
  });

  describe('use', () => {
    test('passes the customizers, the options and the logger to the plugin', async () => {
      const plugin = jest.fn();
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .use(plugin, { answer: 42 });

      await customizer.getDataSource(silentLogger);

      expect(plugin).toHaveBeenCalledWith(customizer, null, { answer: 42 }, silentLogger);
    });

    test('names a plugin that throws, keeping its error as cause', async () => {
      const failure = new Error('boom');
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .use(function addAudit() {
          throw failure;
        });

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'PluginError',
        message: "Plugin 'addAudit' failed: boom",
        cause: failure,
      });
    });

    test('names the plugin when a customization it queued fails', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeCountingLibrary())
        .use(function hideSecrets(dataSource) {
          dataSource.customizeCollection('books', (books: CollectionCustomizer) => books.removeField('secret'));
        });

      await expect(customizer.getDataSource(silentLogger)).rejects.toMatchObject({
        name: 'PluginError',
        message: expect.stringContaining("Plugin 'hideSecrets' failed: Unknown field 'secret' in 'books'"),
        cause: expect.objectContaining({ name: 'MissingFieldError' }),
      });
    });

    test('refuses a plugin that is not a function at once', () => {
      expect(() => new DataSourceCustomizer().use('plugin' as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError' }),
      );
    });
  });
});

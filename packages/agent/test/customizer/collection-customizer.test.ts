import {
  type ColumnSchema,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource, makeLibraryRecords } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { DataSourceCustomizer } from '../../src';
import { CollectionCustomizer } from '../../src/customizer/collection-customizer';
import { makeCountingLibrary } from '../factories/make-counting-library';

// With orphans: book 4 has no author, so relations and computed fields meet a null author.
const makeLibrary = () => makeCountingLibrary(makeLibraryRecords({ withOrphans: true }));

async function build(customize: (books: CollectionCustomizer) => unknown, library = makeLibrary()) {
  const customizer = new DataSourceCustomizer()
    .addDataSource(async () => library)
    .customizeCollection('books', customize);
  const dataSource = await customizer.getDataSource(silentLogger);

  return { books: dataSource.getCollection('books'), dataSource, library, customizer };
}

describe('CollectionCustomizer', () => {
  test('every method returns the customizer, so calls chain', async () => {
    let returned: unknown[] = [];
    await build((books) => {
      returned = [
        books.disableCount(),
        books.setFieldNullable('title'),
        books.renameField('price', 'cost'),
        books.addField('upperTitle', {
          columnType: 'String',
          dependencies: ['title'],
          getValues: (records) => records.map((record) => String(record.title).toUpperCase()),
        }),
      ];
    });

    expect(new Set(returned).size).toBe(1);
  });

  describe('addField', () => {
    test('computes a field over a relation the customizer added', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeLibraryDataSource())
        .customizeCollection('reviews', (reviews) =>
          reviews.addManyToOneRelation('book', 'books', { foreignKey: 'bookId' }).addField('bookTitle', {
            columnType: 'String',
            dependencies: ['book:title'],
            getValues: (records) => records.map((record) => (record.book as RecordData).title),
          }),
        );
      const reviews = (await customizer.getDataSource(silentLogger)).getCollection('reviews');

      const records = await reviews.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'bookTitle'));

      expect(records[2]).toEqual({ id: 3, bookTitle: 'The Dispossessed' });
    });

    test('lets a relation use a computed key (computed before relations)', async () => {
      const customizer = new DataSourceCustomizer()
        .addDataSource(async () => makeLibraryDataSource())
        .customizeCollection('reviews', (reviews) =>
          reviews
            .addField('nextBookId', {
              columnType: 'Number',
              dependencies: ['bookId'],
              getValues: (records) => records.map((record) => (record.bookId as number) + 1),
            })
            .addManyToOneRelation('nextBook', 'books', { foreignKey: 'nextBookId' }),
        );
      const reviews = (await customizer.getDataSource(silentLogger)).getCollection('reviews');

      const records = await reviews.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'nextBook:title'));

      expect(records[0]).toEqual({ id: 1, nextBook: { title: 'The Dispossessed' } });
    });
  });

  describe('importField', () => {
    test('reads, filters and sorts through the relation natively', async () => {
      const { books, library } = await build((customizer) =>
        customizer.importField('authorName', { path: 'author:name' }),
      );
      library.reset();

      const records = await books.list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('authorName', 'Equal', 'Frank Herbert') }),
        new Projection('id', 'authorName'),
      );

      expect(records).toEqual([
        { id: 1, authorName: 'Frank Herbert' },
        { id: 3, authorName: 'Frank Herbert' },
      ]);
      expect(library.getCollection('books').calls).toHaveLength(1);
      expect((books.schema.fields.authorName as ColumnSchema).filterOperators.has('Contains')).toBe(true);
    });

    test('writes go to the related record unless readonly', async () => {
      const { books, library } = await build((customizer) =>
        customizer
          .importField('authorName', { path: 'author:name' })
          .importField('authorLabel', { path: 'author:name', readonly: true }),
      );

      await books.update(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 3) }),
        {
          authorName: 'Frank Herbert (ed.)',
        },
      );

      const authors = await library
        .getCollection('authors')
        .list(makeCaller(), new PaginatedFilter(), new Projection('id', 'name'));
      expect(authors.slice(0, 2)).toEqual([
        { id: 1, name: 'Frank Herbert (ed.)' },
        { id: 2, name: 'Ursula Le Guin' },
      ]);
      expect(books.schema.fields.authorName).toMatchObject({ isReadOnly: false });
      expect(books.schema.fields.authorLabel).toMatchObject({ isReadOnly: true });
    });

    test('refuses a path that does not exist, naming the fields that do', async () => {
      await expect(build((books) => books.importField('x', { path: 'author:nickname' }))).rejects.toMatchObject({
        name: 'MissingFieldError',
        message: expect.stringContaining("Unknown field 'nickname' in 'authors'"),
      });
    });
  });

  describe('addExternalRelation', () => {
    test('lists external records once per distinct record of the page', async () => {
      const listRecords = jest.fn(async (record: RecordData) => [{ code: Number(record.authorId) * 10 }]);

      const { books } = await build((customizer) =>
        customizer.addExternalRelation('editions', {
          schema: { code: 'Number' },
          listRecords,
          dependencies: ['authorId'],
        }),
      );
      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'editions'));

      expect(records[1]).toEqual({ id: 2, editions: [{ code: 20 }] });
      // Four books, three distinct authors (1, 2 and none).
      expect(listRecords).toHaveBeenCalledTimes(3);
      expect(books.schema.fields.editions).toMatchObject({ columnType: [{ code: 'Number' }], isReadOnly: true });
    });
  });

  describe('emulateFieldFiltering', () => {
    test('filters a computed field added after relations', async () => {
      const { books } = await build((customizer) =>
        customizer
          .addField('authorInitial', {
            columnType: 'String',
            dependencies: ['author:name'],
            getValues: (records) =>
              records.map((record) => String((record.author as RecordData | null)?.name ?? '?')[0]),
          })
          .emulateFieldFiltering('authorInitial'),
      );

      const records = await books.list(
        makeCaller(),
        new PaginatedFilter({
          conditionTree: new ConditionTreeLeaf('authorInitial', 'Equal', 'F'),
          sort: new Sort({ field: 'id', ascending: true }),
        }),
        new Projection('id'),
      );

      expect(records).toEqual([{ id: 1 }, { id: 3 }]);
    });
  });

  // Requests skip the layers where nothing is customized: each test fails when its layer does not
  // say it is customized, since its one registration then never runs.
  describe('a customization alone in the stack', () => {
    test('overrideCreate replaces the create', async () => {
      const { books, library } = await build((books) =>
        books.overrideCreate(({ data }) => data.map((record, index) => ({ id: 100 + index, ...record }))),
      );

      const created = await books.create(makeCaller(), [{ title: 'Kindred', price: 9 }]);

      expect(created).toEqual([{ id: 100, title: 'Kindred', price: 9 }]);
      expect(library.getCollection('books').calls.filter((call) => call.method === 'create')).toEqual([]);
    });

    test('addSegment filters the records of the segment', async () => {
      const { books } = await build((books) =>
        books.addSegment('cheap', new ConditionTreeLeaf('price', 'LessThan', 10)),
      );

      const records = await books.list(makeCaller(), new PaginatedFilter({ segment: 'cheap' }), new Projection('id'));

      expect(records).toEqual([{ id: 2 }, { id: 4 }]);
    });

    test('replaceFieldSorting sorts by the replacement', async () => {
      const { books } = await build((books) =>
        books.replaceFieldSorting('title', [{ field: 'price', ascending: true }]),
      );
      const sort = new Sort({ field: 'title', ascending: true });

      const records = await books.list(makeCaller(), new PaginatedFilter({ sort }), new Projection('id'));

      // By title it would be 4, 3, 1, 2.
      expect(records).toEqual([{ id: 4 }, { id: 2 }, { id: 1 }, { id: 3 }]);
    });

    test('disableFieldSorting refuses a sort on the field', async () => {
      const { books } = await build((books) => books.disableFieldSorting('title'));
      const sort = new Sort({ field: 'title', ascending: true });

      const listing = books.list(makeCaller(), new PaginatedFilter({ sort }), new Projection('id'));

      await expect(listing).rejects.toMatchObject({ name: 'ValidationError' });
    });

    test('addFieldValidation refuses a value that breaks the rule', async () => {
      const { books } = await build((books) => books.addFieldValidation('title', 'LongerThan', 3));

      const creation = books.create(makeCaller(), [{ title: 'Ab', price: 1 }]);

      await expect(creation).rejects.toMatchObject({ name: 'ValidationError' });
    });

    test('removeField drops the field from the created records', async () => {
      const { books } = await build((books) => books.removeField('price'));

      const [created] = await books.create(makeCaller(), [{ title: 'Kindred', price: 9 }]);

      expect(created).toMatchObject({ title: 'Kindred' });
      expect(created).not.toHaveProperty('price');
    });

    test('addChart renders the chart of a record', async () => {
      const { books } = await build((books) => books.addChart('stock', (_context, builder) => builder.value(7)));

      const chart = await books.renderChart(makeCaller(), 'stock', [1]);

      expect(chart).toEqual({ type: 'Value', value: { countCurrent: 7 } });
    });

    test('a Binary column is converted without any customization', async () => {
      const files = createInMemoryDataSource(
        {
          files: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
              content: { type: 'Column', columnType: 'Binary' },
            },
          },
        },
        { files: [{ id: 1, content: Buffer.from('hi') }] },
      );
      const dataSource = await new DataSourceCustomizer().addDataSource(async () => files).getDataSource(silentLogger);

      const records = await dataSource
        .getCollection('files')
        .list(makeCaller(), new PaginatedFilter(), new Projection('content'));

      expect(records).toEqual([{ content: expect.stringMatching(/^data:[^,]*;base64,aGk=$/) }]);
    });
  });

  describe('bad input', () => {
    const unknownFieldCalls: Array<[string, (books: CollectionCustomizer) => unknown]> = [
      ['importField', (books) => books.importField('x', { path: 'nope' })],
      ['renameField', (books) => books.renameField('nope', 'x')],
      ['removeField', (books) => books.removeField('nope')],
      ['addFieldValidation', (books) => books.addFieldValidation('nope', 'Present')],
      ['setFieldNullable', (books) => books.setFieldNullable('nope')],
      ['replaceFieldWriting', (books) => books.replaceFieldWriting('nope', () => ({}))],
      ['replaceFieldBinaryMode', (books) => books.replaceFieldBinaryMode('nope', 'hex')],
      [
        'addField',
        (books) => books.addField('x', { columnType: 'String', dependencies: ['nope'], getValues: () => [] }),
      ],
      ['addManyToOneRelation', (books) => books.addManyToOneRelation('x', 'authors', { foreignKey: 'nope' })],
      ['addOneToManyRelation', (books) => books.addOneToManyRelation('x', 'reviews', { originKey: 'nope' })],
      ['addOneToOneRelation', (books) => books.addOneToOneRelation('x', 'reviews', { originKey: 'nope' })],
      [
        'addManyToManyRelation',
        (books) => books.addManyToManyRelation('x', 'authors', 'reviews', { originKey: 'nope', foreignKey: 'id' }),
      ],
      ['emulateFieldSorting', (books) => books.emulateFieldSorting('nope')],
      ['replaceFieldSorting', (books) => books.replaceFieldSorting('nope', [{ field: 'title', ascending: true }])],
      ['disableFieldSorting', (books) => books.disableFieldSorting('nope')],
      ['emulateFieldFiltering', (books) => books.emulateFieldFiltering('nope')],
      ['emulateFieldOperator', (books) => books.emulateFieldOperator('nope', 'Equal')],
      [
        'replaceFieldOperator',
        (books) => books.replaceFieldOperator('nope', 'Equal', () => ({ field: 'id', operator: 'Equal', value: 1 })),
      ],
    ];

    test.each(unknownFieldCalls)('%s refuses an unknown field, naming the fields that exist', async (_method, call) => {
      await expect(build(call)).rejects.toMatchObject({
        name: 'MissingFieldError',
        message: expect.stringMatching(/Unknown field 'nope' in '\w+'\. (Writable fields|Fields): /),
      });
    });

    test('a relation to an unknown collection is refused, naming those that exist', async () => {
      await expect(
        build((books) => books.addManyToOneRelation('x', 'movies', { foreignKey: 'authorId' })),
      ).rejects.toMatchObject({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events.'),
      });
    });

    test.each<[string, (books: CollectionCustomizer) => unknown]>([
      ['addFieldValidation with an unknown operator', (books) => books.addFieldValidation('title', 'Huge' as never)],
      [
        'replaceFieldBinaryMode with an unknown mode',
        (books) => books.replaceFieldBinaryMode('title', 'base64' as never),
      ],
      ['addHook with an unknown position', (books) => books.addHook('During' as never, 'List', () => {})],
      ['addHook with an unknown type', (books) => books.addHook('Before', 'Read' as never, () => {})],
      ['addHook without handler', (books) => books.addHook('Before', 'List', undefined as never)],
      ['overrideCreate without handler', (books) => books.overrideCreate('x' as never)],
      ['replaceFieldOperator without replacer', (books) => books.replaceFieldOperator('title', 'Equal', null as never)],
      ['importField without path', (books) => books.importField('x', {} as never)],
      [
        'addExternalRelation without schema',
        (books) => books.addExternalRelation('x', { listRecords: () => [] } as never),
      ],
      ['use with a plugin that is not a function', (books) => books.use(42 as never)],
    ])('%s fails at once with a ValidationError', (_label, call) => {
      const dataSourceCustomizer = new DataSourceCustomizer();
      const books = new CollectionCustomizer(dataSourceCustomizer, dataSourceCustomizer.stack, 'books');

      expect(() => call(books)).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    });

    test('a collection plugin that throws is named, with the collection', async () => {
      await expect(
        build((books) =>
          books.use(function stamp() {
            throw new Error('no clock');
          }),
        ),
      ).rejects.toMatchObject({
        name: 'PluginError',
        message: "Plugin 'stamp' on collection 'books' failed: no clock",
      });
    });
  });
});

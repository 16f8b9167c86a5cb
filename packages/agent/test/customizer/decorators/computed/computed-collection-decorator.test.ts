import {
  Aggregation,
  type ColumnSchema,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryRecords } from '@platform/datasource-toolkit/testing';
import { ComputedCollectionDecorator } from '../../../../src/customizer/decorators/computed/computed-collection-decorator';
import type { ComputedDefinition } from '../../../../src/customizer/decorators/computed/types';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

// With orphans: Octavia Butler wrote no book and book 4 has no author.
function setup() {
  const library = makeCountingLibrary(makeLibraryRecords({ withOrphans: true }));
  const layer = new DataSourceDecorator(library, ComputedCollectionDecorator);

  return { layer, books: layer.getCollection('books'), authors: layer.getCollection('authors'), library };
}

const initials: ComputedDefinition = {
  columnType: 'String',
  dependencies: ['name'],
  getValues: (records) =>
    records.map((record) =>
      String(record.name)
        .split(' ')
        .map((word) => word[0])
        .join(''),
    ),
};

describe('ComputedCollectionDecorator', () => {
  describe('schema', () => {
    test('adds a read-only column that is neither filterable nor sortable', () => {
      const { authors } = setup();

      authors.registerComputed('initials', { ...initials, defaultValue: 'anonymous' });

      expect(authors.schema.fields.initials).toEqual({
        type: 'Column',
        columnType: 'String',
        filterOperators: new Set(),
        isReadOnly: true,
        isSortable: false,
        defaultValue: 'anonymous',
      });
    });

    test('publishes the enum values of an Enum field', () => {
      const { books } = setup();

      books.registerComputed('priceBand', {
        columnType: 'Enum',
        enumValues: ['cheap', 'expensive'],
        dependencies: ['price'],
        getValues: (records) => records.map((record) => ((record.price as number) > 10 ? 'expensive' : 'cheap')),
      });

      expect((books.schema.fields.priceBand as ColumnSchema).enumValues).toEqual(['cheap', 'expensive']);
    });
  });

  describe('list', () => {
    test('asks the child for the dependencies and computes the field', async () => {
      const { authors, library } = setup();
      authors.registerComputed('initials', initials);

      const records = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'initials'));

      expect(records[0]).toEqual({ id: 1, initials: 'FH' });
      const childProjection = library.getCollection('authors').calls[0]!.args[2] as Projection;
      expect([...childProjection].sort()).toEqual(['id', 'name']);
    });

    test('calls getValues once per page, with duplicate dependency values removed', async () => {
      const { books } = setup();
      const getValues = jest.fn((records: RecordData[]) => records.map((record) => record.authorId));
      books.registerComputed('authorCopy', { columnType: 'Number', dependencies: ['authorId'], getValues });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'authorCopy'));

      expect(records.map((record) => record.authorCopy)).toEqual([1, 2, 1, null]);
      expect(getValues).toHaveBeenCalledTimes(1);
      expect(getValues.mock.calls[0]?.[0]).toEqual([{ authorId: 1 }, { authorId: 2 }, { authorId: null }]);
    });

    test('accepts async getValues and values that are promises', async () => {
      const { authors } = setup();
      authors.registerComputed('upper', {
        columnType: 'String',
        dependencies: ['name'],
        getValues: async (records) => records.map(async (record) => String(record.name).toUpperCase()),
      });

      const [record] = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('upper'));

      expect(record).toEqual({ upper: 'FRANK HERBERT' });
    });

    test('computes fields that depend on other computed fields, dependencies first', async () => {
      const { authors } = setup();
      authors.registerComputed('initials', initials);
      authors.registerComputed('greeting', {
        columnType: 'String',
        dependencies: ['initials'],
        getValues: (records) => records.map((record) => `Hello ${record.initials}`),
      });

      const [record] = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('greeting'));

      expect(record).toEqual({ greeting: 'Hello FH' });
    });

    test('reads dependencies across relations', async () => {
      const { books } = setup();
      books.registerComputed('authorName', {
        columnType: 'String',
        dependencies: ['author:name'],
        getValues: (records) => records.map((record) => (record.author as RecordData | null)?.name ?? 'unknown'),
      });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'authorName'));

      expect(records.map((record) => record.authorName)).toEqual([
        'Frank Herbert',
        'Ursula Le Guin',
        'Frank Herbert',
        'unknown',
      ]);
    });

    test('computes fields of related records for the whole page, skipping null relations', async () => {
      const { authors, books } = setup();
      const getValues = jest.fn(initials.getValues);
      authors.registerComputed('initials', { ...initials, getValues });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'author:initials'));

      expect(records[0]).toEqual({ id: 1, author: { initials: 'FH' } });
      expect(records[3]).toEqual({ id: 4, author: null });
      expect(getValues).toHaveBeenCalledTimes(1);
      // Books 1 and 3 share Frank Herbert: two authors are computed for four books.
      expect(getValues.mock.calls[0]?.[0]).toHaveLength(2);
    });

    test('passes the caller in the context', async () => {
      const { authors } = setup();
      authors.registerComputed('viewer', {
        columnType: 'String',
        dependencies: ['id'],
        getValues: (records, context) => records.map(() => context.caller.email),
      });

      const [record] = await authors.list(
        makeCaller({ email: 'x@y.z' }),
        new PaginatedFilter(),
        new Projection('viewer'),
      );

      expect(record).toEqual({ viewer: 'x@y.z' });
    });

    test('does not touch lists that read no computed field', async () => {
      const { authors, library } = setup();
      authors.registerComputed('initials', initials);

      const records = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

      expect(records).toHaveLength(3);
      expect([...(library.getCollection('authors').calls[0]!.args[2] as Projection)]).toEqual(['id']);
    });
  });

  describe('aggregate', () => {
    test('aggregates a computed field in memory', async () => {
      const { books } = setup();
      books.registerComputed('doublePrice', {
        columnType: 'Number',
        dependencies: ['price'],
        getValues: (records) => records.map((record) => (record.price as number) * 2),
      });

      const rows = await books.aggregate(
        makeCaller(),
        new Filter(),
        new Aggregation({ operation: 'Sum', field: 'doublePrice', groups: [{ field: 'authorId' }] }),
        2,
      );

      expect(rows).toEqual([
        { value: 44, group: { authorId: 1 } },
        { value: 16, group: { authorId: 2 } },
      ]);
    });

    test('delegates aggregations without computed fields', async () => {
      const { books, library } = setup();

      await books.aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Count' }));

      expect(library.getCollection('books').callsOf('aggregate')).toHaveLength(1);
    });
  });

  describe('bad definitions', () => {
    test('refuses an unknown dependency, naming the fields that exist', () => {
      const { authors } = setup();

      expect(() => authors.registerComputed('x', { ...initials, dependencies: ['nickname'] })).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining("Unknown field 'nickname' in 'authors'. Fields: id, name"),
        }),
      );
    });

    test('refuses a dependency through an unknown relation field', () => {
      const { books } = setup();

      expect(() => books.registerComputed('x', { ...initials, dependencies: ['author:nickname'] })).toThrow(
        expect.objectContaining({ name: 'MissingFieldError' }),
      );
    });

    test('refuses a field that depends on itself, naming the cycle', () => {
      const { authors } = setup();

      expect(() => authors.registerComputed('loop', { ...initials, dependencies: ['loop'] })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('cycle: authors.loop → authors.loop'),
        }),
      );
      expect(authors.schema.fields.loop).toBeUndefined();
    });

    test('refuses an existing field name', () => {
      const { authors } = setup();

      expect(() => authors.registerComputed('name', initials)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('already exists') }),
      );
    });

    test.each([
      ['an unknown column type', { columnType: 'Text' }],
      ['no dependencies', { dependencies: [] }],
      ['a getValues that is not a function', { getValues: 'nope' }],
      ['an Enum without enumValues', { columnType: 'Enum' }],
    ])('refuses %s', (_label, override) => {
      const { authors } = setup();

      expect(() =>
        authors.registerComputed('x', { ...initials, ...override } as unknown as ComputedDefinition),
      ).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    });

    test('fails a list when getValues returns the wrong number of values', async () => {
      const { authors } = setup();
      authors.registerComputed('broken', { ...initials, getValues: () => ['only one'] });

      await expect(authors.list(makeCaller(), new PaginatedFilter(), new Projection('broken'))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("'authors.broken': getValues must return an array of 3 value(s)"),
      });
    });
  });
});

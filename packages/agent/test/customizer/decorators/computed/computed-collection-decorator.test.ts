import {
  Aggregation,
  type ColumnSchema,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ComputedCollectionDecorator } from '../../../../src/customizer/decorators/computed/computed-collection-decorator';
import type { ComputedDefinition } from '../../../../src/customizer/decorators/computed/types';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { makeLibrary } from '../../../factories/library-definition';

function setup() {
  const library = makeLibrary();
  const layer = new DataSourceDecorator(library, ComputedCollectionDecorator);

  return { layer, books: layer.getCollection('books'), authors: layer.getCollection('authors'), library };
}

const fullName: ComputedDefinition = {
  columnType: 'String',
  dependencies: ['firstName', 'lastName'],
  getValues: (records) => records.map((record) => `${record.firstName} ${record.lastName}`),
};

describe('ComputedCollectionDecorator', () => {
  describe('schema', () => {
    test('adds a read-only column that is neither filterable nor sortable', () => {
      const { authors } = setup();

      authors.registerComputed('fullName', { ...fullName, defaultValue: 'anonymous' });

      expect(authors.schema.fields.fullName).toEqual({
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
      authors.registerComputed('fullName', fullName);

      const records = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'fullName'));

      expect(records[0]).toEqual({ id: 1, fullName: 'Ursula Le Guin' });
      const childProjection = library.getCollection('authors').calls[0]!.args[2] as Projection;
      expect([...childProjection].sort()).toEqual(['firstName', 'id', 'lastName']);
    });

    test('calls getValues once per page, with duplicate dependency values removed', async () => {
      const { books } = setup();
      const getValues = jest.fn((records: RecordData[]) => records.map((record) => record.authorId));
      books.registerComputed('authorCopy', { columnType: 'Number', dependencies: ['authorId'], getValues });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'authorCopy'));

      expect(records.map((record) => record.authorCopy)).toEqual([1, 1, 2, 3, null]);
      expect(getValues).toHaveBeenCalledTimes(1);
      expect(getValues.mock.calls[0]?.[0]).toEqual([
        { authorId: 1 },
        { authorId: 2 },
        { authorId: 3 },
        { authorId: null },
      ]);
    });

    test('accepts async getValues and values that are promises', async () => {
      const { authors } = setup();
      authors.registerComputed('upper', {
        columnType: 'String',
        dependencies: ['lastName'],
        getValues: async (records) => records.map(async (record) => String(record.lastName).toUpperCase()),
      });

      const [record] = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('upper'));

      expect(record).toEqual({ upper: 'LE GUIN' });
    });

    test('computes fields that depend on other computed fields, dependencies first', async () => {
      const { authors } = setup();
      authors.registerComputed('fullName', fullName);
      authors.registerComputed('greeting', {
        columnType: 'String',
        dependencies: ['fullName'],
        getValues: (records) => records.map((record) => `Hello ${record.fullName}`),
      });

      const [record] = await authors.list(makeCaller(), new PaginatedFilter(), new Projection('greeting'));

      expect(record).toEqual({ greeting: 'Hello Ursula Le Guin' });
    });

    test('reads dependencies across relations', async () => {
      const { books } = setup();
      books.registerComputed('authorName', {
        columnType: 'String',
        dependencies: ['author:lastName'],
        getValues: (records) => records.map((record) => (record.author as RecordData | null)?.lastName ?? 'unknown'),
      });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'authorName'));

      expect(records.map((record) => record.authorName)).toEqual(['Le Guin', 'Le Guin', 'Calvino', 'Lem', 'unknown']);
    });

    test('computes fields of related records for the whole page, skipping null relations', async () => {
      const { authors, books } = setup();
      const getValues = jest.fn(fullName.getValues);
      authors.registerComputed('fullName', { ...fullName, getValues });

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'author:fullName'));

      expect(records[0]).toEqual({ id: 1, author: { fullName: 'Ursula Le Guin' } });
      expect(records[4]).toEqual({ id: 5, author: null });
      expect(getValues).toHaveBeenCalledTimes(1);
      expect(getValues.mock.calls[0]?.[0]).toHaveLength(3);
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
      authors.registerComputed('fullName', fullName);

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
        { value: 22, group: { authorId: 3 } },
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

      expect(() => authors.registerComputed('x', { ...fullName, dependencies: ['nickname'] })).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining("Unknown field 'nickname' in 'authors'. Fields: id, firstName"),
        }),
      );
    });

    test('refuses a dependency through an unknown relation field', () => {
      const { books } = setup();

      expect(() => books.registerComputed('x', { ...fullName, dependencies: ['author:nickname'] })).toThrow(
        expect.objectContaining({ name: 'MissingFieldError' }),
      );
    });

    test('refuses a field that depends on itself, naming the cycle', () => {
      const { authors } = setup();

      expect(() => authors.registerComputed('loop', { ...fullName, dependencies: ['loop'] })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('cycle: authors.loop → authors.loop'),
        }),
      );
      expect(authors.schema.fields.loop).toBeUndefined();
    });

    test('refuses an existing field name', () => {
      const { authors } = setup();

      expect(() => authors.registerComputed('lastName', fullName)).toThrow(
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
        authors.registerComputed('x', { ...fullName, ...override } as unknown as ComputedDefinition),
      ).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    });

    test('fails a list when getValues returns the wrong number of values', async () => {
      const { authors } = setup();
      authors.registerComputed('broken', { ...fullName, getValues: () => ['only one'] });

      await expect(authors.list(makeCaller(), new PaginatedFilter(), new Projection('broken'))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("'authors.broken': getValues must return an array of 3 value(s)"),
      });
    });
  });
});

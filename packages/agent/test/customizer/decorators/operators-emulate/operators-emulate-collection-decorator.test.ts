import {
  type ColumnSchema,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import {
  makeCaller,
  makeLibraryDataSource,
  makeLibraryDefinition,
  makeLibraryRecords,
} from '@platform/datasource-toolkit/testing';
import { ComputedCollectionDecorator } from '../../../../src/customizer/decorators/computed/computed-collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { OperatorsEmulateCollectionDecorator } from '../../../../src/customizer/decorators/operators-emulate/operators-emulate-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

// With orphans, so that a filter on the three authors can match a proper subset of two.
const orphanedRecords = () => makeLibraryRecords({ withOrphans: true });

/** 'Ursula Le Guin' is listed as 'Le Guin, Ursula'. */
function toSortName(name: string): string {
  const [first, ...rest] = name.split(' ');
  return `${rest.join(' ')}, ${first}`;
}

function setup(library = makeCountingLibrary(orphanedRecords())) {
  const computed = new DataSourceDecorator(library, ComputedCollectionDecorator);
  computed.getCollection('authors').registerComputed('sortName', {
    columnType: 'String',
    dependencies: ['name'],
    getValues: (records) => records.map((record) => toSortName(String(record.name))),
  });
  const layer = new DataSourceDecorator(computed, OperatorsEmulateCollectionDecorator);

  return { layer, authors: layer.getCollection('authors'), books: layer.getCollection('books'), library };
}

const listIds = (
  collection: { list: OperatorsEmulateCollectionDecorator['list'] },
  tree: ConditionTreeLeaf | ReturnType<typeof ConditionTreeFactory.union>,
) => collection.list(makeCaller(), new PaginatedFilter({ conditionTree: tree }), new Projection('id'));

describe('OperatorsEmulateCollectionDecorator', () => {
  describe('emulateFieldFiltering', () => {
    test('makes every operator of the type usable on a computed field', () => {
      const { authors } = setup();

      authors.emulateFieldFiltering('sortName');

      const operators = (authors.schema.fields.sortName as ColumnSchema).filterOperators;
      expect(operators.has('Equal')).toBe(true);
      expect(operators.has('Contains')).toBe(true);
      expect(operators.has('LongerThan')).toBe(true);
      expect(operators.has('Before')).toBe(false);
    });

    test('filters a computed field in memory, then by ids', async () => {
      const { authors, library } = setup();
      authors.emulateFieldFiltering('sortName');

      const records = await listIds(authors, new ConditionTreeLeaf('sortName', 'Contains', 'Guin'));

      expect(records).toEqual([{ id: 2 }]);
      const [, last] = library.getCollection('authors').calls;
      expect((last!.args[1] as PaginatedFilter).conditionTree?.toPlainObject()).toEqual({
        field: 'id',
        operator: 'In',
        value: [2],
      });
    });

    test('reads the collection once for all the emulated conditions of a filter', async () => {
      const { authors, library } = setup();
      authors.emulateFieldFiltering('sortName');
      const tree = ConditionTreeFactory.union(
        new ConditionTreeLeaf('sortName', 'StartsWith', 'Herbert'),
        new ConditionTreeLeaf('sortName', 'EndsWith', 'Octavia'),
      );

      const records = await listIds(authors, tree);

      expect(records).toEqual([{ id: 1 }, { id: 3 }]);
      expect(library.getCollection('authors').calls).toHaveLength(2);
    });

    test('filters related records on an emulated field through the relation', async () => {
      const { authors, books } = setup();
      authors.emulateFieldFiltering('sortName');

      const records = await listIds(books, new ConditionTreeLeaf('author:sortName', 'Equal', 'Herbert, Frank'));

      expect(records).toEqual([{ id: 1 }, { id: 3 }]);
    });
  });

  describe('emulateFieldOperator', () => {
    test('makes one operator usable on a native column', async () => {
      const definition = makeLibraryDefinition();
      const books = definition.books as { fields: Record<string, object> };
      books.fields.title = { type: 'Column', columnType: 'String', filterOperators: new Set(['Equal']) };
      const { layer } = setup(new CountingDataSource(makeLibraryDataSource(orphanedRecords(), definition)));
      const collection = layer.getCollection('books');

      collection.emulateFieldOperator('title', 'LongerThan');
      const found = await listIds(collection, new ConditionTreeLeaf('title', 'LongerThan', 10));

      expect((collection.schema.fields.title as ColumnSchema).filterOperators).toEqual(
        new Set(['Equal', 'LongerThan']),
      );
      expect(found).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    });
  });

  describe('replaceFieldOperator', () => {
    test('rewrites the operator into native conditions, without reading every record', async () => {
      const { authors, library } = setup();
      authors.replaceFieldOperator('sortName', 'Equal', (value) => {
        const [lastName, firstName] = String(value).split(', ');
        return {
          aggregator: 'And',
          conditions: [
            { field: 'name', operator: 'StartsWith', value: `${firstName} ` },
            { field: 'name', operator: 'EndsWith', value: ` ${lastName}` },
          ],
        };
      });

      const records = await listIds(authors, new ConditionTreeLeaf('sortName', 'Equal', 'Le Guin, Ursula'));

      expect(records).toEqual([{ id: 2 }]);
      expect(library.getCollection('authors').calls).toHaveLength(1);
    });

    test('rewrites replacements that use other replaced operators', async () => {
      const { authors } = setup();
      authors.replaceFieldOperator('sortName', 'Equal', (value) => new ConditionTreeLeaf('sortName', 'In', [value]));
      authors.replaceFieldOperator('sortName', 'In', (value) => ({
        field: 'name',
        operator: 'In',
        value: (value as string[]).map((sortName) => sortName.split(', ').reverse().join(' ')),
      }));

      const records = await listIds(authors, new ConditionTreeLeaf('sortName', 'Equal', 'Butler, Octavia'));

      expect(records).toEqual([{ id: 3 }]);
    });

    test('refuses replacements that form a cycle, naming it', async () => {
      const { authors } = setup();
      authors.replaceFieldOperator('sortName', 'Equal', (value) => new ConditionTreeLeaf('sortName', 'In', [value]));
      authors.replaceFieldOperator(
        'sortName',
        'In',
        (value) => new ConditionTreeLeaf('sortName', 'Equal', (value as string[])[0]),
      );

      await expect(listIds(authors, new ConditionTreeLeaf('sortName', 'Equal', 'x'))).rejects.toMatchObject({
        name: 'ValidationError',
        message:
          'Operator replacements form a cycle: authors.sortName Equal → authors.sortName In → authors.sortName Equal.',
      });
    });

    test('passes the caller to the replacer', async () => {
      const { authors } = setup();
      const replacer = jest.fn(() => new ConditionTreeLeaf('id', 'Equal', 1));
      authors.replaceFieldOperator('sortName', 'Equal', replacer);

      await listIds(authors, new ConditionTreeLeaf('sortName', 'Equal', 'x'));

      expect(replacer).toHaveBeenCalledWith(
        'x',
        expect.objectContaining({ caller: expect.objectContaining({ id: 1 }) }),
      );
    });
  });

  describe('bad input', () => {
    test('refuses an unknown field, naming the fields that exist', () => {
      const { authors } = setup();

      expect(() => authors.emulateFieldFiltering('nickname')).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining('Fields: id, name'),
        }),
      );
      expect(() => authors.emulateFieldOperator('nickname', 'Equal')).toThrow(
        expect.objectContaining({ name: 'MissingFieldError' }),
      );
      expect(() => authors.replaceFieldOperator('nickname', 'Equal', () => ConditionTreeFactory.MatchAll)).toThrow(
        expect.objectContaining({ name: 'MissingFieldError' }),
      );
    });

    test('refuses a relation', () => {
      const { books } = setup();

      expect(() => books.emulateFieldFiltering('author')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    });

    test('refuses an operator that does not apply to the type, listing those that do', () => {
      const { books } = setup();

      expect(() => books.emulateFieldOperator('price', 'Contains')).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('Operators of this type: Present'),
        }),
      );
    });

    test('refuses a replacer that is not a function', () => {
      const { books } = setup();

      expect(() => books.replaceFieldOperator('price', 'Equal', 'nope' as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError' }),
      );
    });

    test('refuses emulation on a collection without primary key', () => {
      const library = new CountingDataSource(
        createInMemoryDataSource({ logs: { fields: { message: { type: 'Column', columnType: 'String' } } } }),
      );
      const logs = new DataSourceDecorator(library, OperatorsEmulateCollectionDecorator).getCollection('logs');

      expect(() => logs.emulateFieldOperator('message', 'Equal')).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('needs a primary key') }),
      );
    });
  });
});

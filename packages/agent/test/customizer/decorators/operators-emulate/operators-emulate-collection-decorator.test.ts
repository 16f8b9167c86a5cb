import {
  type ColumnSchema,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ComputedCollectionDecorator } from '../../../../src/customizer/decorators/computed/computed-collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { OperatorsEmulateCollectionDecorator } from '../../../../src/customizer/decorators/operators-emulate/operators-emulate-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';
import { libraryDefinition, libraryRecords, makeLibrary } from '../../../factories/library-definition';

function setup(library = makeLibrary()) {
  const computed = new DataSourceDecorator(library, ComputedCollectionDecorator);
  computed.getCollection('authors').registerComputed('fullName', {
    columnType: 'String',
    dependencies: ['firstName', 'lastName'],
    getValues: (records) => records.map((record) => `${record.firstName} ${record.lastName}`),
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

      authors.emulateFieldFiltering('fullName');

      const operators = (authors.schema.fields.fullName as ColumnSchema).filterOperators;
      expect(operators.has('Equal')).toBe(true);
      expect(operators.has('Contains')).toBe(true);
      expect(operators.has('LongerThan')).toBe(true);
      expect(operators.has('Before')).toBe(false);
    });

    test('filters a computed field in memory, then by ids', async () => {
      const { authors, library } = setup();
      authors.emulateFieldFiltering('fullName');

      const records = await listIds(authors, new ConditionTreeLeaf('fullName', 'Contains', 'Cal'));

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
      authors.emulateFieldFiltering('fullName');
      const tree = ConditionTreeFactory.union(
        new ConditionTreeLeaf('fullName', 'StartsWith', 'Ursula'),
        new ConditionTreeLeaf('fullName', 'EndsWith', 'Lem'),
      );

      const records = await listIds(authors, tree);

      expect(records).toEqual([{ id: 1 }, { id: 3 }]);
      expect(library.getCollection('authors').calls).toHaveLength(2);
    });

    test('filters related records on an emulated field through the relation', async () => {
      const { authors, books } = setup();
      authors.emulateFieldFiltering('fullName');

      const records = await listIds(books, new ConditionTreeLeaf('author:fullName', 'Equal', 'Italo Calvino'));

      expect(records).toEqual([{ id: 3 }]);
    });
  });

  describe('emulateFieldOperator', () => {
    test('makes one operator usable on a native column', async () => {
      const definition = libraryDefinition();
      const books = definition.books as { fields: Record<string, object> };
      books.fields.title = { type: 'Column', columnType: 'String', filterOperators: new Set(['Equal']) };
      const { layer } = setup(new CountingDataSource(createInMemoryDataSource(definition, libraryRecords())));
      const collection = layer.getCollection('books');

      collection.emulateFieldOperator('title', 'LongerThan');
      const records = await listIds(collection, new ConditionTreeLeaf('title', 'LongerThan', 18));

      expect((collection.schema.fields.title as ColumnSchema).filterOperators).toEqual(
        new Set(['Equal', 'LongerThan']),
      );
      expect(records).toEqual([{ id: 2 }]);
    });
  });

  describe('replaceFieldOperator', () => {
    test('rewrites the operator into native conditions, without reading every record', async () => {
      const { authors, library } = setup();
      authors.replaceFieldOperator('fullName', 'Equal', (value) => {
        const [firstName, lastName] = String(value).split(' ');
        return {
          aggregator: 'And',
          conditions: [
            { field: 'firstName', operator: 'Equal', value: firstName },
            { field: 'lastName', operator: 'Equal', value: lastName },
          ],
        };
      });

      const records = await listIds(authors, new ConditionTreeLeaf('fullName', 'Equal', 'Italo Calvino'));

      expect(records).toEqual([{ id: 2 }]);
      expect(library.getCollection('authors').calls).toHaveLength(1);
    });

    test('rewrites replacements that use other replaced operators', async () => {
      const { authors } = setup();
      authors.replaceFieldOperator('fullName', 'Equal', (value) => new ConditionTreeLeaf('fullName', 'In', [value]));
      authors.replaceFieldOperator('fullName', 'In', (value) => ({
        field: 'lastName',
        operator: 'In',
        value: (value as string[]).map((name) => name.split(' ')[1]),
      }));

      const records = await listIds(authors, new ConditionTreeLeaf('fullName', 'Equal', 'Stanisław Lem'));

      expect(records).toEqual([{ id: 3 }]);
    });

    test('refuses replacements that form a cycle, naming it', async () => {
      const { authors } = setup();
      authors.replaceFieldOperator('fullName', 'Equal', (value) => new ConditionTreeLeaf('fullName', 'In', [value]));
      authors.replaceFieldOperator(
        'fullName',
        'In',
        (value) => new ConditionTreeLeaf('fullName', 'Equal', (value as string[])[0]),
      );

      await expect(listIds(authors, new ConditionTreeLeaf('fullName', 'Equal', 'x'))).rejects.toMatchObject({
        name: 'ValidationError',
        message:
          'Operator replacements form a cycle: authors.fullName Equal → authors.fullName In → authors.fullName Equal.',
      });
    });

    test('passes the caller to the replacer', async () => {
      const { authors } = setup();
      const replacer = jest.fn(() => new ConditionTreeLeaf('id', 'Equal', 1));
      authors.replaceFieldOperator('fullName', 'Equal', replacer);

      await listIds(authors, new ConditionTreeLeaf('fullName', 'Equal', 'x'));

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
          message: expect.stringContaining('Fields: id, firstName'),
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

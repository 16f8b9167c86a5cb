import {
  Aggregation,
  ConditionTreeLeaf,
  type Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { SearchCollectionDecorator } from '../../../../src/customizer/decorators/search/search-collection-decorator';
import { createLibrary, ISBN, makeCaller } from './search-fixtures';

const caller = makeCaller();
const ids = new Projection('id');

function setup(books: Parameters<typeof createLibrary>[0] = {}) {
  const dataSource = createLibrary(books);
  const child = dataSource.getCollection('books');
  const decorator = new SearchCollectionDecorator(child, dataSource);

  return { dataSource, child, decorator };
}

async function search(decorator: SearchCollectionDecorator, text: string, extra: Partial<PaginatedFilter> = {}) {
  const records = await decorator.list(caller, new PaginatedFilter({ search: text, ...extra }), ids);

  return records.map((record: RecordData) => record.id);
}

describe('SearchCollectionDecorator', () => {
  describe('schema', () => {
    test('marks a collection searchable even when its child is not', () => {
      const { decorator } = setup();

      expect(decorator.schema.searchable).toBe(true);
    });

    test('marks the collection not searchable after disableSearch', () => {
      const { decorator } = setup();

      decorator.disableSearch();

      expect(decorator.schema.searchable).toBe(false);
    });
  });

  describe('default search', () => {
    test('finds records whose String columns contain the search, case-insensitively', async () => {
      const { decorator } = setup();

      expect(await search(decorator, 'the ')).toEqual([1, 2]);
    });

    test('removes the search from the filter and intersects its tree into the condition tree', async () => {
      const { decorator, child } = setup();
      const status = new ConditionTreeLeaf('status', 'Equal', 'live');

      const found = await search(decorator, 'the', { conditionTree: status });

      expect(found).toEqual([1]);
      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.search).toBeNull();
      expect(filter.conditionTree?.toPlainObject()).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'status', operator: 'Equal', value: 'live' },
          { field: 'title', operator: 'IContains', value: 'the' },
        ],
      });
    });

    test('matches Number columns by equality when the search is a number', async () => {
      const { decorator } = setup();

      expect(await search(decorator, '42')).toEqual([42]);
    });

    test('matches Enum columns by equality, whatever the case', async () => {
      const { decorator } = setup();

      expect(await search(decorator, 'LIVE')).toEqual([1, 3]);
    });

    test('matches Uuid columns by equality, in lowercase, when the search is a UUID', async () => {
      const { decorator } = setup();

      expect(await search(decorator, ISBN.toUpperCase())).toEqual([1]);
    });

    test('matches nothing when no column can hold the search', async () => {
      const { decorator } = setup();

      expect(await search(decorator, '2024-01-01')).toEqual([]);
    });

    test('searches the columns of to-one relations only when extended', async () => {
      const { decorator } = setup();

      expect(await search(decorator, 'banks')).toEqual([]);
      expect(await search(decorator, 'banks', { searchExtended: true })).toEqual([3, 42]);
    });

    test('trims the search and drops a blank one without adding a condition', async () => {
      const { decorator, child } = setup();

      expect(await search(decorator, '   ')).toEqual([1, 2, 3, 42]);
      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.search).toBeNull();
      expect(filter.conditionTree).toBeUndefined();
    });

    test('passes the search unchanged to a natively searchable child', async () => {
      const { decorator, child } = setup({ searchable: true });

      await search(decorator, 'excession');

      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.search).toBe('excession');
      expect(filter.conditionTree).toBeUndefined();
    });

    test('resolves the search of deletes too', async () => {
      const { decorator, child } = setup();

      await decorator.delete(caller, new PaginatedFilter({ search: 'darkness' }));

      expect((await child.list(caller, new PaginatedFilter(), ids)).map((record) => record.id)).toEqual([1, 3, 42]);
    });
  });

  describe('replaceSearch', () => {
    test('uses the tree the definition returns, given the search, extended flag and context', async () => {
      const { decorator } = setup();
      const definition = jest.fn(() => ({ field: 'authorId', operator: 'Equal' as const, value: 2 }));
      decorator.replaceSearch(definition);

      const found = await search(decorator, ' anything ', { searchExtended: true });

      expect(found).toEqual([3, 42]);
      expect(definition).toHaveBeenCalledWith(
        'anything',
        true,
        expect.objectContaining({ caller, collection: decorator }),
      );
    });

    test('replaces the native search of a searchable child', async () => {
      const { decorator, child } = setup({ searchable: true });
      decorator.replaceSearch((text) => new ConditionTreeLeaf('title', 'StartsWith', text));

      expect(await search(decorator, 'Ex')).toEqual([3]);
      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.search).toBeNull();
    });

    test('adds no condition when the definition returns null', async () => {
      const { decorator } = setup();
      decorator.replaceSearch(() => null);

      expect(await search(decorator, 'zzz')).toEqual([1, 2, 3, 42]);
    });

    test('supports async definitions', async () => {
      const { decorator } = setup();
      decorator.replaceSearch(async (text) => ({ field: 'title', operator: 'Equal', value: text }));

      expect(await search(decorator, 'Excession')).toEqual([3]);
    });
  });

  describe('bad input', () => {
    test('refuses a search on a collection whose search is disabled, without querying', async () => {
      const { decorator, child } = setup({ searchable: true });
      decorator.disableSearch();

      await expect(search(decorator, 'the')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Search is disabled on 'books'"),
      });
      expect(child.calls).toHaveLength(0);
    });

    test('still accepts a blank search when the search is disabled', async () => {
      const { decorator } = setup();
      decorator.disableSearch();

      expect(await search(decorator, '')).toEqual([1, 2, 3, 42]);
    });

    test('refuses a definition that is not a function', () => {
      const { decorator } = setup();

      expect(() => decorator.replaceSearch('title' as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('expected a function') }),
      );
    });

    test('refuses a tree naming an unknown field, listing the fields', async () => {
      const { decorator, child } = setup();
      decorator.replaceSearch((text) => ({ field: 'subtitle', operator: 'Equal', value: text }));

      await expect(search(decorator, 'x')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringMatching(/Unknown field 'subtitle'.*Fields: id, title, isbn/),
      });
      expect(child.calls).toHaveLength(0);
    });

    test('refuses a tree whose operator does not fit the column', async () => {
      const { decorator } = setup();
      decorator.replaceSearch((text) => ({ field: 'id', operator: 'Contains', value: text }));

      await expect(search(decorator, 'x')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Operator 'Contains' is not allowed on 'books.id'"),
      });
    });

    test('refuses a definition that returns something else than a condition tree', async () => {
      const { decorator } = setup();
      decorator.replaceSearch(() => 'title' as never);

      await expect(search(decorator, 'x')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('returned an invalid condition tree'),
      });
    });

    test('refuses a tree whose value does not fit the column', async () => {
      const { decorator } = setup();
      decorator.replaceSearch((text) => ({ field: 'authorId', operator: 'Equal', value: text }));

      await expect(search(decorator, 'Ursula')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Invalid value for 'books.authorId': expected Number"),
      });
    });

    test('refuses a malformed branch, naming where it is wrong', async () => {
      const { decorator } = setup();
      decorator.replaceSearch(() => ({ aggregator: 'Xor', conditions: [] }) as never);

      await expect(search(decorator, 'x')).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('at "aggregator": expected "And" or "Or"'),
      });
    });

    test('refuses a search on a disabled collection in deletes and aggregations too', async () => {
      const { decorator, child } = setup();
      decorator.disableSearch();

      await expect(decorator.delete(caller, new PaginatedFilter({ search: 'x' }))).rejects.toMatchObject({
        name: 'ValidationError',
      });
      await expect(
        decorator.aggregate(caller, new PaginatedFilter({ search: 'x' }), new Aggregation({ operation: 'Count' })),
      ).rejects.toMatchObject({ name: 'ValidationError' });
      expect(child.calls).toHaveLength(0);
    });

    test('refuses a search that is not a string', async () => {
      const { decorator } = setup();

      await expect(search(decorator, 12 as never)).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('expected a string, got number'),
      });
    });

    test('lets an error thrown by the definition through as is', async () => {
      const { decorator } = setup();
      const failure = new Error('search service down');
      decorator.replaceSearch(() => {
        throw failure;
      });

      await expect(search(decorator, 'x')).rejects.toBe(failure);
    });
  });
});

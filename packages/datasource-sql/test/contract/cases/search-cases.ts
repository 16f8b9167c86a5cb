import { ConditionTreeLeaf, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { type ContractEnv, makeCaller, sortedIds } from '../contract-env';

/** Search: case-insensitive text, numbers and UUIDs, and relations with `searchExtended`. */
export function describeSearch(env: () => ContractEnv): void {
  const caller = makeCaller();
  const search = (
    collection: string,
    text: string,
    extra: { searchExtended?: boolean; tree?: ConditionTreeLeaf } = {},
  ) =>
    env()
      .dataSource.getCollection(collection)
      .list(
        caller,
        new PaginatedFilter({ search: text, searchExtended: extra.searchExtended, conditionTree: extra.tree }),
        new Projection('id'),
      );

  test('every collection is searchable', () => {
    expect(env().dataSource.getCollection('books').schema.searchable).toBe(true);
  });

  test('finds text anywhere in String columns, ignoring case', async () => {
    expect(sortedIds(await search('books', 'LIGHTHOUSE'))).toEqual([10]);
    expect(sortedIds(await search('books', 'the plague'))).toEqual([9]);
  });

  test('matches numeric columns exactly when the search is a number', async () => {
    // Book 12 has id 12; no title or ISBN contains "12" except through the number columns.
    const found = sortedIds(await search('books', '12'));

    expect(found).toContain(12);
  });

  test('matches UUID columns exactly when the search is a UUID', async () => {
    expect(sortedIds(await search('authors', '00000000-0000-4000-8000-000000000004'))).toEqual([4]);
  });

  test('matches enum values ignoring case', async () => {
    const archived = await search('books', 'ARCHIVED');

    expect(sortedIds(archived)).toEqual([2, 5, 8, 11, 14, 17, 20, 23]);
  });

  test('searches to-one relations only when extended', async () => {
    const plain = await search('books', 'woolf');
    const extended = await search('books', 'woolf', { searchExtended: true });

    expect(plain).toEqual([]);
    // Books by Virginia Woolf (author), and books she edited (editor).
    expect(sortedIds(extended)).toEqual([3, 8, 11, 16, 19, 24]);
  });

  test('combines with the condition tree', async () => {
    const found = await search('books', 'woolf', {
      searchExtended: true,
      tree: new ConditionTreeLeaf('id', 'GreaterThan', 5),
    });

    expect(sortedIds(found)).toEqual([8, 11, 16, 19, 24]);
  });

  test('treats LIKE wildcards in the search as plain characters', async () => {
    // Only book 24's title holds a '%' and a '_'; unescaped, either would match every book.
    expect(sortedIds(await search('books', '%'))).toEqual([24]);
    expect(sortedIds(await search('books', '_'))).toEqual([24]);
  });

  test('ignores a blank search', async () => {
    expect(await search('books', '   ')).toHaveLength(24);
  });
}

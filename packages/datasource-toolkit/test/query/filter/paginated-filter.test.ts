import { ConditionTreeLeaf, Filter, Page, PaginatedFilter, Sort } from '@platform/datasource-toolkit';

describe('PaginatedFilter', () => {
  const tree = new ConditionTreeLeaf('title', 'Present');
  const sort = Sort.fromString('-title');
  const page = new Page(10, 5);

  test('is a Filter with a sort and a page', () => {
    const filter = new PaginatedFilter({ conditionTree: tree, sort, page, search: 'x' });

    expect(filter).toBeInstanceOf(Filter);
    expect(filter.sort).toBe(sort);
    expect(filter.page).toBe(page);
    expect(filter.search).toBe('x');
  });

  test('is frozen', () => {
    expect(Object.isFrozen(new PaginatedFilter({ sort }))).toBe(true);
  });

  test('override returns a PaginatedFilter and keeps sort and page', () => {
    const overridden = new PaginatedFilter({ sort, page }).override({ search: 'dune' });

    expect(overridden).toBeInstanceOf(PaginatedFilter);
    expect(overridden.sort).toBe(sort);
    expect(overridden.page).toBe(page);
    expect(overridden.search).toBe('dune');
  });

  test('override replaces sort and page', () => {
    const other = new Page(0, 1);

    const overridden = new PaginatedFilter({ sort, page }).override({ page: other, sort: undefined });

    expect(overridden.page).toBe(other);
    expect(overridden.sort).toBeUndefined();
  });

  test('nest prefixes the condition tree and the sort, and keeps the page', () => {
    const nested = new PaginatedFilter({ conditionTree: tree, sort, page }).nest('book');

    expect(nested).toBeInstanceOf(PaginatedFilter);
    expect(nested.conditionTree?.toPlainObject()).toEqual({ field: 'book:title', operator: 'Present' });
    expect([...(nested.sort ?? [])]).toEqual([{ field: 'book:title', ascending: false }]);
    expect(nested.page).toBe(page);
  });

  test('nest throws for a filter with a search', () => {
    expect(() => new PaginatedFilter({ search: 'x', sort }).nest('book')).toThrow('Cannot nest');
  });

  test('nest throws for a filter with a segment', () => {
    expect(() => new PaginatedFilter({ segment: 'Classics' }).nest('book')).toThrow('Cannot nest');
  });
});

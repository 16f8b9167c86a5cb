import { ConditionTreeFactory, ConditionTreeLeaf, Filter } from '@platform/datasource-toolkit';

describe('Filter', () => {
  const tree = new ConditionTreeLeaf('title', 'Equal', 'Dune');

  test('keeps its parts', () => {
    const filter = new Filter({ conditionTree: tree, search: 'dune', searchExtended: true, segment: 'Classics' });

    expect(filter.conditionTree).toBe(tree);
    expect(filter.search).toBe('dune');
    expect(filter.searchExtended).toBe(true);
    expect(filter.segment).toBe('Classics');
  });

  test('defaults every part to undefined', () => {
    const filter = new Filter();

    expect([filter.conditionTree, filter.search, filter.searchExtended, filter.segment]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('is frozen', () => {
    expect(Object.isFrozen(new Filter({ search: 'x' }))).toBe(true);
  });

  test.each([
    [{}, true],
    [{ search: '' }, true],
    [{ search: null, segment: null }, true],
    [{ search: 'dune' }, false],
    [{ segment: 'Classics' }, false],
  ])('isNestable for %j is %p', (parts, expected) => {
    expect(new Filter(parts).isNestable).toBe(expected);
  });

  test('override replaces the given parts and keeps the others', () => {
    const filter = new Filter({ conditionTree: tree, search: 'dune' });

    const overridden = filter.override({ search: 'foundation', segment: 'Classics' });

    expect(overridden).toBeInstanceOf(Filter);
    expect(overridden.conditionTree).toBe(tree);
    expect(overridden.search).toBe('foundation');
    expect(overridden.segment).toBe('Classics');
    expect(filter.search).toBe('dune');
  });

  test('override can remove a part with undefined', () => {
    expect(new Filter({ conditionTree: tree }).override({ conditionTree: undefined }).conditionTree).toBeUndefined();
  });

  test('nest prefixes the condition tree', () => {
    const nested = new Filter({ conditionTree: tree }).nest('book');

    expect(nested.conditionTree?.toPlainObject()).toEqual({ field: 'book:title', operator: 'Equal', value: 'Dune' });
  });

  test('nest keeps a filter without condition tree empty', () => {
    expect(new Filter().nest('book').conditionTree).toBeUndefined();
  });

  test('nest keeps match-all trees working', () => {
    const nested = new Filter({ conditionTree: ConditionTreeFactory.MatchAll }).nest('book');

    expect(nested.conditionTree?.toPlainObject()).toEqual({ aggregator: 'And', conditions: [] });
  });

  test.each([{ search: 'dune' }, { segment: 'Classics' }])('nest throws for a filter with %j', (parts) => {
    expect(() => new Filter(parts).nest('book')).toThrow('Cannot nest a filter that has a search or a segment');
  });
});

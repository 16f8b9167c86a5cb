import { ConditionTreeBranch, ConditionTreeLeaf } from '@platform/datasource-toolkit';

describe('ConditionTreeLeaf', () => {
  test('is frozen, and copies its list value', () => {
    const list = [1, 2];
    const leaf = new ConditionTreeLeaf('id', 'In', list);
    list.push(3);

    expect(Object.isFrozen(leaf)).toBe(true);
    expect(leaf.value).toEqual([1, 2]);
  });

  test('override returns a new leaf with the given properties replaced', () => {
    const leaf = new ConditionTreeLeaf('title', 'Equal', 'a');

    expect(leaf.override({ operator: 'NotEqual' }).toPlainObject()).toEqual({
      field: 'title',
      operator: 'NotEqual',
      value: 'a',
    });
    expect(leaf.operator).toBe('Equal');
  });

  test('toPlainObject omits an undefined value', () => {
    expect(new ConditionTreeLeaf('title', 'Present').toPlainObject()).toEqual({ field: 'title', operator: 'Present' });
  });

  test('useIntervalOperator is true for operators relative to now', () => {
    expect(new ConditionTreeLeaf('at', 'Today').useIntervalOperator).toBe(true);
    expect(new ConditionTreeLeaf('at', 'BeforeXHoursAgo', 2).useIntervalOperator).toBe(true);
    expect(new ConditionTreeLeaf('at', 'Before', '2020-01-01').useIntervalOperator).toBe(false);
  });

  test.each([
    ['Equal', 'NotEqual'],
    ['NotEqual', 'Equal'],
    ['In', 'NotIn'],
    ['NotIn', 'In'],
    ['Present', 'Blank'],
    ['Blank', 'Present'],
    ['Contains', 'NotContains'],
    ['NotContains', 'Contains'],
    ['IContains', 'NotIContains'],
    ['NotIContains', 'IContains'],
  ] as const)('the inverse of %s is %s', (operator, inverse) => {
    expect(new ConditionTreeLeaf('f', operator, 'v').inverse().toPlainObject()).toEqual({
      field: 'f',
      operator: inverse,
      value: 'v',
    });
  });

  test('the inverse of a comparison also accepts null', () => {
    expect(new ConditionTreeLeaf('f', 'LessThan', 3).inverse().toPlainObject()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'f', operator: 'GreaterThanOrEqual', value: 3 },
        { field: 'f', operator: 'Missing' },
      ],
    });
  });

  test('the inverse of Missing is NotEqual null', () => {
    expect(new ConditionTreeLeaf('f', 'Missing').inverse().toPlainObject()).toEqual({
      field: 'f',
      operator: 'NotEqual',
      value: null,
    });
  });

  test('the inverse of LongerThan is ShorterThan one more, or missing', () => {
    expect(new ConditionTreeLeaf('f', 'LongerThan', 3).inverse().toPlainObject()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'f', operator: 'ShorterThan', value: 4 },
        { field: 'f', operator: 'Missing' },
      ],
    });
  });

  test.each(['Like', 'ILike', 'StartsWith', 'IncludesAll', 'IncludesNone', 'Match', 'Today'] as const)(
    'inverse throws a clear error for %s',
    (operator) => {
      expect(() => new ConditionTreeLeaf('f', operator, 'v').inverse()).toThrow(`Operator ${operator} has no inverse`);
    },
  );

  test('replaceLeafs accepts a plain object from the handler', () => {
    const tree = new ConditionTreeLeaf('f', 'Equal', 1).replaceLeafs(() => ({
      aggregator: 'Or',
      conditions: [{ field: 'g', operator: 'Missing' }],
    }));

    expect(tree).toBeInstanceOf(ConditionTreeBranch);
    expect(tree?.toPlainObject()).toEqual({ aggregator: 'Or', conditions: [{ field: 'g', operator: 'Missing' }] });
  });

  test('replaceLeafs returns null when the handler removes the leaf', () => {
    expect(new ConditionTreeLeaf('f', 'Equal', 1).replaceLeafs(() => null)).toBeNull();
  });

  test('replaceLeafsAsync awaits the handler', async () => {
    const tree = await new ConditionTreeLeaf('f', 'Equal', 1).replaceLeafsAsync(async (leaf) =>
      leaf.override({ value: 2 }),
    );

    expect(tree?.toPlainObject()).toEqual({ field: 'f', operator: 'Equal', value: 2 });
  });

  test('nest prefixes the field; unnest removes the prefix', () => {
    const nested = new ConditionTreeLeaf('name', 'Equal', 'Ada').nest('author');

    expect((nested as ConditionTreeLeaf).field).toBe('author:name');
    expect((nested.unnest() as ConditionTreeLeaf).field).toBe('name');
  });

  test('unnest throws on a field without relation', () => {
    expect(() => new ConditionTreeLeaf('name', 'Equal', 'Ada').unnest()).toThrow('do not share one relation');
  });

  test('equals compares structure and values', () => {
    const leaf = new ConditionTreeLeaf('f', 'In', [1, 2]);

    expect(leaf.equals(new ConditionTreeLeaf('f', 'In', [1, 2]))).toBe(true);
    expect(leaf.equals(new ConditionTreeLeaf('f', 'In', [2, 1]))).toBe(false);
    expect(leaf.equals({ field: 'f', operator: 'In', value: [1, 2] })).toBe(false);
  });

  test('projection lists the field', () => {
    expect([...new ConditionTreeLeaf('author:name', 'Present').projection]).toEqual(['author:name']);
  });
});

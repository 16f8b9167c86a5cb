import { ConditionTreeBranch, ConditionTreeFactory, ConditionTreeLeaf } from '@platform/datasource-toolkit';

const parseError = (json: unknown): unknown => {
  try {
    ConditionTreeFactory.fromPlainObject(json);
  } catch (error) {
    return error;
  }

  throw new Error('Expected fromPlainObject to throw.');
};

describe('ConditionTreeFactory.fromPlainObject', () => {
  test('parses a leaf', () => {
    const tree = ConditionTreeFactory.fromPlainObject({ field: 'title', operator: 'Contains', value: 'war' });

    expect(tree).toBeInstanceOf(ConditionTreeLeaf);
    expect(tree.toPlainObject()).toEqual({ field: 'title', operator: 'Contains', value: 'war' });
  });

  test('parses nested branches', () => {
    const json = {
      aggregator: 'And',
      conditions: [
        { field: 'a', operator: 'Present' },
        { aggregator: 'Or', conditions: [{ field: 'b', operator: 'In', value: [1, 2] }] },
      ],
    };
    const tree = ConditionTreeFactory.fromPlainObject(json);

    expect(tree).toBeInstanceOf(ConditionTreeBranch);
    expect(tree.toPlainObject()).toEqual(json);
  });

  test('accepts aggregators in any case', () => {
    expect(ConditionTreeFactory.fromPlainObject({ aggregator: 'or', conditions: [] }).toPlainObject()).toEqual({
      aggregator: 'Or',
      conditions: [],
    });
  });

  test('accepts a Match value written as /pattern/flags', () => {
    expect(ConditionTreeFactory.fromPlainObject({ field: 'a', operator: 'Match', value: '/^a/i' })).toBeInstanceOf(
      ConditionTreeLeaf,
    );
  });

  test.each([
    [null, 'at the root', 'expected an object'],
    ['Equal', 'at the root', 'expected an object'],
    [[], 'at the root', 'got an array'],
    [{}, 'at the root', 'expected "field" and "operator"'],
    [{ field: 'a', aggregator: 'And' }, 'at the root', 'both "aggregator" and "field"'],
    [{ field: 'a' }, 'at "operator"', 'unknown operator nothing'],
    [{ field: 'a', operator: 'Foo' }, 'at "operator"', 'unknown operator "Foo"; expected one of Present'],
    [{ field: 'a', operator: 'equal' }, 'at "operator"', 'unknown operator "equal"'],
    [{ field: '', operator: 'Present' }, 'at "field"', 'expected a non-empty string, got ""'],
    [{ field: 3, operator: 'Present' }, 'at "field"', 'expected a non-empty string, got number 3'],
    [{ field: 'a', operator: 'In', value: 1 }, 'at "value"', 'operator In expects an array, got number 1'],
    [{ field: 'a', operator: 'NotIn', value: '1,2' }, 'at "value"', 'operator NotIn expects an array'],
    [{ field: 'a', operator: 'IncludesAll' }, 'at "value"', 'operator IncludesAll expects an array, got nothing'],
    [{ field: 'a', operator: 'PreviousXDays', value: -1 }, 'at "value"', 'expects a non-negative integer'],
    [{ field: 'a', operator: 'LongerThan', value: '3' }, 'at "value"', 'expects a non-negative integer'],
    [{ field: 'a', operator: 'Contains', value: 3 }, 'at "value"', 'operator Contains expects a string'],
    [{ field: 'a', operator: 'Match', value: '/(/' }, 'at "value"', 'expects a regular expression'],
    [{ aggregator: 'Xor', conditions: [] }, 'at "aggregator"', 'expected "And" or "Or", got "Xor"'],
    [{ aggregator: 'And' }, 'at "conditions"', 'expected an array, got nothing'],
    [{ aggregator: 'And', conditions: {} }, 'at "conditions"', 'expected an array, got an object'],
  ])('rejects %j %s: %s', (json, where, problem) => {
    const error = parseError(json);

    expect(error).toMatchObject({ name: 'ValidationError' });
    expect((error as Error).message).toContain(`Invalid condition tree ${where}`);
    expect((error as Error).message).toContain(problem);
  });

  test('names the path of a nested error', () => {
    const error = parseError({
      aggregator: 'And',
      conditions: [
        { field: 'a', operator: 'Present' },
        { aggregator: 'Or', conditions: [{ field: 'b', operator: 'Nope' }] },
      ],
    });

    expect(error).toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('at "conditions[1].conditions[0].operator"'),
      details: { path: 'conditions[1].conditions[0].operator' },
    });
  });

  test('keeps the regular expression error as cause', () => {
    expect(parseError({ field: 'a', operator: 'Match', value: '[' })).toMatchObject({
      name: 'ValidationError',
      cause: expect.any(SyntaxError),
    });
  });
});

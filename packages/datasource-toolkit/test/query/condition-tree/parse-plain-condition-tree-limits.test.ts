import { ConditionTreeFactory, MAX_CONDITION_TREE_DEPTH, MAX_CONDITION_TREE_NODES } from '@platform/datasource-toolkit';

const leaf = (value: number) => ({ field: 'id', operator: 'Equal', value });

/** `{ aggregator: 'And', conditions: [...] }` nested `depth` times around one leaf. */
function nested(depth: number): unknown {
  let tree: unknown = leaf(1);
  for (let level = 0; level < depth; level += 1) tree = { aggregator: 'And', conditions: [tree] };
  return tree;
}

const orOf = (count: number) => ({ aggregator: 'Or', conditions: Array.from({ length: count }, (_, i) => leaf(i)) });

describe('ConditionTreeFactory.fromPlainObject limits', () => {
  test('accepts branches nested up to the maximum depth', () => {
    const tree = ConditionTreeFactory.fromPlainObject(nested(MAX_CONDITION_TREE_DEPTH));

    expect(tree.toPlainObject()).toEqual(nested(MAX_CONDITION_TREE_DEPTH));
  });

  test('refuses one level more with a ValidationError naming the limit', () => {
    expect(() => ConditionTreeFactory.fromPlainObject(nested(MAX_CONDITION_TREE_DEPTH + 1))).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('at most 32 levels') }),
    );
  });

  test('refuses a tree nested 100,000 levels without overflowing the stack', () => {
    expect(() => ConditionTreeFactory.fromPlainObject(nested(100_000))).toThrow(
      expect.objectContaining({ name: 'ValidationError', details: { maxDepth: MAX_CONDITION_TREE_DEPTH } }),
    );
  });

  test('accepts as many conditions as the maximum', () => {
    const tree = ConditionTreeFactory.fromPlainObject(orOf(MAX_CONDITION_TREE_NODES - 1));

    expect(tree.toPlainObject()).toMatchObject({ aggregator: 'Or' });
  });

  test('refuses an Or of 70,000 conditions with a ValidationError stating the limit', () => {
    expect(() => ConditionTreeFactory.fromPlainObject(orOf(70_000))).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('at most 10,000 conditions'),
      }),
    );
  });
});

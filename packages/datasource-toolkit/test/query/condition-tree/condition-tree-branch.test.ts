import { ConditionTreeBranch, ConditionTreeFactory, ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeBooksCollection } from '@platform/datasource-toolkit/testing';

const books = makeBooksCollection();
const tree = new ConditionTreeBranch('And', [
  new ConditionTreeLeaf('title', 'Equal', 'Dune'),
  new ConditionTreeBranch('Or', [
    new ConditionTreeLeaf('author:name', 'Present'),
    new ConditionTreeLeaf('price', 'LessThan', 10),
  ]),
]);

describe('ConditionTreeBranch', () => {
  test('is frozen with a frozen list of conditions', () => {
    expect(Object.isFrozen(tree)).toBe(true);
    expect(Object.isFrozen(tree.conditions)).toBe(true);
  });

  test('inverse applies De Morgan laws', () => {
    expect(tree.inverse().toPlainObject()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'title', operator: 'NotEqual', value: 'Dune' },
        {
          aggregator: 'And',
          conditions: [
            { field: 'author:name', operator: 'Blank' },
            {
              aggregator: 'Or',
              conditions: [
                { field: 'price', operator: 'GreaterThanOrEqual', value: 10 },
                { field: 'price', operator: 'Missing' },
              ],
            },
          ],
        },
      ],
    });
  });

  test('the inverse matches exactly the records the tree does not match', () => {
    const records = [
      { title: 'Dune', author: { name: 'Frank' }, price: 20 },
      { title: 'Dune', author: null, price: 5 },
      { title: 'Dune', author: null, price: null },
      { title: null, author: { name: '' }, price: 1 },
    ];

    for (const record of records) {
      expect(tree.inverse().match(record, books, 'UTC')).toBe(!tree.match(record, books, 'UTC'));
    }
  });

  test('replaceLeafs removes leafs replaced with null and keeps empty branches', () => {
    const replaced = tree.replaceLeafs((leaf) => (leaf.field === 'title' ? leaf : null));

    expect(replaced.toPlainObject()).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'title', operator: 'Equal', value: 'Dune' },
        { aggregator: 'Or', conditions: [] },
      ],
    });
  });

  test('replaceLeafsAsync replaces every leaf', async () => {
    const replaced = await tree.replaceLeafsAsync(async (leaf) => leaf.override({ field: `x${leaf.field}` }));

    expect([...replaced.projection]).toEqual(['xtitle', 'xauthor:name', 'xprice']);
  });

  test('an And of nothing matches everything and an Or of nothing matches nothing', () => {
    expect(ConditionTreeFactory.MatchAll.match({}, books, 'UTC')).toBe(true);
    expect(ConditionTreeFactory.MatchNone.match({}, books, 'UTC')).toBe(false);
  });

  test('apply keeps the matching records in order', () => {
    const records = [
      { title: 'Dune', price: 5 },
      { title: 'Emma', price: 5 },
      { title: 'Dune', price: 50 },
    ];

    expect(tree.apply(records, books, 'UTC')).toEqual([records[0]]);
  });

  test('forEachLeaf, everyLeaf and someLeaf visit every leaf', () => {
    const fields: string[] = [];
    tree.forEachLeaf((leaf) => {
      fields.push(leaf.field);
    });

    expect(fields).toEqual(['title', 'author:name', 'price']);
    expect(tree.everyLeaf((leaf) => leaf.field.length > 3)).toBe(true);
    expect(tree.someLeaf((leaf) => leaf.operator === 'Present')).toBe(true);
    expect(tree.someLeaf((leaf) => leaf.operator === 'Blank')).toBe(false);
  });

  test('projection lists every field once', () => {
    const twice = new ConditionTreeBranch('Or', [tree, tree]);

    expect([...twice.projection]).toEqual(['title', 'author:name', 'price']);
  });

  test('nest and unnest prefix and unprefix every field', () => {
    const nested = tree.nest('book');

    expect([...nested.projection]).toEqual(['book:title', 'book:author:name', 'book:price']);
    expect(nested.unnest().equals(tree)).toBe(true);
  });

  test('unnest throws when fields do not share one relation', () => {
    expect(() => tree.unnest()).toThrow('Cannot unnest condition tree');
  });

  test('replaceFields renames every field', () => {
    expect([...tree.replaceFields((field) => field.toUpperCase()).projection]).toEqual([
      'TITLE',
      'AUTHOR:NAME',
      'PRICE',
    ]);
  });

  test('equals is structural', () => {
    expect(tree.equals(ConditionTreeFactory.fromPlainObject(tree.toPlainObject()))).toBe(true);
    expect(tree.equals(tree.inverse())).toBe(false);
  });
});

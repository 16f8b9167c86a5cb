import { ConditionTreeBranch, ConditionTreeFactory, ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeConditionTreeSchema } from '@platform/datasource-toolkit/testing';

const a = new ConditionTreeLeaf('a', 'Present');
const b = new ConditionTreeLeaf('b', 'Present');
const c = new ConditionTreeLeaf('c', 'Present');

describe('ConditionTreeFactory', () => {
  test('MatchAll is an And of nothing and MatchNone an Or of nothing', () => {
    expect(ConditionTreeFactory.MatchAll.toPlainObject()).toEqual({ aggregator: 'And', conditions: [] });
    expect(ConditionTreeFactory.MatchNone.toPlainObject()).toEqual({ aggregator: 'Or', conditions: [] });
  });

  test('intersect flattens nested Ands and drops nulls and MatchAll', () => {
    const tree = ConditionTreeFactory.intersect(
      new ConditionTreeBranch('And', [a, b]),
      null,
      undefined,
      ConditionTreeFactory.MatchAll,
      c,
    );

    expect(tree.toPlainObject()).toEqual({ aggregator: 'And', conditions: [a, b, c].map((l) => l.toPlainObject()) });
  });

  test('intersect keeps Ors as conditions', () => {
    const or = new ConditionTreeBranch('Or', [a, b]);

    expect(ConditionTreeFactory.intersect(or, c).toPlainObject()).toEqual({
      aggregator: 'And',
      conditions: [or.toPlainObject(), c.toPlainObject()],
    });
  });

  test('intersect of a single tree returns it; of nothing, MatchAll', () => {
    expect(ConditionTreeFactory.intersect(a, null)).toBe(a);
    expect(ConditionTreeFactory.intersect().equals(ConditionTreeFactory.MatchAll)).toBe(true);
  });

  test('intersect with MatchNone matches nothing', () => {
    expect(
      ConditionTreeFactory.intersect(a, ConditionTreeFactory.MatchNone).equals(ConditionTreeFactory.MatchNone),
    ).toBe(true);
  });

  test('union flattens nested Ors and drops MatchNone', () => {
    const tree = ConditionTreeFactory.union(new ConditionTreeBranch('Or', [a, b]), ConditionTreeFactory.MatchNone, c);

    expect(tree.toPlainObject()).toEqual({ aggregator: 'Or', conditions: [a, b, c].map((l) => l.toPlainObject()) });
  });

  test('union with MatchAll matches everything', () => {
    expect(ConditionTreeFactory.union(a, ConditionTreeFactory.MatchAll).equals(ConditionTreeFactory.MatchAll)).toBe(
      true,
    );
  });

  test('matchIds uses In on a single primary key', () => {
    const schema = makeConditionTreeSchema({ id: 'Number', title: 'String' });

    expect(ConditionTreeFactory.matchIds(schema, [[1], [2]]).toPlainObject()).toEqual({
      field: 'id',
      operator: 'In',
      value: [1, 2],
    });
  });

  test('matchIds uses an Or of Ands on a composite primary key', () => {
    const schema = makeConditionTreeSchema({ a: 'Number', b: 'String' }, ['a', 'b']);

    expect(
      ConditionTreeFactory.matchIds(schema, [
        [1, 'x'],
        [2, 'y'],
      ]).toPlainObject(),
    ).toEqual({
      aggregator: 'Or',
      conditions: [
        {
          aggregator: 'And',
          conditions: [
            { field: 'a', operator: 'Equal', value: 1 },
            { field: 'b', operator: 'Equal', value: 'x' },
          ],
        },
        {
          aggregator: 'And',
          conditions: [
            { field: 'a', operator: 'Equal', value: 2 },
            { field: 'b', operator: 'Equal', value: 'y' },
          ],
        },
      ],
    });
  });

  test('matchIds of no id matches nothing', () => {
    const schema = makeConditionTreeSchema({ id: 'Number' });

    expect(ConditionTreeFactory.matchIds(schema, []).equals(ConditionTreeFactory.MatchNone)).toBe(true);
  });

  test('matchIds throws when an id has the wrong number of values', () => {
    const schema = makeConditionTreeSchema({ a: 'Number', b: 'String' }, ['a', 'b']);

    expect(() => ConditionTreeFactory.matchIds(schema, [[1]])).toThrow('expected 2 values (a, b)');
  });

  test('matchIds throws when the collection has no primary key', () => {
    const schema = makeConditionTreeSchema({ title: 'String' }, []);

    expect(() => ConditionTreeFactory.matchIds(schema, [[1]])).toThrow('no primary key');
  });

  test('matchRecords reads the primary keys of the records', () => {
    const schema = makeConditionTreeSchema({ id: 'Number', title: 'String' });

    expect(ConditionTreeFactory.matchRecords(schema, [{ id: 3, title: 'x' }]).toPlainObject()).toEqual({
      field: 'id',
      operator: 'In',
      value: [3],
    });
  });
});

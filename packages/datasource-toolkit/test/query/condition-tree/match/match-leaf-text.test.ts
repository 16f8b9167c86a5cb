import { ConditionTreeLeaf, type Operator } from '@platform/datasource-toolkit';
import { makeBooksCollection } from '@platform/datasource-toolkit/testing';

const books = makeBooksCollection();
const matches = (operator: Operator, value: unknown, actual: unknown): boolean =>
  new ConditionTreeLeaf('title', operator, value).match({ title: actual }, books, 'UTC');

describe('ConditionTreeLeaf.match: text operators', () => {
  test.each([
    ['Contains', 'un', 'Dune', true],
    ['Contains', 'UN', 'Dune', false],
    ['Contains', 'x', null, false],
    ['NotContains', 'un', 'Dune', false],
    ['NotContains', 'x', 'Dune', true],
    ['NotContains', 'x', null, true],
    ['IContains', 'UN', 'Dune', true],
    ['IContains', 'x', null, false],
    ['NotIContains', 'UN', 'Dune', false],
    ['NotIContains', 'x', null, true],
    ['StartsWith', 'Du', 'Dune', true],
    ['StartsWith', 'du', 'Dune', false],
    ['IStartsWith', 'du', 'Dune', true],
    ['EndsWith', 'ne', 'Dune', true],
    ['EndsWith', 'Du', 'Dune', false],
    ['IEndsWith', 'NE', 'Dune', true],
    ['StartsWith', 'x', undefined, false],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches(operator, value, actual)).toBe(expected);
  });

  test('the value of Contains is literal: % and _ are not wildcards', () => {
    expect(matches('Contains', '50%', '50% off')).toBe(true);
    expect(matches('Contains', '50%', '500 off')).toBe(false);
    expect(matches('Contains', 'a_b', 'axb')).toBe(false);
    expect(matches('Contains', 'a\\b', 'a\\b')).toBe(true);
  });

  test('the value of Contains is literal: regular expression characters are plain', () => {
    expect(matches('Contains', '(a+)?.*', 'x(a+)?.*y')).toBe(true);
    expect(matches('Contains', '.', 'abc')).toBe(false);
  });
});

describe('ConditionTreeLeaf.match: Like and ILike', () => {
  test.each([
    ['Like', 'D%', 'Dune', true],
    ['Like', 'D%', 'dune', false],
    ['Like', '%un%', 'Dune', true],
    ['Like', 'D_ne', 'Dune', true],
    ['Like', 'D_ne', 'Duune', false],
    ['Like', 'Dune', 'Dune!', false],
    ['Like', '100\\%', '100%', true],
    ['Like', '100\\%', '1000', false],
    ['Like', 'a\\_b', 'a_b', true],
    ['Like', 'a\\_b', 'axb', false],
    ['Like', 'a.c', 'abc', false],
    ['Like', '[a]*', '[a]*', true],
    ['Like', '%', '', true],
    ['Like', '%', null, false],
    ['ILike', 'd%', 'Dune', true],
    ['ILike', '%É%', 'café', true],
    ['ILike', 'd%', null, false],
    ['Like', 'line%', 'line1\nline2', true],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches(operator, value, actual)).toBe(expected);
  });
});

describe('ConditionTreeLeaf.match: length and regular expressions', () => {
  test.each([
    ['LongerThan', 3, 'Dune', true],
    ['LongerThan', 4, 'Dune', false],
    ['LongerThan', 0, null, false],
    ['ShorterThan', 5, 'Dune', true],
    ['ShorterThan', 4, 'Dune', false],
    ['ShorterThan', 5, null, false],
    ['ShorterThan', 2, '😀😀', false],
    ['Match', '/^d/i', 'Dune', true],
    ['Match', '^d', 'Dune', false],
    ['Match', /u.e$/, 'Dune', true],
    ['Match', '/x/', null, false],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches(operator, value, actual)).toBe(expected);
  });

  test('a global regular expression gives the same answer twice', () => {
    const leaf = new ConditionTreeLeaf('title', 'Match', /u/g);

    expect([leaf.match({ title: 'Dune' }, books, 'UTC'), leaf.match({ title: 'Dune' }, books, 'UTC')]).toEqual([
      true,
      true,
    ]);
  });
});

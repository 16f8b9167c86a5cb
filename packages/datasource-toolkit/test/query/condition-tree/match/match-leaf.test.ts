import { ConditionTreeLeaf, type Operator } from '@platform/datasource-toolkit';
import { makeBooksCollection } from '@platform/datasource-toolkit/testing';

const books = makeBooksCollection();
const matches = (field: string, operator: Operator, value: unknown, actual: unknown): boolean =>
  new ConditionTreeLeaf(field, operator, value).match({ [field]: actual }, books, 'UTC');

describe('ConditionTreeLeaf.match: presence', () => {
  test.each([
    ['Blank', null, true],
    ['Blank', undefined, true],
    ['Blank', '', true],
    ['Blank', ' ', false],
    ['Present', 'a', true],
    ['Present', '', false],
    ['Present', null, false],
    ['Missing', null, true],
    ['Missing', undefined, true],
    ['Missing', '', false],
  ] as const)('%s on a string column holding %j is %s', (operator, actual, expected) => {
    expect(matches('title', operator, undefined, actual)).toBe(expected);
  });

  test('an empty string is not blank in an enum column', () => {
    expect(matches('genre', 'Blank', undefined, '')).toBe(false);
  });

  test('zero and false are present', () => {
    expect(matches('price', 'Present', undefined, 0)).toBe(true);
    expect(matches('available', 'Present', undefined, false)).toBe(true);
  });
});

describe('ConditionTreeLeaf.match: equality', () => {
  test.each([
    ['Equal', 'a', 'a', true],
    ['Equal', 'a', 'A', false],
    ['Equal', 'a', null, false],
    ['Equal', null, null, true],
    ['Equal', null, 'a', false],
    ['NotEqual', 'a', 'b', true],
    ['NotEqual', 'a', 'a', false],
    ['NotEqual', 'a', null, true],
    ['NotEqual', null, null, false],
    ['In', ['a', 'b'], 'b', true],
    ['In', ['a', 'b'], 'c', false],
    ['In', ['a'], null, false],
    ['In', ['a', null], null, true],
    ['In', [], 'a', false],
    ['NotIn', ['a', 'b'], 'c', true],
    ['NotIn', ['a', 'b'], 'a', false],
    ['NotIn', ['a'], null, true],
    ['NotIn', [], 'a', true],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches('title', operator, value, actual)).toBe(expected);
  });

  test('numbers are equal to their string form in a number column', () => {
    expect(matches('price', 'Equal', 12, '12')).toBe(true);
    expect(matches('price', 'In', ['12.50'], 12.5)).toBe(true);
  });

  test('big integers given as strings compare exactly', () => {
    expect(matches('price', 'Equal', '9007199254740993', '9007199254740992')).toBe(false);
    expect(matches('price', 'Equal', '9007199254740993', 9007199254740993n)).toBe(true);
  });

  test('dates are equal when they are the same instant', () => {
    expect(matches('publishedAt', 'Equal', '2026-01-01T01:00:00+01:00', new Date('2026-01-01T00:00:00Z'))).toBe(true);
  });

  test('date-only values are equal on the same calendar day', () => {
    expect(matches('releaseDay', 'Equal', '2026-01-01', '2026-01-01T00:00:00.000Z')).toBe(true);
  });

  test('times are equal whatever their precision', () => {
    expect(matches('opensAt', 'Equal', '09:30', '09:30:00.000')).toBe(true);
  });

  test('json values are equal when structurally equal', () => {
    expect(matches('meta', 'Equal', { a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(matches('meta', 'Equal', { a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

describe('ConditionTreeLeaf.match: order', () => {
  test.each([
    ['LessThan', 10, 9, true],
    ['LessThan', 10, 10, false],
    ['LessThan', 10, null, false],
    ['LessThanOrEqual', 10, 10, true],
    ['LessThanOrEqual', 10, undefined, false],
    ['GreaterThan', 10, 11, true],
    ['GreaterThan', 10, 10, false],
    ['GreaterThan', 10, null, false],
    ['GreaterThanOrEqual', 10, 10, true],
    ['GreaterThanOrEqual', 10, 9, false],
    ['GreaterThanOrEqual', null, 9, false],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches('price', operator, value, actual)).toBe(expected);
  });

  test('numbers compare numerically, not as strings', () => {
    expect(matches('price', 'LessThan', '10', '9')).toBe(true);
  });

  test('big integers given as strings compare numerically', () => {
    expect(matches('price', 'GreaterThan', '9007199254740992', '9007199254740993')).toBe(true);
  });

  test('dates compare as instants whatever their offset', () => {
    expect(matches('publishedAt', 'LessThan', '2026-01-01T00:30:00Z', '2026-01-01T01:00:00+01:00')).toBe(true);
    expect(matches('publishedAt', 'Before', '2026-01-01T00:00:00Z', new Date('2025-12-31T23:59:59Z'))).toBe(true);
    expect(matches('publishedAt', 'After', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z')).toBe(false);
  });

  test('date-only values compare as calendar days', () => {
    expect(matches('releaseDay', 'GreaterThan', '2026-01-09', '2026-01-10')).toBe(true);
    expect(matches('releaseDay', 'Before', '2026-01-10', '2026-01-10')).toBe(false);
  });

  test('times compare as HH:mm:ss', () => {
    expect(matches('opensAt', 'LessThan', '10:00:00', '9:59:59')).toBe(true);
    expect(matches('opensAt', 'GreaterThan', '10:00', '10:00:01')).toBe(true);
  });

  test('strings compare by code units', () => {
    expect(matches('title', 'LessThan', 'b', 'a')).toBe(true);
    expect(matches('title', 'LessThan', 'a', 'B')).toBe(true);
  });

  test('values that cannot be compared never match', () => {
    expect(matches('price', 'LessThan', 10, 'ten')).toBe(false);
    expect(matches('meta', 'GreaterThan', { a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('ConditionTreeLeaf.match: arrays', () => {
  test.each([
    ['IncludesAll', ['a', 'b'], ['a', 'b', 'c'], true],
    ['IncludesAll', ['a', 'd'], ['a', 'b', 'c'], false],
    ['IncludesAll', [], ['a'], true],
    ['IncludesAll', ['a'], null, false],
    ['IncludesAll', ['a'], [], false],
    ['IncludesNone', ['x', 'y'], ['a', 'b'], true],
    ['IncludesNone', ['a', 'y'], ['a', 'b'], false],
    ['IncludesNone', ['a'], null, true],
    ['IncludesNone', ['a'], [], true],
  ] as const)('%s %j on %j is %s', (operator, value, actual, expected) => {
    expect(matches('tags', operator, value, actual)).toBe(expected);
  });
});

describe('ConditionTreeLeaf.match: relations', () => {
  test('reads fields through relations', () => {
    const leaf = new ConditionTreeLeaf('author:name', 'Equal', 'Ada');

    expect(leaf.match({ author: { name: 'Ada' } }, books, 'UTC')).toBe(true);
  });

  test('treats a null relation as a null value', () => {
    expect(new ConditionTreeLeaf('author:name', 'Equal', 'Ada').match({ author: null }, books, 'UTC')).toBe(false);
    expect(new ConditionTreeLeaf('author:name', 'NotEqual', 'Ada').match({ author: null }, books, 'UTC')).toBe(true);
    expect(new ConditionTreeLeaf('author:name', 'Missing').match({}, books, 'UTC')).toBe(true);
  });

  test('uses the column type of the foreign collection', () => {
    const leaf = new ConditionTreeLeaf('author:birthDay', 'LessThan', '1900-01-01');

    expect(leaf.match({ author: { birthDay: '1815-12-10T00:00:00Z' } }, books, 'UTC')).toBe(true);
  });

  test('compares fields unknown to the schema by their JavaScript type', () => {
    expect(new ConditionTreeLeaf('score', 'GreaterThan', 2).match({ score: 10 }, books, 'UTC')).toBe(true);
    expect(new ConditionTreeLeaf('nickname', 'Equal', 'x').match({ nickname: 'x' }, books, 'UTC')).toBe(true);
  });
});

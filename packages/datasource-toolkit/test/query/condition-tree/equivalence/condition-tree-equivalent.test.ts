import {
  type ColumnType,
  ConditionTreeEquivalent,
  ConditionTreeLeaf,
  type Operator,
  type PlainConditionTree,
} from '@platform/datasource-toolkit';

const NOW = new Date('2026-03-29T12:00:00Z');
const rewrite = (
  operator: Operator,
  value: unknown,
  natives: readonly Operator[],
  columnType: ColumnType = 'String',
): PlainConditionTree | undefined =>
  ConditionTreeEquivalent.getEquivalentTree(
    new ConditionTreeLeaf('f', operator, value),
    new Set(natives),
    columnType,
    'Europe/Paris',
    NOW,
  )?.toPlainObject();
const leaf = (operator: Operator, value?: unknown): PlainConditionTree =>
  value === undefined ? { field: 'f', operator } : { field: 'f', operator, value };
const or = (...conditions: PlainConditionTree[]): PlainConditionTree => ({ aggregator: 'Or', conditions });
const and = (...conditions: PlainConditionTree[]): PlainConditionTree => ({ aggregator: 'And', conditions });

describe('ConditionTreeEquivalent.getEquivalentTree', () => {
  test('returns a native leaf unchanged', () => {
    expect(rewrite('Contains', 'a', ['Contains', 'Like'])).toEqual(leaf('Contains', 'a'));
  });

  test.each([
    ['Contains', 'Like', '%50\\%\\_off%'],
    ['StartsWith', 'Like', '50\\%\\_off%'],
    ['EndsWith', 'Like', '%50\\%\\_off'],
    ['IContains', 'ILike', '%50\\%\\_off%'],
    ['IStartsWith', 'ILike', '50\\%\\_off%'],
    ['IEndsWith', 'ILike', '%50\\%\\_off'],
  ] as const)('rewrites %s as %s, escaping wildcards of the value', (operator, like, pattern) => {
    expect(rewrite(operator, '50%_off', [like])).toEqual(leaf(like, pattern));
  });

  test('never rewrites a case-insensitive operator as Like', () => {
    expect(rewrite('IContains', 'a', ['Like'])).toBeUndefined();
    expect(rewrite('ILike', 'a%', ['Like'])).toBeUndefined();
  });

  test('cannot negate a pattern: NotContains needs to be native', () => {
    expect(rewrite('NotContains', 'a', ['Like', 'Contains', 'Equal', 'NotEqual'])).toBeUndefined();
  });

  test('rewrites In as an Or of Equal, and Equal as In', () => {
    expect(rewrite('In', [1, 2], ['Equal'])).toEqual(or(leaf('Equal', 1), leaf('Equal', 2)));
    expect(rewrite('Equal', 1, ['In'])).toEqual(leaf('In', [1]));
  });

  test('rewrites NotIn as an And of NotEqual, and NotEqual as NotIn', () => {
    expect(rewrite('NotIn', [1, 2], ['NotEqual'])).toEqual(and(leaf('NotEqual', 1), leaf('NotEqual', 2)));
    expect(rewrite('NotEqual', 1, ['NotIn'])).toEqual(leaf('NotIn', [1]));
  });

  test('rewrites NotEqual as the inverse of an equivalent of Equal', () => {
    expect(rewrite('NotEqual', 1, ['In', 'NotIn'])).toEqual(leaf('NotIn', [1]));
  });

  test('rewrites NotEqual on ordered types as less, greater or missing', () => {
    expect(rewrite('NotEqual', 1, ['LessThan', 'GreaterThan', 'Missing'], 'Number')).toEqual(
      or(leaf('LessThan', 1), leaf('GreaterThan', 1), leaf('Missing')),
    );
    expect(rewrite('NotEqual', 'a', ['LessThan', 'GreaterThan', 'Missing'], 'String')).toBeUndefined();
  });

  test('an empty In matches nothing and an empty NotIn everything', () => {
    expect(rewrite('In', [], ['Equal'])).toEqual(or());
    expect(rewrite('NotIn', [], ['NotEqual'])).toEqual(and());
  });

  test('rewrites Missing as Equal null and Equal null as Missing', () => {
    expect(rewrite('Missing', undefined, ['Equal'])).toEqual(leaf('Equal', null));
    expect(rewrite('Equal', null, ['Missing'])).toEqual(leaf('Missing'));
  });

  test('rewrites Blank with the empty string on text columns only', () => {
    expect(rewrite('Blank', undefined, ['Missing', 'Equal'], 'String')).toEqual(or(leaf('Missing'), leaf('Equal', '')));
    expect(rewrite('Blank', undefined, ['Missing', 'Equal'], 'Number')).toEqual(leaf('Missing'));
    expect(rewrite('Blank', undefined, ['Missing', 'Equal'], 'Enum')).toEqual(leaf('Missing'));
  });

  test('rewrites Present as the inverse of Blank', () => {
    expect(rewrite('Present', undefined, ['Missing', 'Equal', 'NotEqual'], 'String')).toEqual(
      and(leaf('NotEqual', null), leaf('NotEqual', '')),
    );
  });

  test('rewrites inclusive comparisons as strict ones or equal', () => {
    expect(rewrite('LessThanOrEqual', 3, ['LessThan', 'Equal'], 'Number')).toEqual(
      or(leaf('LessThan', 3), leaf('Equal', 3)),
    );
    expect(rewrite('GreaterThanOrEqual', 3, ['GreaterThan', 'Equal'], 'Number')).toEqual(
      or(leaf('GreaterThan', 3), leaf('Equal', 3)),
    );
  });

  test('rewrites Before and After as LessThan and GreaterThan', () => {
    expect(rewrite('Before', '2026-01-01', ['LessThan'], 'Dateonly')).toEqual(leaf('LessThan', '2026-01-01'));
    expect(rewrite('After', '2026-01-01', ['GreaterThan'], 'Dateonly')).toEqual(leaf('GreaterThan', '2026-01-01'));
  });

  test('rewrites relative dates as ranges in the caller time zone', () => {
    expect(rewrite('Yesterday', undefined, ['GreaterThanOrEqual', 'LessThan'], 'Date')).toEqual(
      and(leaf('GreaterThanOrEqual', '2026-03-27T23:00:00.000Z'), leaf('LessThan', '2026-03-28T23:00:00.000Z')),
    );
  });

  test('chains rewrites: Today with only LessThan, GreaterThan and Equal', () => {
    expect(rewrite('Today', undefined, ['LessThan', 'GreaterThan', 'Equal'], 'Dateonly')).toEqual(
      and(or(leaf('GreaterThan', '2026-03-29'), leaf('Equal', '2026-03-29')), leaf('LessThan', '2026-03-30')),
    );
  });

  test.each(['LongerThan', 'ShorterThan', 'Match', 'IncludesAll', 'IncludesNone', 'Like'] as const)(
    '%s has no generic equivalent',
    (operator) => {
      const value = operator.startsWith('Includes') ? ['a'] : operator === 'Match' ? '/a/' : 1;

      expect(rewrite(operator, value, ['Equal', 'In', 'NotEqual', 'LessThan', 'GreaterThan', 'ILike'])).toBeUndefined();
    },
  );
});

describe('ConditionTreeEquivalent.hasEquivalentTree', () => {
  test('is true for natives and for operators derived from them', () => {
    const natives = new Set<Operator>(['Like', 'Equal']);

    expect(ConditionTreeEquivalent.hasEquivalentTree('Like', natives, 'String')).toBe(true);
    expect(ConditionTreeEquivalent.hasEquivalentTree('StartsWith', natives, 'String')).toBe(true);
    expect(ConditionTreeEquivalent.hasEquivalentTree('In', natives, 'String')).toBe(true);
    expect(ConditionTreeEquivalent.hasEquivalentTree('NotIn', natives, 'String')).toBe(false);
  });

  test('gives the same answer when asked again (memoised)', () => {
    const natives = new Set<Operator>(['GreaterThanOrEqual', 'LessThan']);

    expect(ConditionTreeEquivalent.hasEquivalentTree('PreviousQuarter', natives, 'Date')).toBe(true);
    expect(ConditionTreeEquivalent.hasEquivalentTree('PreviousQuarter', natives, 'Date')).toBe(true);
  });
});

describe('ConditionTreeEquivalent.getEquivalentOperators', () => {
  test('includes the natives and what derives from them for the column type', () => {
    const operators = ConditionTreeEquivalent.getEquivalentOperators(
      new Set(['Equal', 'In', 'Missing', 'Like', 'NotEqual']),
      'String',
    );

    expect([...operators].sort()).toEqual(
      [
        'Blank',
        'Contains',
        'EndsWith',
        'Equal',
        'In',
        'Like',
        'Missing',
        'NotEqual',
        'NotIn',
        'Present',
        'StartsWith',
      ].sort(),
    );
  });

  test('derives date operators for date columns only', () => {
    const natives = new Set<Operator>(['Equal', 'LessThan', 'GreaterThan']);

    expect(ConditionTreeEquivalent.getEquivalentOperators(natives, 'Date').has('PreviousYearToDate')).toBe(true);
    expect(ConditionTreeEquivalent.getEquivalentOperators(natives, 'Number').has('Today')).toBe(false);
  });
});

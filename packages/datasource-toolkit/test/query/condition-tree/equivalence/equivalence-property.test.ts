import {
  type ColumnType,
  ConditionTreeEquivalent,
  ConditionTreeLeaf,
  type Operator,
  RELATIVE_DATE_OPERATORS,
} from '@platform/datasource-toolkit';
import { makeBooksCollection } from '@platform/datasource-toolkit/testing';

// Property: whatever the native operators, the equivalent tree selects exactly the records the
// original leaf selects in memory.
const NOW = new Date('2026-03-29T12:00:00Z');
const TIMEZONE = 'Europe/Paris';
const books = makeBooksCollection();

const CANDIDATES: Record<string, readonly unknown[]> = {
  title: ['Dune', 'dune', '', null, undefined, 'Dune Messiah', '50% off', 'a_b', 'Émile', 'M', 'zz'],
  price: [10, 9.99, 0, null, 20, '10', -5, undefined, '9007199254740993', 11, 10.0001, 1e21, 3],
  publishedAt: [
    '2026-03-28T22:59:59.999Z',
    '2026-03-28T23:00:00.000Z',
    null,
    '2026-03-29T12:00:00.000Z',
    '2026-03-29T21:59:59.999Z',
    '2026-03-29T22:00:00.000Z',
    new Date('2026-03-22T23:00:00Z'),
    '2026-03-27T10:00:00+01:00',
    undefined,
    '2026-01-01T00:00:00Z',
    '2025-12-31T22:59:59Z',
    '2026-03-29T09:00:00.000Z',
    '2026-02-28T23:00:00.000Z',
    '2030-06-01T00:00:00Z',
    '2020-01-01T00:00:00Z',
    '2026-03-29T11:59:59.999Z',
    '2026-03-29T08:59:59Z',
  ],
  releaseDay: [
    '2026-03-29',
    '2026-03-28',
    null,
    '2026-03-30',
    '2026-03-23',
    '2026-03-22',
    '2026-01-01',
    '2025-12-31',
    undefined,
    '2026-04-01',
    '2026-03-01',
  ],
  opensAt: ['10:00:00', '09:59:59', null, '10:00', '23:59:59.999', '00:00:00', '10:00:00.001'],
  genre: ['Novel', '', null, 'Essay'],
};
const RECORDS = Array.from({ length: 30 }, (_, index) =>
  Object.fromEntries(Object.entries(CANDIDATES).map(([field, values]) => [field, values[index % values.length]])),
);

const TYPES: Record<string, ColumnType> = {
  title: 'String',
  price: 'Number',
  publishedAt: 'Date',
  releaseDay: 'Dateonly',
  opensAt: 'Time',
  genre: 'Enum',
};
type Case = readonly [field: string, operator: Operator, value?: unknown];
const CASES: readonly Case[] = [
  ...(['Blank', 'Present', 'Missing'] as const).flatMap((operator) =>
    Object.keys(TYPES).map((field): Case => [field, operator]),
  ),
  ['title', 'Equal', 'Dune'],
  ['title', 'Equal', null],
  ['title', 'Equal', ''],
  ['title', 'NotEqual', 'Dune'],
  ['title', 'NotEqual', null],
  ['title', 'In', ['Dune', '', null]],
  ['title', 'In', []],
  ['title', 'NotIn', ['Dune']],
  ['title', 'NotIn', ['Dune', null]],
  ['title', 'NotIn', []],
  ['title', 'LessThan', 'M'],
  ['title', 'LessThanOrEqual', 'Dune'],
  ['title', 'GreaterThan', 'Dune'],
  ['title', 'GreaterThanOrEqual', 'Dune'],
  ...(['Contains', 'NotContains', 'IContains', 'NotIContains', 'StartsWith', 'IStartsWith'] as const).flatMap(
    (operator) => ['un', 'UN', '%', '_', 'D'].map((value): Case => ['title', operator, value]),
  ),
  ['title', 'EndsWith', 'e'],
  ['title', 'IEndsWith', 'E'],
  ['title', 'Like', 'D%'],
  ['title', 'ILike', 'd%'],
  ['genre', 'Equal', 'Novel'],
  ['genre', 'NotIn', ['Novel']],
  ...(['Equal', 'NotEqual', 'LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual'] as const).flatMap(
    (operator) => [
      ['price', operator, 10] as Case,
      ['price', operator, '9007199254740993'] as Case,
      ['publishedAt', operator, '2026-03-29T00:00:00+01:00'] as Case,
      ['releaseDay', operator, '2026-03-29'] as Case,
      ['opensAt', operator, '10:00'] as Case,
    ],
  ),
  ['price', 'In', [10, 20]],
  ['price', 'NotIn', [10, null]],
  ['publishedAt', 'Before', '2026-03-29T00:00:00+01:00'],
  ['publishedAt', 'After', '2026-03-29T00:00:00+01:00'],
  ['releaseDay', 'Before', '2026-03-29'],
  ['releaseDay', 'After', '2026-03-29'],
  ...RELATIVE_DATE_OPERATORS.flatMap((operator) => {
    const value = operator.includes('X') ? 3 : undefined;

    return [['publishedAt', operator, value] as Case, ['releaseDay', operator, value] as Case];
  }),
];

const NATIVE_SETS: Record<string, ReadonlySet<Operator>> = {
  sql: new Set(['Equal', 'LessThan', 'GreaterThan', 'Like', 'ILike', 'Missing', 'In', 'NotEqual']),
  lists: new Set(['In', 'NotIn', 'LessThan', 'GreaterThanOrEqual', 'Like', 'Blank']),
  inclusive: new Set(['Equal', 'NotIn', 'LessThanOrEqual', 'GreaterThanOrEqual', 'Present', 'ILike']),
  minimal: new Set(['Equal', 'LessThan', 'GreaterThan']),
};

const isTypical = (value: unknown): boolean =>
  value !== null && !(Array.isArray(value) && (value.length === 0 || value.includes(null)));

describe.each(Object.entries(NATIVE_SETS))('equivalent trees with the "%s" natives', (_name, natives) => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  // Rows of three cells always: a shorter row would make jest pass `done` as the value.
  const rows = CASES.map(([field, operator, value]) => [field, operator, value] as const);

  test.each(rows)('%s %s %j selects the same records', (field, operator, value) => {
    const leaf = new ConditionTreeLeaf(field, operator, value);
    const columnType = TYPES[field] as ColumnType;

    const equivalent = ConditionTreeEquivalent.getEquivalentTree(leaf, natives, columnType, TIMEZONE, NOW);

    // hasEquivalentTree answers for typical values; nulls and empty lists may have fewer rewrites.
    if (isTypical(value)) {
      expect(ConditionTreeEquivalent.hasEquivalentTree(operator, natives, columnType)).toBe(equivalent !== null);
    }
    if (!equivalent) return;
    expect(equivalent.everyLeaf((l) => natives.has(l.operator))).toBe(true);
    expect(RECORDS.map((record) => equivalent.match(record, books, TIMEZONE))).toEqual(
      RECORDS.map((record) => leaf.match(record, books, TIMEZONE)),
    );
  });
});

test('the SQL-like natives derive every operator but negated text, length, regexp and arrays', () => {
  const derived = new Set(
    CASES.filter(([field, operator, value]) =>
      ConditionTreeEquivalent.getEquivalentTree(
        new ConditionTreeLeaf(field, operator, value),
        NATIVE_SETS.sql as ReadonlySet<Operator>,
        TYPES[field] as ColumnType,
        TIMEZONE,
        NOW,
      ),
    ).map(([, operator]) => operator),
  );

  expect(new Set(CASES.map(([, operator]) => operator).filter((operator) => !derived.has(operator)))).toEqual(
    new Set(['NotContains', 'NotIContains']),
  );
});

import { fromDatabaseValue, parsePostgresArray } from '../../../src/query/values/convert-values';

describe('fromDatabaseValue', () => {
  test.each([
    ['Number', '12', 12],
    ['Number', '9007199254740993', '9007199254740993'],
    ['Number', '12.50', 12.5],
    ['Number', '1234567890.1234567', '1234567890.1234567'],
    ['Number', BigInt(42), 42],
    ['Boolean', 1, true],
    ['Boolean', 0, false],
    ['Boolean', 't', true],
    ['Dateonly', '2024-02-29', '2024-02-29'],
    ['Dateonly', new Date('2024-02-29T00:00:00Z'), '2024-02-29'],
    ['Time', '07:45:00', '07:45:00'],
    ['Time', '07:45:00.250000', '07:45:00.250'],
    ['Json', '{"a":[1]}', { a: [1] }],
    ['Json', 'not json', 'not json'],
    ['Point', { x: 1, y: 2 }, [1, 2]],
    ['String', null, null],
  ] as const)('reads a %s %p as %p', (type, value, expected) => {
    expect(fromDatabaseValue(value, type)).toEqual(expected);
  });

  test('reads dates as Date instants, text without zone as UTC', () => {
    expect(fromDatabaseValue('2024-01-04 09:01:00', 'Date')).toEqual(new Date('2024-01-04T09:01:00Z'));
    expect(fromDatabaseValue('2024-01-04T09:01:00.000Z', 'Date')).toEqual(new Date('2024-01-04T09:01:00Z'));
    expect(fromDatabaseValue('2024-01-04T10:01:00+01:00', 'Date')).toEqual(new Date('2024-01-04T09:01:00Z'));
  });

  test('reads arrays item by item, PostgreSQL literals included', () => {
    expect(fromDatabaseValue(['1', '2'], ['Number'])).toEqual([1, 2]);
    expect(fromDatabaseValue('{draft,"in review",NULL}', ['Enum'])).toEqual(['draft', 'in review', null]);
  });
});

describe('parsePostgresArray', () => {
  test('parses quoted items with escapes', () => {
    expect(parsePostgresArray('{"a,b","c\\"d",e}')).toEqual(['a,b', 'c"d', 'e']);
    expect(parsePostgresArray('{}')).toEqual([]);
  });
});

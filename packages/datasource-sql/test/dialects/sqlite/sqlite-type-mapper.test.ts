import { mapSqliteType } from '../../../src/dialects/sqlite/sqlite-type-mapper';

describe('mapSqliteType', () => {
  test.each([
    ['INTEGER', 'Number', 'integer'],
    ['INT', 'Number', 'integer'],
    ['UNSIGNED BIG INT', 'Number', 'integer'],
    ['BIGINT', 'Number', 'bigint'],
    ['DECIMAL(10, 2)', 'Number', 'decimal'],
    ['NUMERIC', 'Number', 'decimal'],
    ['REAL', 'Number', 'float'],
    ['DOUBLE PRECISION', 'Number', 'float'],
    ['FLOAT', 'Number', 'float'],
    ['BOOLEAN', 'Boolean', undefined],
    ['DATE', 'Dateonly', undefined],
    ['DATETIME', 'Date', undefined],
    ['TIMESTAMP', 'Date', undefined],
    ['TIME', 'Time', undefined],
    ['JSON', 'Json', undefined],
    ['UUID', 'Uuid', undefined],
    ['TEXT', 'String', undefined],
    ['VARCHAR(20)', 'String', undefined],
    ['NVARCHAR(20)', 'String', undefined],
    ['CLOB', 'String', undefined],
    ['BLOB', 'Binary', undefined],
  ])('maps %s to %s', (sqlType, columnType, numericKind) => {
    expect(mapSqliteType(sqlType)).toEqual(numericKind === undefined ? { columnType } : { columnType, numericKind });
  });

  test('maps a CHECK IN list to Enum from the hint', () => {
    expect(mapSqliteType('TEXT', { isEnum: true })).toEqual({ columnType: 'Enum' });
  });

  test.each(['', 'TSVECTOR', 'GEOMETRY', 'ANYTHING'])('does not know "%s"', (sqlType) => {
    expect(mapSqliteType(sqlType)).toBeNull();
  });
});

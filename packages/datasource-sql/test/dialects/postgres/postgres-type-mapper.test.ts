import { mapPostgresType } from '../../../src/dialects/postgres/postgres-type-mapper';

describe('mapPostgresType', () => {
  test.each([
    ['smallint', 'Number', 'integer'],
    ['integer', 'Number', 'integer'],
    ['bigint', 'Number', 'bigint'],
    ['numeric(10,2)', 'Number', 'decimal'],
    ['numeric', 'Number', 'decimal'],
    ['real', 'Number', 'float'],
    ['double precision', 'Number', 'float'],
    ['boolean', 'Boolean', undefined],
    ['date', 'Dateonly', undefined],
    ['timestamp without time zone', 'Date', undefined],
    ['timestamp(3) with time zone', 'Date', undefined],
    ['time without time zone', 'Time', undefined],
    ['time(0) with time zone', 'Time', undefined],
    ['uuid', 'Uuid', undefined],
    ['json', 'Json', undefined],
    ['jsonb', 'Json', undefined],
    ['bytea', 'Binary', undefined],
    ['text', 'String', undefined],
    ['character varying(20)', 'String', undefined],
    ['character(2)', 'String', undefined],
    ['point', 'Point', undefined],
  ])('maps %s to %s', (sqlType, columnType, numericKind) => {
    expect(mapPostgresType(sqlType)).toEqual(numericKind === undefined ? { columnType } : { columnType, numericKind });
  });

  test('maps arrays to an array of their element type', () => {
    expect(mapPostgresType('text[]')).toEqual({ columnType: ['String'] });
    expect(mapPostgresType('bigint[]')).toEqual({ columnType: ['Number'], numericKind: 'bigint' });
    expect(mapPostgresType('character varying(10)[]')).toEqual({ columnType: ['String'] });
  });

  test('maps enums, and arrays of enums, from the hint', () => {
    expect(mapPostgresType('book_status', { isEnum: true })).toEqual({ columnType: 'Enum' });
    expect(mapPostgresType('book_status[]', { isEnum: true })).toEqual({ columnType: ['Enum'] });
  });

  test.each(['tsvector', 'money', 'interval', 'inet', 'xml', 'int4range', 'polygon', 'tsvector[]', 'book_status'])(
    'does not know %s',
    (sqlType) => {
      expect(mapPostgresType(sqlType)).toBeNull();
    },
  );
});

import { parseEnumValues } from '../../../src/dialects/mysql/mysql-introspector';
import { mapMysqlType } from '../../../src/dialects/mysql/mysql-type-mapper';

describe('mapMysqlType', () => {
  test.each([
    ['tinyint(1)', 'Boolean', undefined],
    ['tinyint(4)', 'Number', 'integer'],
    ['tinyint', 'Number', 'integer'],
    ['smallint(6)', 'Number', 'integer'],
    ['int(11)', 'Number', 'integer'],
    ['int(10) unsigned', 'Number', 'integer'],
    ['mediumint(9)', 'Number', 'integer'],
    ['bigint(20) unsigned', 'Number', 'bigint'],
    ['decimal(10,2)', 'Number', 'decimal'],
    ['float', 'Number', 'float'],
    ['double', 'Number', 'float'],
    ['year(4)', 'Number', 'integer'],
    ['date', 'Dateonly', undefined],
    ['datetime(3)', 'Date', undefined],
    ['timestamp', 'Date', undefined],
    ['time', 'Time', undefined],
    ['char(36)', 'String', undefined],
    ['varchar(255)', 'String', undefined],
    ['longtext', 'String', undefined],
    ['json', 'Json', undefined],
    ['uuid', 'Uuid', undefined],
    ['binary(16)', 'Binary', undefined],
    ['varbinary(255)', 'Binary', undefined],
    ['mediumblob', 'Binary', undefined],
    ["enum('a','b')", 'Enum', undefined],
  ])('maps %s to %s', (sqlType, columnType, numericKind) => {
    expect(mapMysqlType(sqlType)).toEqual(numericKind === undefined ? { columnType } : { columnType, numericKind });
  });

  test("maps MariaDB's JSON (a LONGTEXT with a json_valid check) to Json from the hint", () => {
    expect(mapMysqlType('longtext', { isJson: true })).toEqual({ columnType: 'Json' });
  });

  test.each(['bit(1)', "set('a','b')", 'geometry', 'point', 'inet6', 'inet4', 'vector(3)'])(
    'does not know %s',
    (sqlType) => {
      expect(mapMysqlType(sqlType)).toBeNull();
    },
  );
});

describe('parseEnumValues', () => {
  test('reads quoted values, doubled quotes and commas included', () => {
    expect(parseEnumValues("enum('a','it''s','x,y','')")).toEqual(['a', "it's", 'x,y', '']);
  });
});

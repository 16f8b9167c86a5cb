import { numberFormatOf } from '../../src/schema/number-format';
import { makeIntrospectedColumn } from '../factories/introspection-factory';

const integer = (sqlType: string, numericKind: 'integer' | 'bigint' = 'integer') =>
  makeIntrospectedColumn({ name: 'n', sqlType, numericKind });

describe('numberFormatOf', () => {
  test('gives PostgreSQL int2, int4 and int8 their ranges', () => {
    expect(numberFormatOf(integer('smallint'), 'postgres')).toEqual({ kind: 'integer', min: '-32768', max: '32767' });
    expect(numberFormatOf(integer('integer'), 'postgres')).toEqual({
      kind: 'integer',
      min: '-2147483648',
      max: '2147483647',
    });
    expect(numberFormatOf(integer('bigint', 'bigint'), 'postgres')).toEqual({
      kind: 'integer',
      min: '-9223372036854775808',
      max: '9223372036854775807',
    });
  });

  test('gives MySQL integers their signed or unsigned ranges', () => {
    expect(numberFormatOf(integer('tinyint(4)'), 'mysql')).toEqual({ kind: 'integer', min: '-128', max: '127' });
    expect(numberFormatOf(integer('tinyint(3) unsigned'), 'mysql')).toEqual({ kind: 'integer', min: '0', max: '255' });
    expect(numberFormatOf(integer('mediumint(9)'), 'mysql')).toEqual({
      kind: 'integer',
      min: '-8388608',
      max: '8388607',
    });
    expect(numberFormatOf(integer('int(10) unsigned'), 'mysql')).toEqual({
      kind: 'integer',
      min: '0',
      max: '4294967295',
    });
    expect(numberFormatOf(integer('bigint(20) unsigned', 'bigint'), 'mysql')).toEqual({
      kind: 'integer',
      min: '0',
      max: '18446744073709551615',
    });
  });

  test('gives every SQLite integer the 64-bit range', () => {
    expect(numberFormatOf(integer('INT'), 'sqlite')).toMatchObject({ max: '9223372036854775807' });
  });

  test('marks decimal and float columns as decimal, and other columns as nothing', () => {
    const decimal = makeIntrospectedColumn({ name: 'n', sqlType: 'numeric(10,2)', numericKind: 'decimal' });
    const float = makeIntrospectedColumn({ name: 'n', sqlType: 'real', numericKind: 'float' });
    const text = makeIntrospectedColumn({ name: 'n', sqlType: 'text', columnType: 'String' });

    expect(numberFormatOf(decimal, 'postgres')).toEqual({ kind: 'decimal' });
    expect(numberFormatOf(float, 'sqlite')).toEqual({ kind: 'decimal' });
    expect(numberFormatOf(text, 'postgres')).toBeUndefined();
  });
});

import { getCompositeId, getPrimaryKeys, packId, unpackId } from '@platform/datasource-toolkit';
import { makeColumn, makeSchema } from '@platform/datasource-toolkit/testing';

const single = makeSchema({ id: makeColumn('Number', { isPrimaryKey: true }), title: makeColumn('String') });
const composite = makeSchema({
  title: makeColumn('String'),
  shopId: makeColumn('Number', { isPrimaryKey: true }),
  code: makeColumn('String', { isPrimaryKey: true }),
});

describe('getPrimaryKeys', () => {
  test('lists the primary keys in schema order', () => {
    expect(getPrimaryKeys(composite)).toEqual(['shopId', 'code']);
  });

  test('returns an empty list for a collection without primary key', () => {
    expect(getPrimaryKeys(makeSchema({ title: makeColumn('String') }))).toEqual([]);
  });
});

describe('packId', () => {
  test('packs a single id', () => {
    expect(packId(single, [12])).toBe('12');
  });

  test('joins composite ids with a pipe', () => {
    expect(packId(composite, [12, 'ab'])).toBe('12|ab');
  });

  test('escapes pipes and backslashes inside values', () => {
    expect(packId(composite, [1, 'a|b\\c'])).toBe('1|a\\|b\\\\c');
  });

  test('throws a ValidationError when the value count is wrong', () => {
    expect(() => packId(composite, [1])).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});

describe('unpackId', () => {
  test('converts Number primary keys to numbers', () => {
    expect(unpackId(composite, '12|ab')).toEqual([12, 'ab']);
  });

  test.each(['0x10', '1e1', ' 10', '10 ', '+10', '010', '-0', '1.0', 'Infinity', '9007199254740993', ''])(
    'refuses %j for an integer key with a ValidationError naming the id',
    (id) => {
      const integerKey = makeSchema({
        id: makeColumn('Number', {
          isPrimaryKey: true,
          numberFormat: { kind: 'integer', min: '-2147483648', max: '2147483647' },
        }),
      });

      expect(() => unpackId(integerKey, id, 'customers')).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining(`Invalid id "${id}" for 'customers'`),
        }),
      );
    },
  );

  test('accepts canonical decimals only, fractions for keys that are not integers', () => {
    expect(unpackId(single, '10')).toEqual([10]);
    expect(unpackId(single, '-3')).toEqual([-3]);
    expect(unpackId(single, '0')).toEqual([0]);
    expect(unpackId(single, '2.5')).toEqual([2.5]);
    expect(() => unpackId(single, '2.50')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    expect(() => unpackId(single, '0x10')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });

  test.each(['a|b', 'a\\b', '\\', '|', '\\|\\\\', '', 'x|||y\\\\|'])('round-trips %j', (code) => {
    expect(unpackId(composite, packId(composite, [7, code]))).toEqual([7, code]);
  });

  test('keeps a trailing lone backslash as a character', () => {
    expect(unpackId(composite, '1|ab\\')).toEqual([1, 'ab\\']);
  });

  test('throws a ValidationError naming the collection when there are too many parts', () => {
    expect(() => unpackId(composite, '1|a|b', 'products')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'products'") }),
    );
  });

  test('throws a ValidationError listing the keys when there are too few parts', () => {
    expect(() => unpackId(composite, '1', 'products')).toThrow(/expected 2 part\(s\) \(shopId, code\)/);
  });

  test('does not treat an escaped pipe as a separator', () => {
    expect(() => unpackId(single, '1\\|2', 'books')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });

  test.each(['abc', '', ' ', '12abc', 'NaN', 'Infinity'])('throws a ValidationError for the number %j', (part) => {
    expect(() => unpackId(single, part, 'books')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'id' expects a number") }),
    );
  });

  test('keeps Uuid and String keys as strings', () => {
    const schema = makeSchema({ id: makeColumn('Uuid', { isPrimaryKey: true }) });

    expect(unpackId(schema, '0042')).toEqual(['0042']);
  });
});

describe('getCompositeId', () => {
  test('reads the primary keys of a record in schema order', () => {
    expect(getCompositeId(composite, { code: 'x', title: 't', shopId: 3 })).toEqual([3, 'x']);
  });

  test('throws a ValidationError when a primary key is missing', () => {
    expect(() => getCompositeId(composite, { shopId: 3 })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'code'") }),
    );
  });
});

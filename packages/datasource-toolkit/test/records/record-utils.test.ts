import { RecordUtils } from '@platform/datasource-toolkit';

describe('RecordUtils.getFieldValue', () => {
  test('reads a column of the record', () => {
    expect(RecordUtils.getFieldValue({ title: 'Dune' }, 'title')).toBe('Dune');
  });

  test('reads a field through nested relations', () => {
    const record = { book: { author: { name: 'Ada' } } };

    expect(RecordUtils.getFieldValue(record, 'book:author:name')).toBe('Ada');
  });

  test('returns undefined when a relation along the path is null', () => {
    expect(RecordUtils.getFieldValue({ author: null }, 'author:name')).toBeUndefined();
  });

  test('returns undefined when a relation along the path is absent', () => {
    expect(RecordUtils.getFieldValue({}, 'author:name')).toBeUndefined();
  });

  test('returns undefined when a segment is not an object', () => {
    expect(RecordUtils.getFieldValue({ author: 'Ada' }, 'author:name')).toBeUndefined();
  });

  test('keeps a null column value as null', () => {
    expect(RecordUtils.getFieldValue({ author: { name: null } }, 'author:name')).toBeNull();
  });

  test('does not read inherited properties', () => {
    expect(RecordUtils.getFieldValue({}, 'constructor')).toBeUndefined();
  });
});

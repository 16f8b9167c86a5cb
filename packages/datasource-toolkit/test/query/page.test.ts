import { Page } from '@platform/datasource-toolkit';

const records = [1, 2, 3, 4, 5].map((id) => ({ id }));

describe('Page', () => {
  test('defaults to every record', () => {
    expect(new Page().apply(records)).toEqual(records);
  });

  test('skips then limits', () => {
    expect(new Page(1, 2).apply(records).map((r) => r.id)).toEqual([2, 3]);
  });

  test('returns what remains past the end', () => {
    expect(new Page(4, 10).apply(records).map((r) => r.id)).toEqual([5]);
    expect(new Page(10, 10).apply(records)).toEqual([]);
  });

  test('accepts a limit of zero', () => {
    expect(new Page(0, 0).apply(records)).toEqual([]);
  });

  test('returns a new array', () => {
    expect(new Page().apply(records)).not.toBe(records);
  });

  test.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects the skip %p with a ValidationError', (skip) => {
    expect(() => new Page(skip)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('integer of 0 or more') }),
    );
  });

  test.each([-1, 0.5, Number.NaN])('rejects the limit %p with a ValidationError', (limit) => {
    expect(() => new Page(0, limit)).toThrow(expect.objectContaining({ name: 'ValidationError' }));
  });
});

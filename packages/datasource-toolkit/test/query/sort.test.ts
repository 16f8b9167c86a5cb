import { Projection, Sort } from '@platform/datasource-toolkit';

const asc = (field: string) => ({ field, ascending: true });
const desc = (field: string) => ({ field, ascending: false });

describe('Sort', () => {
  test('fromString reads descending fields with a leading minus', () => {
    expect([...Sort.fromString('-createdAt,author:name')]).toEqual([desc('createdAt'), asc('author:name')]);
  });

  test('fromString trims spaces around parts', () => {
    expect([...Sort.fromString(' title , - year ')]).toEqual([asc('title'), desc('year')]);
  });

  test.each(['', ',', 'title,', ',title', '-', 'a,,b', '  '])('fromString throws a ValidationError on %j', (value) => {
    expect(() => Sort.fromString(value)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('comma-separated') }),
    );
  });

  test('is frozen, clauses included', () => {
    const sort = new Sort(asc('title'));

    expect(() => sort.push(asc('other'))).toThrow(TypeError);
    expect(Object.isFrozen(sort[0])).toBe(true);
  });

  test('projection lists the sorted fields', () => {
    const projection = Sort.fromString('title,-author:name').projection;

    expect(projection).toBeInstanceOf(Projection);
    expect([...projection]).toEqual(['title', 'author:name']);
  });

  test('nest and unnest add and remove a relation prefix', () => {
    const nested = Sort.fromString('-name,id').nest('author');

    expect([...nested]).toEqual([desc('author:name'), asc('author:id')]);
    expect([...nested.unnest()]).toEqual([desc('name'), asc('id')]);
  });

  test('unnest throws when fields do not share one relation', () => {
    expect(() => Sort.fromString('author:name,title').unnest()).toThrow('do not share one relation');
  });

  test('inverse flips every clause', () => {
    expect([...Sort.fromString('-a,b').inverse()]).toEqual([asc('a'), desc('b')]);
  });

  test('replaceClauses can expand and drop clauses', () => {
    const sort = Sort.fromString('fullName,drop').replaceClauses((clause) =>
      clause.field === 'drop'
        ? []
        : [
            { ...clause, field: 'lastName' },
            { ...clause, field: 'firstName' },
          ],
    );

    expect([...sort]).toEqual([asc('lastName'), asc('firstName')]);
  });

  test('apply sorts by several clauses and through relations', () => {
    const records = [
      { id: 1, year: 2000, author: { name: 'B' } },
      { id: 2, year: 1990, author: { name: 'A' } },
      { id: 3, year: 2000, author: { name: 'A' } },
    ];

    const sorted = Sort.fromString('-year,author:name').apply(records);

    expect(sorted.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  test('apply is stable and does not change its input', () => {
    const records = [
      { id: 1, group: 'x' },
      { id: 2, group: 'x' },
      { id: 3, group: 'a' },
    ];

    const sorted = Sort.fromString('group').apply(records);

    expect(sorted.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(records.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  test('apply puts nulls first ascending and last descending', () => {
    const records = [{ id: 1, v: 2 }, { id: 2, v: null }, { id: 3 }, { id: 4, v: 1 }];

    expect(
      Sort.fromString('v')
        .apply(records)
        .map((r) => r.id),
    ).toEqual([2, 3, 4, 1]);
    expect(
      Sort.fromString('-v')
        .apply(records)
        .map((r) => r.id),
    ).toEqual([1, 4, 2, 3]);
  });

  test('apply compares numbers numerically, not as strings', () => {
    const records = [{ v: 10 }, { v: 9 }, { v: 100 }];

    expect(
      Sort.fromString('v')
        .apply(records)
        .map((r) => r.v),
    ).toEqual([9, 10, 100]);
  });

  test('apply compares ISO date-times with offsets by instant', () => {
    const records = [
      { id: 1, at: '2026-01-01T10:00:00+02:00' },
      { id: 2, at: '2026-01-01T09:00:00Z' },
      { id: 3, at: '2026-01-01T08:30:00Z' },
    ];

    expect(
      Sort.fromString('at')
        .apply(records)
        .map((r) => r.id),
    ).toEqual([1, 3, 2]);
  });

  test('apply treats a null relation as a null value', () => {
    const records = [
      { id: 1, author: { name: 'A' } },
      { id: 2, author: null },
    ];

    expect(
      Sort.fromString('author:name')
        .apply(records)
        .map((r) => r.id),
    ).toEqual([2, 1]);
  });

  test('equals compares clauses in order', () => {
    const sort = Sort.fromString('a,-b');

    expect(sort.equals(Sort.fromString('a,-b'))).toBe(true);
    expect(sort.equals(Sort.fromString('-b,a'))).toBe(false);
    expect(sort.equals(Sort.fromString('a,b'))).toBe(false);
  });
});

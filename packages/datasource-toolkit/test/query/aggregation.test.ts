import { Aggregation, type AggregationParts, Projection, type RecordData } from '@platform/datasource-toolkit';

const books = [
  { id: 1, genre: 'SF', price: 10, author: { country: 'US' } },
  { id: 2, genre: 'SF', price: 20, author: { country: 'FR' } },
  { id: 3, genre: 'Poetry', price: null, author: { country: 'FR' } },
  { id: 4, genre: null, price: 5, author: null },
];

const aggregate = (parts: AggregationParts, records: RecordData[] = books, limit?: number) =>
  new Aggregation(parts).apply(records, 'UTC', limit);

describe('Aggregation', () => {
  describe('operations', () => {
    test('Count without field counts records', () => {
      expect(aggregate({ operation: 'Count' })).toEqual([{ value: 4, group: {} }]);
    });

    test('Count with a field counts non-null values', () => {
      expect(aggregate({ operation: 'Count', field: 'price' })).toEqual([{ value: 3, group: {} }]);
    });

    test('Sum and Avg ignore nulls', () => {
      expect(aggregate({ operation: 'Sum', field: 'price' })).toEqual([{ value: 35, group: {} }]);
      expect(aggregate({ operation: 'Avg', field: 'price' })[0]?.value).toBeCloseTo(35 / 3);
    });

    test('Sum accepts numeric strings', () => {
      expect(aggregate({ operation: 'Sum', field: 'v' }, [{ v: '1.5' }, { v: 2 }])).toEqual([
        { value: 3.5, group: {} },
      ]);
    });

    test('Max and Min compare values and ignore nulls', () => {
      expect(aggregate({ operation: 'Max', field: 'price' })).toEqual([{ value: 20, group: {} }]);
      expect(aggregate({ operation: 'Min', field: 'price' })).toEqual([{ value: 5, group: {} }]);
    });

    test('Max works on ISO dates', () => {
      const records = [{ at: '2026-01-02T00:00:00Z' }, { at: '2026-03-01T00:00:00Z' }, { at: null }];

      expect(aggregate({ operation: 'Max', field: 'at' }, records)[0]?.value).toBe('2026-03-01T00:00:00Z');
    });

    test('reads fields through relations', () => {
      expect(aggregate({ operation: 'Count', field: 'author:country' })).toEqual([{ value: 3, group: {} }]);
    });

    test('on no record, Count is 0 and the other operations are null', () => {
      expect(aggregate({ operation: 'Count' }, [])).toEqual([{ value: 0, group: {} }]);
      for (const operation of ['Sum', 'Avg', 'Max', 'Min'] as const) {
        expect(aggregate({ operation, field: 'price' }, [])).toEqual([{ value: null, group: {} }]);
      }
    });

    test('grouped aggregations on no record return no row', () => {
      expect(aggregate({ operation: 'Count', groups: [{ field: 'genre' }] }, [])).toEqual([]);
    });

    test('Sum throws a ValidationError on a non-numeric value', () => {
      expect(() => aggregate({ operation: 'Sum', field: 'genre' })).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('not a number') }),
      );
    });
  });

  describe('groups', () => {
    test('groups by a field, sorted by value descending, null groups included', () => {
      expect(aggregate({ operation: 'Count', groups: [{ field: 'genre' }] })).toEqual([
        { value: 2, group: { genre: 'SF' } },
        { value: 1, group: { genre: 'Poetry' } },
        { value: 1, group: { genre: null } },
      ]);
    });

    test('groups by several fields, including relation fields', () => {
      const rows = aggregate({
        operation: 'Sum',
        field: 'price',
        groups: [{ field: 'genre' }, { field: 'author:country' }],
      });

      expect(rows).toEqual([
        { value: 20, group: { genre: 'SF', 'author:country': 'FR' } },
        { value: 10, group: { genre: 'SF', 'author:country': 'US' } },
        { value: 5, group: { genre: null, 'author:country': null } },
        { value: null, group: { genre: 'Poetry', 'author:country': 'FR' } },
      ]);
    });

    test('limit keeps the first rows after sorting', () => {
      const rows = aggregate({ operation: 'Sum', field: 'price', groups: [{ field: 'id' }] }, books, 2);

      expect(rows.map((row) => row.group.id)).toEqual([2, 1]);
    });
  });

  describe('date groups', () => {
    const group = (operation: 'Day' | 'Week' | 'Month' | 'Quarter' | 'Year', at: unknown, timezone = 'UTC') =>
      new Aggregation({ operation: 'Count', groups: [{ field: 'at', operation }] }).apply([{ at }], timezone)[0]?.group
        .at;

    test.each([
      ['Day', '2026-05-15'],
      ['Week', '2026-05-11'],
      ['Month', '2026-05-01'],
      ['Quarter', '2026-04-01'],
      ['Year', '2026-01-01'],
    ] as const)('%s keys are the first day of the period', (operation, key) => {
      expect(group(operation, '2026-05-15T12:00:00Z')).toBe(key);
    });

    test('a UTC instant is bucketed in the caller time zone', () => {
      expect(group('Day', '2026-01-01T02:00:00Z', 'America/New_York')).toBe('2025-12-31');
      expect(group('Year', '2026-01-01T02:00:00Z', 'America/New_York')).toBe('2025-01-01');
      expect(group('Day', '2026-01-01T02:00:00Z', 'Europe/Paris')).toBe('2026-01-01');
    });

    test('weeks start on Monday, across years', () => {
      expect(group('Week', '2026-01-01T12:00:00Z')).toBe('2025-12-29');
      expect(group('Week', '2026-05-17T23:59:59Z')).toBe('2026-05-11');
      expect(group('Week', '2026-05-18T00:00:00Z')).toBe('2026-05-18');
    });

    test('weeks use the offset in force after a DST change', () => {
      // New York moves to UTC-4 on Sunday 2026-03-08: 03:30Z is still Sunday evening, 04:30Z is Monday.
      expect(group('Week', '2026-03-09T03:30:00Z', 'America/New_York')).toBe('2026-03-02');
      expect(group('Week', '2026-03-09T04:30:00Z', 'America/New_York')).toBe('2026-03-09');
      // Paris moves to UTC+2 on Sunday 2026-03-29: 22:30Z is already Monday.
      expect(group('Week', '2026-03-29T22:30:00Z', 'Europe/Paris')).toBe('2026-03-30');
      expect(group('Week', '2026-03-29T21:30:00Z', 'Europe/Paris')).toBe('2026-03-23');
    });

    test('dates without offset are local dates of the caller', () => {
      expect(group('Day', '2026-01-01', 'America/New_York')).toBe('2026-01-01');
      expect(group('Month', '2026-02-28T23:30', 'Pacific/Auckland')).toBe('2026-02-01');
    });

    test('accepts Date objects and timestamps', () => {
      expect(group('Day', new Date('2026-01-01T02:00:00Z'), 'America/New_York')).toBe('2025-12-31');
      expect(group('Day', Date.UTC(2026, 0, 1, 2), 'Asia/Tokyo')).toBe('2026-01-01');
    });

    test('null dates form a null group', () => {
      expect(group('Day', null)).toBeNull();
    });

    test('throws a ValidationError on a value that is not a date', () => {
      expect(() => group('Day', 'not a date')).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('is not a date') }),
      );
    });

    test('throws a ValidationError on an unknown time zone', () => {
      expect(() => group('Day', '2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('Mars/Olympus') }),
      );
    });
  });

  describe('construction', () => {
    test.each(['Sum', 'Avg', 'Max', 'Min'] as const)('%s without field throws a ValidationError', (operation) => {
      expect(() => new Aggregation({ operation })).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('needs a field') }),
      );
    });

    test('an unknown operation throws a ValidationError listing the operations', () => {
      expect(() => new Aggregation({ operation: 'Median' as 'Sum', field: 'x' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('Count, Sum, Avg, Max, Min'),
        }),
      );
    });

    test('an unknown date operation throws a ValidationError listing the date operations', () => {
      expect(
        () => new Aggregation({ operation: 'Count', groups: [{ field: 'at', operation: 'Hour' as 'Day' }] }),
      ).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('Day, Week, Month') }),
      );
    });
  });

  describe('transformations', () => {
    const aggregation = new Aggregation({
      operation: 'Sum',
      field: 'price',
      groups: [{ field: 'at', operation: 'Month' }],
    });

    test('projection lists the aggregated and grouped fields', () => {
      expect(aggregation.projection).toBeInstanceOf(Projection);
      expect([...aggregation.projection]).toEqual(['price', 'at']);
    });

    test('nest prefixes every field', () => {
      const nested = aggregation.nest('book');

      expect(nested.field).toBe('book:price');
      expect(nested.groups).toEqual([{ field: 'book:at', operation: 'Month' }]);
    });

    test('replaceFields maps each field', () => {
      expect(aggregation.replaceFields((field) => field.toUpperCase()).projection.equals(['PRICE', 'AT'])).toBe(true);
    });

    test('override replaces parts and leaves the original unchanged', () => {
      const count = aggregation.override({ operation: 'Count', field: undefined });

      expect(count.operation).toBe('Count');
      expect(count.field).toBeUndefined();
      expect(aggregation.operation).toBe('Sum');
    });

    test('is frozen', () => {
      expect(Object.isFrozen(aggregation)).toBe(true);
      expect(Object.isFrozen(aggregation.groups)).toBe(true);
    });
  });
});

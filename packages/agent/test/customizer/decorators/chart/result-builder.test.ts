import type { DateOperation } from '@platform/datasource-toolkit';
import { ChartResultBuilder } from '../../../../src/customizer/decorators/chart/result-builder';

const builder = new ChartResultBuilder('UTC');

describe('ChartResultBuilder', () => {
  test('value returns the current value', () => {
    expect(builder.value(12)).toEqual({ type: 'Value', value: { countCurrent: 12 } });
  });

  test('value returns the previous value to compare with', () => {
    expect(builder.value(12, 9)).toEqual({ type: 'Value', value: { countCurrent: 12, countPrevious: 9 } });
  });

  test('distribution returns one entry per key, in order', () => {
    expect(builder.distribution({ fiction: 3, poetry: 8 })).toEqual({
      type: 'Distribution',
      value: [
        { key: 'fiction', value: 3 },
        { key: 'poetry', value: 8 },
      ],
    });
  });

  test('percentage and objective return their numbers', () => {
    expect(builder.percentage(42.5)).toEqual({ type: 'Percentage', value: 42.5 });
    expect(builder.objective(30, 100)).toEqual({ type: 'Objective', value: { value: 30, objective: 100 } });
  });

  test('leaderboard sorts by value, highest first, ties keeping their order', () => {
    const chart = builder.leaderboard({ lem: 2, calvino: 9, leguin: 5, borges: 5 });

    expect(chart).toEqual({
      type: 'Leaderboard',
      value: [
        { key: 'calvino', value: 9 },
        { key: 'leguin', value: 5 },
        { key: 'borges', value: 5 },
        { key: 'lem', value: 2 },
      ],
    });
  });

  test('smart returns any structure as is', () => {
    const data = { rows: [[1, 'a']], note: null };

    expect(builder.smart(data)).toEqual({ type: 'Smart', value: data });
  });

  describe('timeBased', () => {
    test('sums values of one day, fills missing days with 0 and sorts by date', () => {
      const chart = builder.timeBased('Day', [
        { date: '2026-01-04T08:00:00Z', value: 1 },
        { date: '2026-01-01T10:00:00Z', value: 2 },
        { date: new Date('2026-01-01T23:00:00Z'), value: 3 },
      ]);

      expect(chart).toEqual({
        type: 'TimeBased',
        value: [
          { label: '01/01/2026', values: { value: 5 } },
          { label: '02/01/2026', values: { value: 0 } },
          { label: '03/01/2026', values: { value: 0 } },
          { label: '04/01/2026', values: { value: 1 } },
        ],
      });
    });

    test('keeps null for a period whose values are all null, and ignores nulls next to numbers', () => {
      const chart = builder.timeBased('Day', [
        { date: '2026-01-01', value: null },
        { date: '2026-01-02', value: null },
        { date: '2026-01-02', value: 4 },
      ]);

      expect(chart.value).toEqual([
        { label: '01/01/2026', values: { value: null } },
        { label: '02/01/2026', values: { value: 4 } },
      ]);
    });

    test('returns no point without values', () => {
      expect(builder.timeBased('Month', [])).toEqual({ type: 'TimeBased', value: [] });
    });

    test.each<[DateOperation, string[], string[]]>([
      ['Week', ['2025-12-24', '2026-01-08'], ['W52-2025', 'W1-2026', 'W2-2026']],
      ['Month', ['2025-12-31', '2026-03-01'], ['Dec 25', 'Jan 26', 'Feb 26', 'Mar 26']],
      ['Quarter', ['2025-11-15', '2026-04-01'], ['Q4-2025', 'Q1-2026', 'Q2-2026']],
      ['Year', ['2023-06-01', '2026-01-01'], ['2023', '2024', '2025', '2026']],
    ])('labels %s periods and fills the ones between', (range, dates, labels) => {
      const chart = builder.timeBased(
        range,
        dates.map((date) => ({ date, value: 1 })),
      );

      expect(chart.value).toEqual(
        labels.map((label, index) => ({
          label,
          values: { value: index === 0 || index === labels.length - 1 ? 1 : 0 },
        })),
      );
    });

    test('starts weeks on Monday', () => {
      const chart = builder.timeBased('Week', [
        { date: '2026-01-04T23:00:00Z', value: 1 }, // a Sunday
        { date: '2026-01-05T00:00:00Z', value: 2 }, // the next Monday
      ]);

      expect(chart.value).toEqual([
        { label: 'W1-2026', values: { value: 1 } },
        { label: 'W2-2026', values: { value: 2 } },
      ]);
    });

    test('groups by day in the caller time zone', () => {
      const paris = new ChartResultBuilder('Europe/Paris');
      const points = [{ date: '2026-01-01T23:30:00Z', value: 1 }];

      expect(paris.timeBased('Day', points).value).toEqual([{ label: '02/01/2026', values: { value: 1 } }]);
      expect(builder.timeBased('Day', points).value).toEqual([{ label: '01/01/2026', values: { value: 1 } }]);
    });

    test('reads dates without offset as local times of the caller', () => {
      const tokyo = new ChartResultBuilder('Asia/Tokyo');

      const chart = tokyo.timeBased('Day', [{ date: '2026-01-01T00:30', value: 1 }]);

      expect(chart.value).toEqual([{ label: '01/01/2026', values: { value: 1 } }]);
    });

    test('fills every day across a spring-forward change (23-hour day)', () => {
      const paris = new ChartResultBuilder('Europe/Paris');

      const chart = paris.timeBased('Day', [
        { date: '2026-03-28T12:00', value: 1 },
        { date: '2026-03-29T00:30', value: 2 },
        { date: '2026-03-29T23:30', value: 3 },
        { date: '2026-03-30T00:10', value: 4 },
      ]);

      expect(chart.value).toEqual([
        { label: '28/03/2026', values: { value: 1 } },
        { label: '29/03/2026', values: { value: 5 } },
        { label: '30/03/2026', values: { value: 4 } },
      ]);
    });

    test('fills every day across a fall-back change (25-hour day)', () => {
      const newYork = new ChartResultBuilder('America/New_York');

      const chart = newYork.timeBased('Day', [
        { date: '2026-10-31T23:59', value: 1 },
        { date: '2026-11-02T00:00', value: 2 },
      ]);

      expect(chart.value).toEqual([
        { label: '31/10/2026', values: { value: 1 } },
        { label: '01/11/2026', values: { value: 0 } },
        { label: '02/11/2026', values: { value: 2 } },
      ]);
    });

    test('keeps a month whose first day shifts with DST', () => {
      const paris = new ChartResultBuilder('Europe/Paris');

      const chart = paris.timeBased('Month', [
        { date: '2026-02-28T23:30:00Z', value: 1 }, // 1 March 00:30 in Paris
        { date: '2026-10-31T23:30:00Z', value: 1 }, // 1 November 00:30 in Paris, after fall back
      ]);

      expect(chart.value).toHaveLength(9);
      expect((chart.value as Array<{ label: string }>)[0]?.label).toBe('Mar 26');
      expect((chart.value as Array<{ label: string }>)[8]?.label).toBe('Nov 26');
    });
  });

  describe('multipleTimeBased', () => {
    test('groups every line on the same periods, filling missing ones with 0', () => {
      const chart = builder.multipleTimeBased(
        'Month',
        ['2026-01-10', '2026-01-20', '2026-03-05'],
        [
          { label: 'sales', values: [1, 2, 3] },
          { label: 'returns', values: [null, null, 1] },
        ],
      );

      expect(chart).toEqual({
        type: 'MultipleTimeBased',
        value: {
          labels: ['Jan 26', 'Feb 26', 'Mar 26'],
          values: [
            { key: 'sales', values: [3, 0, 3] },
            { key: 'returns', values: [null, 0, 1] },
          ],
        },
      });
    });

    test('returns no label without dates', () => {
      const chart = builder.multipleTimeBased('Day', [], [{ label: 'sales', values: [] }]);

      expect(chart.value).toEqual({ labels: [], values: [{ key: 'sales', values: [] }] });
    });
  });

  test.each<[string, () => unknown, RegExp]>([
    ['a value that is not a number', () => builder.value('12' as unknown as number), /value must be a finite number/],
    ['a previous value that is NaN', () => builder.value(1, Number.NaN), /previousValue must be a finite number/],
    ['a distribution that is an array', () => builder.distribution([1] as never), /expected an object/],
    ['a distribution value that is not a number', () => builder.distribution({ a: '1' } as never), /'a'/],
    ['a leaderboard value that is infinite', () => builder.leaderboard({ a: Number.POSITIVE_INFINITY }), /'a'/],
    ['a percentage that is null', () => builder.percentage(null as never), /percentage\(\): value/],
    ['an objective without objective', () => builder.objective(3, undefined as never), /objective must be/],
    ['an unknown time range', () => builder.timeBased('Hour' as never, []), /unknown time range "Hour"/],
    ['values that are not an array', () => builder.timeBased('Day', {} as never), /must be an array/],
    ['a point that is not an object', () => builder.timeBased('Day', [3] as never), /values\[0\]/],
    [
      'a date that is not a date',
      () => builder.timeBased('Day', [{ date: 'soon', value: 1 }]),
      /date at index 0 is not a date: "soon"/,
    ],
    ['a date of another type', () => builder.timeBased('Day', [{ date: true as never, value: 1 }]), /not a date/],
    [
      'a point value that is a string',
      () => builder.timeBased('Day', [{ date: '2026-01-01', value: '3' as never }]),
      /values\[0\]\.value must be a finite number/,
    ],
    [
      'dates spanning too many periods',
      () =>
        builder.timeBased('Day', [
          { date: '1900-01-01', value: 1 },
          { date: '2026-01-01', value: 1 },
        ]),
      /more than 10000 days/,
    ],
    [
      'a line with a value per date missing',
      () => builder.multipleTimeBased('Day', ['2026-01-01', '2026-01-02'], [{ label: 'a', values: [1] }]),
      /line 'a' must have one value per date \(2\)/,
    ],
    [
      'a line without label',
      () => builder.multipleTimeBased('Day', ['2026-01-01'], [{ values: [1] } as never]),
      /lines\[0\]\.label/,
    ],
    [
      'a line value that is not a number',
      () => builder.multipleTimeBased('Day', ['2026-01-01'], [{ label: 'a', values: ['x' as never] }]),
      /line 'a' value 0/,
    ],
    ['dates that are not an array', () => builder.multipleTimeBased('Day', 'x' as never, []), /dates must be an array/],
    ['an unknown time zone', () => new ChartResultBuilder('Mars/Olympus').timeBased('Day', []), /unknown time zone/],
  ])('rejects %s with an Error', (_case, build, message) => {
    expect(build).toThrow(message);
    expect(build).toThrow(expect.objectContaining({ name: 'Error' }));
  });
});

import { getDateRange, MAX_RELATIVE_DAYS, type RelativeDateOperator } from '@platform/datasource-toolkit';

const hoursOf = (operator: RelativeDateOperator, timezone: string, now: string): number | undefined => {
  const { start, end } = getDateRange(operator, undefined, timezone, new Date(now), false);

  return start && end ? end.diff(start, 'hours').hours : undefined;
};
const utc = (operator: RelativeDateOperator, timezone: string, now: string, value?: unknown) => {
  const { start, end } = getDateRange(operator, value, timezone, new Date(now), false);

  return [start?.toUTC().toISO(), end?.toUTC().toISO()];
};

describe('getDateRange', () => {
  test('a day when clocks go forward lasts 23 hours (Europe/Paris, 2026-03-29)', () => {
    expect(hoursOf('Today', 'Europe/Paris', '2026-03-29T12:00:00Z')).toBe(23);
  });

  test('a day when clocks go back lasts 25 hours (Europe/Paris, 2026-10-25)', () => {
    expect(hoursOf('Today', 'Europe/Paris', '2026-10-25T12:00:00Z')).toBe(25);
  });

  test('a day when clocks go forward lasts 23 hours (America/New_York, 2026-03-08)', () => {
    expect(hoursOf('Today', 'America/New_York', '2026-03-08T17:00:00Z')).toBe(23);
  });

  test('yesterday across a DST change lasts 25 hours', () => {
    expect(hoursOf('Yesterday', 'Europe/Paris', '2026-10-26T12:00:00Z')).toBe(25);
  });

  test('today starts at local midnight of the caller', () => {
    expect(utc('Today', 'Europe/Paris', '2026-03-29T12:00:00Z')).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });

  test('today in UTC+14 is already tomorrow in UTC (Pacific/Kiritimati)', () => {
    expect(utc('Today', 'Pacific/Kiritimati', '2026-01-01T10:30:00Z')).toEqual([
      '2026-01-01T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
    ]);
  });

  test('today just before local midnight in UTC+14', () => {
    expect(utc('Today', 'Pacific/Kiritimati', '2026-01-01T09:59:00Z')).toEqual([
      '2025-12-31T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
  });

  test('the previous week runs from Monday to Monday', () => {
    // 2026-04-15 is a Wednesday.
    expect(utc('PreviousWeek', 'Europe/Paris', '2026-04-15T10:00:00Z')).toEqual([
      '2026-04-05T22:00:00.000Z',
      '2026-04-12T22:00:00.000Z',
    ]);
  });

  test('on a Monday, the previous week is the seven days before it', () => {
    expect(utc('PreviousWeek', 'UTC', '2026-04-13T00:00:00Z')).toEqual([
      '2026-04-06T00:00:00.000Z',
      '2026-04-13T00:00:00.000Z',
    ]);
  });

  test('the previous month spans a DST change in local time', () => {
    expect(utc('PreviousMonth', 'Europe/Paris', '2026-04-15T10:00:00Z')).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
  });

  test('the previous quarter and year', () => {
    expect(utc('PreviousQuarter', 'Europe/Paris', '2026-04-15T10:00:00Z')).toEqual([
      '2025-12-31T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    expect(utc('PreviousYear', 'UTC', '2026-04-15T10:00:00Z')).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
  });

  test('ranges "to date" end now', () => {
    const now = '2026-04-15T10:00:00.000Z';

    expect(utc('PreviousWeekToDate', 'UTC', now)).toEqual(['2026-04-13T00:00:00.000Z', now]);
    expect(utc('PreviousMonthToDate', 'UTC', now)).toEqual(['2026-04-01T00:00:00.000Z', now]);
    expect(utc('PreviousQuarterToDate', 'UTC', now)).toEqual(['2026-04-01T00:00:00.000Z', now]);
    expect(utc('PreviousYearToDate', 'America/New_York', now)).toEqual(['2026-01-01T05:00:00.000Z', now]);
  });

  test('the previous X days end at the start of today; "to date" ends now', () => {
    const now = '2026-04-15T10:00:00.000Z';

    expect(utc('PreviousXDays', 'Europe/Paris', now, 3)).toEqual([
      '2026-04-11T22:00:00.000Z',
      '2026-04-14T22:00:00.000Z',
    ]);
    expect(utc('PreviousXDaysToDate', 'Europe/Paris', now, 3)).toEqual(['2026-04-11T22:00:00.000Z', now]);
  });

  test('past, future and hours ago are bounded by now', () => {
    const now = '2026-04-15T10:00:00.000Z';

    expect(utc('Past', 'UTC', now)).toEqual([undefined, now]);
    expect(utc('Future', 'UTC', now)).toEqual([now, undefined]);
    expect(utc('BeforeXHoursAgo', 'UTC', now, 2)).toEqual([undefined, '2026-04-15T08:00:00.000Z']);
    expect(utc('AfterXHoursAgo', 'UTC', now, 2)).toEqual(['2026-04-15T08:00:00.000Z', undefined]);
  });

  test('throws on an unknown time zone', () => {
    expect(() => getDateRange('Today', undefined, 'Mars/Olympus', new Date(), false)).toThrow('Invalid time zone');
  });
});

describe('getDateRange bounds', () => {
  test('refuses PreviousXDays past MAX_RELATIVE_DAYS with a ValidationError', () => {
    expect(() => getDateRange('PreviousXDays', 100_000_000, 'UTC', new Date(), false)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('at most 365,000') }),
    );
  });

  test('computes PreviousXDays at MAX_RELATIVE_DAYS within the year 1000', () => {
    const range = getDateRange('PreviousXDays', MAX_RELATIVE_DAYS, 'UTC', new Date('2026-01-01T00:00:00Z'), false);

    expect(range.start?.year).toBeGreaterThanOrEqual(1000);
  });
});

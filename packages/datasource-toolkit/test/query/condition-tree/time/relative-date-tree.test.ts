import { ConditionTreeLeaf, relativeDateTree } from '@platform/datasource-toolkit';
import { makeBooksCollection } from '@platform/datasource-toolkit/testing';

const NOW = new Date('2026-03-29T12:00:00Z');
const plain = (
  operator: 'Today' | 'Past' | 'Future' | 'PreviousWeekToDate' | 'AfterXHoursAgo',
  columnType: 'Date' | 'Dateonly',
  value?: number,
) => relativeDateTree({ field: 'at', operator, value }, columnType, 'Europe/Paris', NOW).toPlainObject();

describe('relativeDateTree', () => {
  test('rewrites Today on a Date column into a range of UTC instants', () => {
    expect(plain('Today', 'Date')).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'at', operator: 'GreaterThanOrEqual', value: '2026-03-28T23:00:00.000Z' },
        { field: 'at', operator: 'LessThan', value: '2026-03-29T22:00:00.000Z' },
      ],
    });
  });

  test('rewrites Today on a Dateonly column into a range of local days', () => {
    expect(plain('Today', 'Dateonly')).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'at', operator: 'GreaterThanOrEqual', value: '2026-03-29' },
        { field: 'at', operator: 'LessThan', value: '2026-03-30' },
      ],
    });
  });

  test('a range "to date" on a Dateonly column includes today', () => {
    expect(plain('PreviousWeekToDate', 'Dateonly')).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'at', operator: 'GreaterThanOrEqual', value: '2026-03-23' },
        { field: 'at', operator: 'LessThan', value: '2026-03-30' },
      ],
    });
  });

  test('on a Dateonly column, today is neither past nor future', () => {
    expect(plain('Past', 'Dateonly')).toEqual({ field: 'at', operator: 'LessThan', value: '2026-03-29' });
    expect(plain('Future', 'Dateonly')).toEqual({ field: 'at', operator: 'GreaterThanOrEqual', value: '2026-03-30' });
  });

  test('on a Date column, past and future are split at now', () => {
    expect(plain('Past', 'Date')).toEqual({ field: 'at', operator: 'LessThan', value: '2026-03-29T12:00:00.000Z' });
    expect(plain('Future', 'Date')).toEqual({
      field: 'at',
      operator: 'GreaterThan',
      value: '2026-03-29T12:00:00.000Z',
    });
    expect(plain('AfterXHoursAgo', 'Date', 3)).toEqual({
      field: 'at',
      operator: 'GreaterThan',
      value: '2026-03-29T09:00:00.000Z',
    });
  });
});

describe('ConditionTreeLeaf.match with relative date operators', () => {
  const books = makeBooksCollection();

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  test.each([
    ['2026-03-28T22:59:59.999Z', false],
    ['2026-03-28T23:00:00.000Z', true],
    ['2026-03-29T21:59:59.999Z', true],
    ['2026-03-29T22:00:00.000Z', false],
  ])('Today in Europe/Paris on the 23-hour day matches %s: %s', (publishedAt, expected) => {
    const leaf = new ConditionTreeLeaf('publishedAt', 'Today');

    expect(leaf.match({ publishedAt }, books, 'Europe/Paris')).toBe(expected);
  });

  test('Today depends on the caller time zone', () => {
    const record = { publishedAt: new Date('2026-03-29T09:30:00Z') };
    const leaf = new ConditionTreeLeaf('publishedAt', 'Today');

    expect(leaf.match(record, books, 'Pacific/Kiritimati')).toBe(false);
    expect(leaf.match(record, books, 'America/New_York')).toBe(true);
  });

  test('Yesterday on a Dateonly column uses the local calendar', () => {
    const leaf = new ConditionTreeLeaf('releaseDay', 'Yesterday');

    expect(leaf.match({ releaseDay: '2026-03-28' }, books, 'Europe/Paris')).toBe(true);
    expect(leaf.match({ releaseDay: '2026-03-29' }, books, 'Pacific/Kiritimati')).toBe(true);
  });

  test('relative date operators never match null', () => {
    for (const operator of ['Today', 'Past', 'Future', 'PreviousYear'] as const) {
      expect(new ConditionTreeLeaf('publishedAt', operator).match({ publishedAt: null }, books, 'UTC')).toBe(false);
    }
  });

  test('Past, Future and hours ago compare with now', () => {
    const record = { publishedAt: '2026-03-29T10:00:00Z' };

    expect(new ConditionTreeLeaf('publishedAt', 'Past').match(record, books, 'UTC')).toBe(true);
    expect(new ConditionTreeLeaf('publishedAt', 'Future').match(record, books, 'UTC')).toBe(false);
    expect(new ConditionTreeLeaf('publishedAt', 'BeforeXHoursAgo', 1).match(record, books, 'UTC')).toBe(true);
    expect(new ConditionTreeLeaf('publishedAt', 'AfterXHoursAgo', 1).match(record, books, 'UTC')).toBe(false);
    expect(new ConditionTreeLeaf('publishedAt', 'AfterXHoursAgo', 3).match(record, books, 'UTC')).toBe(true);
  });
});

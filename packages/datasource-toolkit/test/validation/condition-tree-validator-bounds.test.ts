import {
  ConditionTreeLeaf,
  ConditionTreeValidator,
  MAX_RELATIVE_DAYS,
  MAX_RELATIVE_HOURS,
  type Operator,
} from '@platform/datasource-toolkit';
import { makeFakeDataSource, makeLibrarySchemas } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');
const validate = (field: string, operator: Operator, value?: unknown) => () =>
  ConditionTreeValidator.validate(new ConditionTreeLeaf(field, operator, value), books());

describe('ConditionTreeValidator bounds', () => {
  test.each([
    ['PreviousXDays', MAX_RELATIVE_DAYS],
    ['PreviousXDaysToDate', MAX_RELATIVE_DAYS],
    ['BeforeXHoursAgo', MAX_RELATIVE_HOURS],
    ['AfterXHoursAgo', MAX_RELATIVE_HOURS],
  ] as const)('accepts %s up to its maximum', (operator, max) => {
    expect(validate('publishedAt', operator, max)).not.toThrow();
  });

  test.each([
    ['PreviousXDays', 100_000_000, /at most 365,000/],
    ['PreviousXDaysToDate', MAX_RELATIVE_DAYS + 1, /at most 365,000/],
    ['BeforeXHoursAgo', MAX_RELATIVE_HOURS + 1, /at most 8,760,000/],
  ] as const)('refuses %s %d with a ValidationError stating the maximum', (operator, value, limit) => {
    expect(validate('publishedAt', operator, value)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringMatching(limit) }),
    );
  });

  test.each([['Like'], ['ILike']] as const)('refuses a %s pattern ending with the escape character', (operator) => {
    expect(validate('title', operator, 'Dun\\')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('escape character') }),
    );
  });

  test.each([
    ['an escaped backslash at the end', 'Dun\\\\'],
    ['an escaped wildcard', 'Du\\%'],
  ])('accepts a pattern with %s', (_name, pattern) => {
    expect(validate('title', 'Like', pattern)).not.toThrow();
  });
});

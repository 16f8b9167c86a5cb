import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  ConditionTreeValidator,
  type Operator,
} from '@platform/datasource-toolkit';
import { makeColumn, makeFakeDataSource, makeLibrarySchemas, makeSchema } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');
const validate = (field: string, operator: Operator, value?: unknown) => () =>
  ConditionTreeValidator.validate(new ConditionTreeLeaf(field, operator, value), books());

describe('ConditionTreeValidator', () => {
  test.each([
    ['title', 'Equal', 'Dune'],
    ['title', 'Contains', 'un'],
    ['title', 'LongerThan', 3],
    ['title', 'In', ['Dune', null]],
    ['title', 'Present', undefined],
    ['publishedAt', 'Before', '2026-01-01T00:00:00Z'],
    ['publishedAt', 'PreviousXDays', 7],
    ['publishedAt', 'Today', undefined],
    ['status', 'In', ['Draft']],
    ['tags', 'IncludesAll', ['a', 'b']],
    ['author:name', 'StartsWith', 'Her'],
    ['isbn', 'Equal', '978'],
  ] as const)('accepts %s %s %p', (field, operator, value) => {
    expect(validate(field, operator, value)).not.toThrow();
  });

  test('validates every leaf of a branch', () => {
    const tree = ConditionTreeFactory.fromPlainObject({
      aggregator: 'And',
      conditions: [
        { field: 'title', operator: 'Present' },
        { aggregator: 'Or', conditions: [{ field: 'price', operator: 'GreaterThan', value: 'cheap' }] },
      ],
    });

    expect(() => ConditionTreeValidator.validate(tree, books())).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'books.price'") }),
    );
  });

  test('throws a MissingFieldError for an unknown field', () => {
    expect(validate('nope', 'Equal', 1)).toThrow(expect.objectContaining({ name: 'MissingFieldError' }));
  });

  test('throws a MissingFieldError for an unknown related field', () => {
    expect(validate('author:nope', 'Equal', 1)).toThrow(expect.objectContaining({ name: 'MissingFieldError' }));
  });

  test('refuses an operator that makes no sense for the type, listing the allowed operators', () => {
    expect(validate('price', 'Contains', '1')).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining(
          'Allowed operators: Present, Blank, Missing, Equal, NotEqual, LessThan, LessThanOrEqual, GreaterThan, GreaterThanOrEqual, In, NotIn.',
        ),
      }),
    );
  });

  test('refuses an operator the column does not support, listing those it does', () => {
    expect(validate('isbn', 'Contains', '978')).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('Allowed operators: Equal, In.'),
      }),
    );
  });

  test('says when a column is not filterable at all', () => {
    const notes = makeFakeDataSource({ notes: makeSchema({ text: makeColumn('String') }) }).getCollection('notes');

    expect(() => ConditionTreeValidator.validate(new ConditionTreeLeaf('text', 'Equal', 'x'), notes)).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('none (the field is not filterable)'),
      }),
    );
  });

  test('refuses an unknown operator', () => {
    expect(validate('title', 'Resembles' as Operator, 'x')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("Operator 'Resembles'") }),
    );
  });

  test.each([
    ['title', 'Present', 'x', 'this operator takes no value'],
    ['publishedAt', 'Today', 1, 'this operator takes no value'],
    ['publishedAt', 'PreviousXDays', 1.5, 'expected a whole number'],
    ['publishedAt', 'PreviousXDays', '7', 'expected a whole number'],
    ['publishedAt', 'BeforeXHoursAgo', -2, 'expected a whole number'],
    ['title', 'LongerThan', 'long', 'expected a whole number'],
    ['title', 'In', 'Dune', 'expected an array'],
    ['tags', 'IncludesNone', 'a', 'expected an array'],
    ['title', 'Contains', 12, 'expected a string'],
    ['title', 'Equal', undefined, 'expected a value (use Missing or Blank'],
    ['title', 'Equal', null, 'expected a value'],
  ] as const)('refuses %s %s %p', (field, operator, value, message) => {
    expect(validate(field, operator, value)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining(message) }),
    );
  });

  test.each([
    ['price', 'GreaterThan', 'cheap', 'expected Number'],
    ['price', 'In', [1, 'two'], 'expected Number'],
    ['publishedAt', 'Before', 'soon', 'expected Date'],
    ['tags', 'IncludesAll', ['a', 2], 'expected String'],
    ['author:uuid', 'Equal', 'x', 'expected Uuid'],
  ] as const)('refuses %s %s %p for its type', (field, operator, value, message) => {
    expect(validate(field, operator, value)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining(message) }),
    );
  });

  test('refuses an enum value, listing the allowed values', () => {
    expect(validate('status', 'In', ['Draft', 'Lost'])).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('allowed values: Draft, Published'),
      }),
    );
  });
});

import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  RequestValidator,
  Sort,
} from '@platform/datasource-toolkit';
import { makeFakeDataSource, makeLibrarySchemas } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');
const today = () => new Filter({ conditionTree: new ConditionTreeLeaf('publishedAt', 'Today') });
const unknownZone = expect.objectContaining({
  name: 'ValidationError',
  message: 'Unknown time zone "Mars/Olympus": expected an IANA name such as "Europe/Paris".',
});

describe('RequestValidator.validateFilter', () => {
  test('accepts a valid condition tree, and no filter at all', () => {
    expect(() => RequestValidator.validateFilter(books(), today(), 'Europe/Paris')).not.toThrow();
    expect(() => RequestValidator.validateFilter(books(), undefined, 'Europe/Paris')).not.toThrow();
  });

  test('refuses an unknown field of the condition tree', () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('nope', 'Present') });

    expect(() => RequestValidator.validateFilter(books(), filter, 'UTC')).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  test('refuses an unknown time zone when a relative date needs it', () => {
    expect(() => RequestValidator.validateFilter(books(), today(), 'Mars/Olympus')).toThrow(unknownZone);
  });

  test('ignores the time zone when no condition depends on it', () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('title', 'Equal', 'Dune') });

    expect(() => RequestValidator.validateFilter(books(), filter, 'Mars/Olympus')).not.toThrow();
  });
});

describe('RequestValidator.validateList', () => {
  test('accepts a valid list request', () => {
    const filter = new PaginatedFilter({ sort: Sort.fromString('title') });

    expect(() => RequestValidator.validateList(books(), filter, new Projection('title'), 'UTC')).not.toThrow();
  });

  test('refuses an unknown projected field', () => {
    expect(() => RequestValidator.validateList(books(), new PaginatedFilter(), new Projection('nope'), 'UTC')).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  test('refuses a sort on a field that is not sortable', () => {
    const filter = new PaginatedFilter({ sort: Sort.fromString('price') });

    expect(() => RequestValidator.validateList(books(), filter, new Projection('title'), 'UTC')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('not sortable') }),
    );
  });
});

describe('RequestValidator.validateAggregate', () => {
  const sum = new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:name' }] });

  test('accepts a valid aggregate request', () => {
    expect(() => RequestValidator.validateAggregate(books(), new Filter(), sum, 10, 'UTC')).not.toThrow();
  });

  test('refuses an unknown aggregated field', () => {
    const aggregation = new Aggregation({ operation: 'Sum', field: 'nope' });

    expect(() => RequestValidator.validateAggregate(books(), new Filter(), aggregation, 10, 'UTC')).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  test('refuses a negative limit', () => {
    expect(() => RequestValidator.validateAggregate(books(), new Filter(), sum, -1, 'UTC')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('aggregation limit') }),
    );
  });

  test('refuses an unknown time zone when a relative date needs it', () => {
    expect(() => RequestValidator.validateAggregate(books(), today(), sum, 10, 'Mars/Olympus')).toThrow(unknownZone);
  });
});

describe('RequestValidator.validateColumnsOnly', () => {
  test('accepts a record of columns', () => {
    expect(() => RequestValidator.validateColumnsOnly(books(), { title: 'Dune', authorId: 1 })).not.toThrow();
  });

  test('refuses a relation, naming how to set it instead', () => {
    expect(() => RequestValidator.validateColumnsOnly(books(), { author: { id: 1 } }, 'foreign key column')).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: "Cannot write relation 'author' of 'books' directly: set its foreign key column instead.",
        details: { collection: 'books', field: 'author' },
      }),
    );
  });
});

import { isErrorOfKind } from '@platform/datasource-toolkit';
import { mapDatabaseError } from '../../../src/query/errors/map-database-error';

const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields);

describe('mapDatabaseError', () => {
  test('maps a PostgreSQL unique violation to a UniqueConstraintError naming constraint and field', () => {
    const error = mapDatabaseError(
      driverError({
        code: '23505',
        message: 'duplicate key value violates unique constraint "books_isbn_key"',
        constraint: 'books_isbn_key',
        detail: 'Key (isbn)=(1) already exists.',
      }),
      'books',
    );

    expect(error).toMatchObject({
      name: 'UniqueConstraintError',
      details: { constraint: 'books_isbn_key', fields: ['isbn'] },
    });
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
  });

  test('maps a MariaDB duplicate entry with its key name', () => {
    const error = mapDatabaseError(
      driverError({ code: 'ER_DUP_ENTRY', message: "Duplicate entry 'x' for key 'isbn'" }),
      'books',
    );

    expect(error).toMatchObject({ name: 'UniqueConstraintError', details: { constraint: 'isbn' } });
  });

  test('maps a SQLite foreign key failure to a ForeignKeyConstraintError', () => {
    const error = mapDatabaseError(
      driverError({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed' }),
      'books',
    );

    expect(error).toMatchObject({ name: 'ForeignKeyConstraintError' });
    expect(isErrorOfKind(error, 'UnprocessableError')).toBe(true);
  });

  test('maps a lost connection to a DatabaseUnavailableError, an UnavailableError', () => {
    const lost = mapDatabaseError(driverError({ message: 'Connection terminated unexpectedly' }), 'books', 'read');

    expect(lost).toMatchObject({ name: 'DatabaseUnavailableError', details: { collection: 'books' } });
    expect(isErrorOfKind(lost, 'UnavailableError')).toBe(true);
    expect(mapDatabaseError(driverError({ code: 'PROTOCOL_CONNECTION_LOST' }), 'books')).toMatchObject({
      name: 'DatabaseUnavailableError',
    });
  });

  test('says the database is unavailable without quoting the driver', () => {
    const terminated = driverError({ code: '57P01', message: 'terminating connection due to administrator command' });

    const error = mapDatabaseError(terminated, 'books', 'update') as Error;

    expect(error.message).toBe(
      "The database is unavailable: the connection was lost or refused during the update on 'books'. Try again in a few seconds.",
    );
    expect(error.cause).toBe(terminated);
  });

  test('maps a connection refused as configured to a DatabaseConnectionError, not an UnavailableError', () => {
    const error = mapDatabaseError(
      driverError({ code: '28P01', message: 'password authentication failed for user "app"' }),
      'books',
      'read',
    );

    expect(error).toMatchObject({ name: 'DatabaseConnectionError', details: { code: '28P01' } });
    expect(isErrorOfKind(error, 'UnavailableError')).toBe(false);
  });

  test('names the operation that failed: a read is not a write', () => {
    const outOfRange = () =>
      driverError({ code: '22003', message: 'value "12345678901" is out of range for type integer' });

    expect(mapDatabaseError(outOfRange(), 'books', 'read')).toMatchObject({
      name: 'ConstraintViolationError',
      message: expect.stringContaining("The database refused the read on 'books'"),
    });
    expect(mapDatabaseError(outOfRange(), 'books', 'update')).toMatchObject({
      message: expect.stringContaining("The database refused the update on 'books'"),
    });
    expect((mapDatabaseError(outOfRange(), 'books', 'read') as Error).message).not.toContain('write');
  });

  test.each([
    ['PostgreSQL NUL in text', { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }],
    ['PostgreSQL NUL in jsonb', { code: '22P05', message: 'unsupported Unicode escape sequence' }],
    [
      'PostgreSQL regular expression',
      { code: '2201B', message: 'invalid regular expression: quantifier operand invalid' },
    ],
    ['PostgreSQL LIKE escape', { code: '22025', message: 'LIKE pattern must not end with escape character' }],
    [
      'MariaDB regular expression',
      { code: 'ER_REGEXP_ERROR', message: "Got error 'lookbehind assertion is not fixed length'" },
    ],
    [
      'MySQL regular expression',
      { code: 'ER_REGEXP_LOOK_BEHIND_LIMIT', message: 'The look-behind assertion exceeds the limit' },
    ],
  ])('maps a %s error to a 400 InvalidValueError quoting the server', (_name, fields) => {
    const error = mapDatabaseError(driverError(fields), 'books');

    expect(error).toMatchObject({ name: 'InvalidValueError', message: expect.stringContaining(fields.message) });
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
  });

  test.each([
    ['too many SQL variables', '32,766'],
    ['Expression tree is too large (maximum depth 1000)', '1,000 levels'],
  ])('maps SQLite "%s" to a QueryTooLargeError stating the limit', (message, limit) => {
    const error = mapDatabaseError(driverError({ code: 'SQLITE_ERROR', message }), 'books');

    expect(error).toMatchObject({ name: 'QueryTooLargeError', message: expect.stringContaining(limit) });
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
  });

  test('leaves other SQLite errors unchanged', () => {
    const error = driverError({ code: 'SQLITE_ERROR', message: 'no such table: books' });

    expect(mapDatabaseError(error, 'books')).toBe(error);
  });

  test('returns other errors unchanged', () => {
    const error = driverError({ code: '42601', message: 'syntax error' });

    expect(mapDatabaseError(error, 'books')).toBe(error);
  });
});

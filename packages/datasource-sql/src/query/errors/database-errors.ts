import { UnprocessableError, ValidationError } from '@platform/datasource-toolkit';

/**
 * A write would duplicate a value that must be unique (a primary key or a unique constraint).
 * A `ValidationError` naming the field, as issue #3 asks: the value the caller gave is refused, like
 * any other invalid field value (the agent answers 400, not 500).
 */
export class UniqueConstraintError extends ValidationError {
  static override readonly errorName: string = 'UniqueConstraintError';
}

/** A write references a record that does not exist, or a delete leaves records pointing at nothing. */
export class ForeignKeyConstraintError extends UnprocessableError {
  static override readonly errorName: string = 'ForeignKeyConstraintError';
}

/** A write breaks another rule of the database: NOT NULL, CHECK, a value too long or out of range. */
export class ConstraintViolationError extends UnprocessableError {
  static override readonly errorName: string = 'ConstraintViolationError';
}

/**
 * The database cannot take a value of the request: a NUL character in PostgreSQL text, a regular
 * expression or LIKE pattern it cannot compile, a date outside its range. A `ValidationError`:
 * the caller changes the value.
 */
export class InvalidValueError extends ValidationError {
  static override readonly errorName: string = 'InvalidValueError';
}

/**
 * A statement would pass a limit of the database: more bound values than it accepts (PostgreSQL
 * 65,535, SQLite 32,766) or, on SQLite, an expression nested past 1,000 levels (a long `Or`).
 * The message states the limit; the caller selects fewer records or splits the request.
 */
export class QueryTooLargeError extends ValidationError {
  static override readonly errorName: string = 'QueryTooLargeError';
}

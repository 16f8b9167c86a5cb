import { ConflictError, UnprocessableError } from '@platform/datasource-toolkit';

/**
 * A write would duplicate a value that must be unique (a primary key or a unique constraint).
 * A `ConflictError`: the request is valid but collides with a record that exists.
 */
export class UniqueConstraintError extends ConflictError {}

/** A write references a record that does not exist, or a delete leaves records pointing at nothing. */
export class ForeignKeyConstraintError extends UnprocessableError {}

/** A write breaks another rule of the database: NOT NULL, CHECK, a value too long or out of range. */
export class ConstraintViolationError extends UnprocessableError {}

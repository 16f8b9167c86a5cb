import { isErrorOfKind } from '@platform/datasource-toolkit';
import { classifyConnectionError } from '../../connection/classify-connection-error';
import { DatabaseConnectionError, DatabaseUnavailableError } from '../../connection/connection-errors';
import {
  ConstraintViolationError,
  ForeignKeyConstraintError,
  InvalidValueError,
  QueryTooLargeError,
  UniqueConstraintError,
} from './database-errors';
import { SQLITE_MAX_EXPRESSION_DEPTH, SQLITE_MAX_VARIABLES } from './statement-limits';

type Kind = 'unique' | 'foreignKey' | 'constraint' | 'value' | 'tooManyValues' | 'tooDeep' | 'unavailable' | 'refused';

/** What the failing statement did, so that messages name it: a read never "refused the write". */
export type DatabaseOperation = 'read' | 'create' | 'update' | 'delete' | 'query';

// PostgreSQL SQLSTATE, MySQL/MariaDB error names, SQLite extended codes. Connection errors are
// classified by `classifyConnectionError`.
const KINDS: Record<string, Kind> = {
  '23505': 'unique',
  '23503': 'foreignKey',
  '23502': 'constraint',
  '23514': 'constraint',
  '22001': 'constraint',
  '22003': 'constraint',
  '22P02': 'constraint',
  '22007': 'constraint',
  '22008': 'constraint',
  // PostgreSQL data exceptions on values of reads and writes: NUL in text (22021) or in jsonb
  // (22P05), a regular expression (2201B) or LIKE escape (22025) it cannot compile.
  '22021': 'value',
  '22P05': 'value',
  '2201B': 'value',
  '22025': 'value',
  '22019': 'value',
  ER_DUP_ENTRY: 'unique',
  ER_NO_REFERENCED_ROW_2: 'foreignKey',
  ER_ROW_IS_REFERENCED_2: 'foreignKey',
  ER_NO_REFERENCED_ROW: 'foreignKey',
  ER_ROW_IS_REFERENCED: 'foreignKey',
  ER_BAD_NULL_ERROR: 'constraint',
  ER_NO_DEFAULT_FOR_FIELD: 'constraint',
  ER_DATA_TOO_LONG: 'constraint',
  ER_WARN_DATA_OUT_OF_RANGE: 'constraint',
  ER_TRUNCATED_WRONG_VALUE: 'constraint',
  ER_TRUNCATED_WRONG_VALUE_FOR_FIELD: 'constraint',
  ER_CONSTRAINT_FAILED: 'constraint',
  ER_CHECK_CONSTRAINT_VIOLATED: 'constraint',
  WARN_DATA_TRUNCATED: 'constraint',
  // MariaDB's PCRE errors; MySQL 8 names its ICU errors ER_REGEXP_* too (see kindOf).
  ER_REGEXP_ERROR: 'value',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreignKey',
  SQLITE_CONSTRAINT_NOTNULL: 'constraint',
  SQLITE_CONSTRAINT_CHECK: 'constraint',
};

/**
 * Turns a driver error into a typed error: unique violations become `UniqueConstraintError`,
 * foreign key violations `ForeignKeyConstraintError`, other constraint failures
 * `ConstraintViolationError`; a server that cannot serve now (connection lost or refused, server
 * restarting or full) a `DatabaseUnavailableError`, a connection refused as configured a
 * `DatabaseConnectionError`. The message names the constraint and, when the driver says, the
 * fields, and what was done (`operation`); the driver error stays as `cause`. Anything else is
 * returned unchanged.
 * @internal
 */
export function mapDatabaseError(
  error: unknown,
  collectionName: string,
  operation: DatabaseOperation = 'query',
): unknown {
  if (typeof error !== 'object' || error === null || isErrorOfKind(error, 'BusinessError')) return error;
  const {
    code,
    message = '',
    constraint,
    detail,
    column,
  } = error as {
    code?: unknown;
    message?: string;
    constraint?: string;
    detail?: string;
    column?: string;
  };
  const kind = kindOf(error, code, message);
  if (kind === undefined) return error;

  const fields = column ? [column] : fieldsOf(message, detail);
  const name = constraint ?? mysqlKeyName(message);
  const details = { collection: collectionName, constraint: name ?? null, fields };
  const where = `${name ? ` (constraint '${name}')` : ''}${fields.length ? ` on ${fields.join(', ')}` : ''}`;
  const reason = detail ? `${message} (${detail})` : message;
  switch (kind) {
    case 'unique':
      return new UniqueConstraintError(
        `A record of '${collectionName}' already has this value${where}: it must be unique. ${reason}`,
        { cause: error, details },
      );
    case 'foreignKey':
      return new ForeignKeyConstraintError(
        `The ${operation} on '${collectionName}' breaks a reference between records${where}: ` +
          `point to a record that exists, or remove the records that point to this one first. ${reason}`,
        { cause: error, details },
      );
    case 'constraint':
      return new ConstraintViolationError(
        `The database refused the ${operation} on '${collectionName}'${where}: ${reason}`,
        { cause: error, details },
      );
    case 'value':
      return new InvalidValueError(
        `The database cannot take a value of the request on '${collectionName}': ${reason}. Change the value.`,
        { cause: error, details },
      );
    case 'tooManyValues':
      return new QueryTooLargeError(
        `The request on '${collectionName}' binds more values than SQLite accepts in one statement ` +
          `(${SQLITE_MAX_VARIABLES.toLocaleString('en-US')}): select fewer records or split the request.`,
        { cause: error, details: { collection: collectionName, maxValues: SQLITE_MAX_VARIABLES } },
      );
    case 'tooDeep':
      return new QueryTooLargeError(
        `The condition on '${collectionName}' nests deeper than SQLite accepts ` +
          `(${SQLITE_MAX_EXPRESSION_DEPTH.toLocaleString('en-US')} levels; each condition of an Or counts as one): ` +
          'use In with a list of values, or split the request.',
        { cause: error, details: { collection: collectionName, maxDepth: SQLITE_MAX_EXPRESSION_DEPTH } },
      );
    case 'unavailable':
      // Not the driver's words: this message reaches the agent's users, the driver error is the cause.
      return new DatabaseUnavailableError(
        `The database is unavailable: the connection was lost or refused during the ${operation} on '${collectionName}'. Try again in a few seconds.`,
        { cause: error, details: { collection: collectionName, code: typeof code === 'string' ? code : null } },
      );
    case 'refused':
      return new DatabaseConnectionError(
        `The database refused the connection for the ${operation} on '${collectionName}': ${message}. Check the connection settings.`,
        { cause: error, details: { collection: collectionName, code: typeof code === 'string' ? code : null } },
      );
    default: {
      const unknownKind: never = kind;
      return unknownKind;
    }
  }
}

function kindOf(error: object, code: unknown, message: string): Kind | undefined {
  const connection = classifyConnectionError(error);
  if (connection !== undefined) return connection;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('ER_REGEXP_')) return 'value';
  // SQLite refuses to prepare a statement past SQLITE_MAX_VARIABLE_NUMBER with a generic code.
  if (code === 'SQLITE_ERROR' && /too many SQL variables/i.test(message)) return 'tooManyValues';
  if (code === 'SQLITE_ERROR' && /expression tree is too large/i.test(message)) return 'tooDeep';

  return KINDS[code];
}

/** Fields named by the driver: PostgreSQL `Key (a, b)=(...)`, SQLite `UNIQUE constraint failed: t.a, t.b`. */
function fieldsOf(message: string, detail: string | undefined): string[] {
  const postgres = /Key \(([^)]+)\)=/.exec(detail ?? '');
  if (postgres?.[1]) return postgres[1].split(',').map((field) => field.trim().replace(/^"|"$/g, ''));
  const sqlite = /constraint failed: (.+)$/i.exec(message);
  if (sqlite?.[1]) return sqlite[1].split(',').map((field) => field.trim().split('.').pop() ?? field.trim());

  return [];
}

function mysqlKeyName(message: string): string | undefined {
  return /for key '([^']+)'/.exec(message)?.[1] ?? /CONSTRAINT `([^`]+)`/.exec(message)?.[1];
}

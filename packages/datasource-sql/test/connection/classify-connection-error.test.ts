import { classifyConnectionError } from '../../src/connection/classify-connection-error';

const driverError = (fields: { message?: string; code?: string }) =>
  Object.assign(new Error(fields.message ?? 'failed'), fields);

describe('classifyConnectionError', () => {
  test.each([
    [
      'PostgreSQL: pg_terminate_backend',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['PostgreSQL: starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['PostgreSQL: too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['pg: socket closed mid-query', { message: 'Connection terminated unexpectedly' }],
    ['pg: client whose socket died', { message: 'Client has encountered a connection error and is not queryable' }],
    ['pg-pool: no connection in time', { message: 'timeout exceeded when trying to connect' }],
    ['pg-pool: closed under the request', { message: 'Cannot use a pool after calling end on the pool' }],
    [
      'mysql2: KILL of the connection',
      { code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost: The server closed the connection.' },
    ],
    ['MariaDB: connection killed', { code: 'ER_CONNECTION_KILLED', message: 'Connection was killed' }],
    ['MariaDB: too many connections', { code: 'ER_CON_COUNT_ERROR', message: 'Too many connections' }],
    ['mysql2: closed connection', { message: "Can't add new command when connection is in closed state" }],
    ['socket: nothing listens', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['socket: reset', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
  ])('%s is unavailable', (_, fields) => {
    expect(classifyConnectionError(driverError(fields))).toBe('unavailable');
  });

  test.each([
    ['PostgreSQL: wrong password', { code: '28P01', message: 'password authentication failed for user "app"' }],
    ['PostgreSQL: no such database', { code: '3D000', message: 'database "shop" does not exist' }],
    ['MariaDB: access denied', { code: 'ER_ACCESS_DENIED_ERROR', message: "Access denied for user 'app'" }],
    ['DNS: unknown host', { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.invalid' }],
  ])('%s is refused', (_, fields) => {
    expect(classifyConnectionError(driverError(fields))).toBe('refused');
  });

  test.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value violates unique constraint "books_pkey"' }],
    ['a statement timeout', { code: '57014', message: 'canceling statement due to statement timeout' }],
    ['a MariaDB KILL QUERY', { code: 'ER_QUERY_INTERRUPTED', message: 'Query execution was interrupted' }],
    ['a syntax error', { code: '42601', message: 'syntax error at or near "selec"' }],
  ])('%s is not about the connection', (_, fields) => {
    expect(classifyConnectionError(driverError(fields))).toBeUndefined();
  });

  test('reads the code of the first address of an AggregateError', () => {
    const error = new AggregateError([driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:5432' })]);

    expect(classifyConnectionError(error)).toBe('unavailable');
  });
});

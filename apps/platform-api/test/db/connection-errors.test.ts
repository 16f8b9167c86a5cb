import { isDatabaseConnectionError } from '../../src/db/connection-errors';

/** An error as `pg` or Node build them: a message and fields. */
const errorWith = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);

/** As Prisma 7 wraps a driver error of its `pg` adapter. */
const prismaWrapping = (code: string, cause: Record<string, unknown>) =>
  Object.assign(errorWith('Invalid `prisma.environment.findUnique()` invocation'), {
    name: 'PrismaClientKnownRequestError',
    code,
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });

describe('isDatabaseConnectionError', () => {
  test.each([
    ['pg_terminate_backend (57P01) as pg throws it', errorWith('terminating connection', { code: '57P01' })],
    ['a server starting up (57P03)', errorWith('the database system is starting up', { code: '57P03' })],
    ['a connection exception (08006)', errorWith('connection failure', { code: '08006' })],
    [
      'a refused socket',
      errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['a reset socket', errorWith('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['a connection ended under a query', errorWith('Connection terminated unexpectedly')],
    ['no pooled connection in time', errorWith('timeout exceeded when trying to connect')],
    ['Prisma wrapping 57P01', prismaWrapping('P2039', { kind: 'postgres', code: '57P01', originalCode: '57P01' })],
    ['Prisma: cannot reach the server', prismaWrapping('P1001', { kind: 'DatabaseNotReachable' })],
    ['Prisma: connection closed', prismaWrapping('P2010', { kind: 'ConnectionClosed' })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseConnectionError(error)).toBe(true);
  });

  test.each([
    ['a unique violation (23505)', errorWith('duplicate key', { code: '23505' })],
    ['Prisma wrapping a unique violation', prismaWrapping('P2002', { kind: 'UniqueConstraintViolation' })],
    ['a NUL character refused (22021)', errorWith('invalid byte sequence', { code: '22021' })],
    ['a plain error', new Error('boom')],
    [
      'a failed fetch to another service',
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    ],
    ['no error at all', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseConnectionError(error)).toBe(false);
  });
});

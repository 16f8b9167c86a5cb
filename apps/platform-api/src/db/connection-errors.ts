/**
 * Node's codes for a socket that could not connect or was cut: the database host is down,
 * restarting, or unreachable.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server that dropped or refused the session rather than the statement: class 08
 * (connection exception), 57P01-57P03 (shut down, crashed, starting up: `pg_terminate_backend`
 * and `pg_ctl stop` send 57P01) and 53300 (too many connections).
 */
const SQLSTATE_PATTERN = /^(08...|57P0[1-3]|53300)$/;

/** Prisma's codes for the same: cannot reach, timed out, connection closed, no pooled connection in time. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

/** The kinds Prisma's driver adapters give socket failures (`meta.driverAdapterError.cause.kind`). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * What `pg` throws without a code when its connection ends under a query, when connecting times
 * out, or when a client that already failed is used again.
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether `error` means the database could not be reached or dropped the connection, as opposed
 * to refusing a statement: a request that failed so gets 503 and may be retried, and a worker
 * retries its write. Reads the shapes each layer gives it: `pg` (a SQLSTATE `code`, a socket
 * error, a bare message), Prisma's driver adapter (`meta.driverAdapterError.cause`) and Prisma
 * itself (`P1001`...). Only Prisma's errors are followed down their `cause`: the cause of any
 * other error (a failed `fetch` to an SSO provider, say) is not the database's.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as ErrorLike;
    if (isConnectionFailure(candidate)) return true;
    const adapterCause = candidate.meta?.driverAdapterError?.cause;
    if (adapterCause !== undefined && isConnectionFailure(adapterCause)) return true;
    current = isPrismaError(candidate) ? candidate.cause : undefined;
  }
  return false;
}

function isPrismaError(error: ErrorLike): boolean {
  return (
    typeof error.name === 'string' && (error.name.startsWith('PrismaClient') || error.name === 'DriverAdapterError')
  );
}

interface ErrorLike {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly originalCode?: unknown;
  readonly kind?: unknown;
  readonly message?: unknown;
  readonly cause?: unknown;
  readonly meta?: { readonly driverAdapterError?: { readonly cause?: ErrorLike } };
}

function isConnectionFailure(error: ErrorLike): boolean {
  const codes = [error.code, error.originalCode].filter((code): code is string => typeof code === 'string');
  if (codes.some((code) => SOCKET_CODES.has(code) || SQLSTATE_PATTERN.test(code) || PRISMA_CODES.has(code))) {
    return true;
  }
  if (typeof error.kind === 'string' && ADAPTER_KINDS.has(error.kind)) return true;
  const { message } = error;
  return typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message));
}

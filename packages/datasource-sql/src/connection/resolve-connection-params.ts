import { resolve } from 'node:path';
import { parseWithZod, type ValidationIssue, validationErrorFromIssues } from '@platform/datasource-toolkit';
import { serverOptionsSchema, sqliteOptionsSchema, uriOptionsSchema } from './connection-params';
import { parseConnectionUri } from './parse-connection-uri';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_POOL_SIZE,
  DEFAULT_PORTS,
  type ResolvedConnectionOptions,
} from './resolved-connection-options';

const SUBJECT = 'SQL connection parameters';

/**
 * Validates what the user passed as `SqlConnectionParams` and applies the defaults.
 * @throws ValidationError naming every bad field (passwords are never echoed).
 * @internal
 */
export function resolveConnectionParams(input: unknown): ResolvedConnectionOptions {
  const candidate = typeof input === 'string' ? { uri: input } : input;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw issuesError([{ path: '', message: 'expected a connection URI string or an options object' }]);
  }
  if ('uri' in candidate) return resolveUri(candidate);
  if (!('dialect' in candidate)) {
    throw issuesError([{ path: 'dialect', message: 'required: postgres, mysql, mariadb or sqlite (or give a uri)' }]);
  }

  return resolveObject(candidate);
}

function resolveUri(candidate: object): ResolvedConnectionOptions {
  const { uri, ...overrides } = parseWithZod(uriOptionsSchema, candidate, SUBJECT);
  const fromUri = parseConnectionUri(uri);
  if (!fromUri.ok) throw issuesError(fromUri.issues);

  return resolveObject({ ...fromUri.options, ...overrides });
}

function resolveObject(candidate: object): ResolvedConnectionOptions {
  if ((candidate as { dialect?: unknown }).dialect === 'sqlite') {
    const options = parseWithZod(sqliteOptionsSchema, candidate, SUBJECT);
    const filename = options.filename === ':memory:' ? options.filename : resolve(options.filename);
    return { dialect: 'sqlite', filename, statementTimeoutMs: options.statementTimeoutMs };
  }
  const options = parseWithZod(serverOptionsSchema, candidate, SUBJECT);
  const dialect = options.dialect === 'postgres' ? 'postgres' : 'mysql';
  if (dialect === 'mysql' && options.schema !== undefined) {
    throw issuesError([
      { path: 'schema', message: 'only PostgreSQL has schemas; for MySQL/MariaDB put the database name in database' },
    ]);
  }

  return {
    dialect,
    requestedFlavor: options.dialect,
    host: options.host ?? 'localhost',
    port: options.port ?? DEFAULT_PORTS[dialect],
    database: options.database,
    username: options.username,
    password: options.password,
    schema: options.schema,
    ssl: options.ssl,
    poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
    statementTimeoutMs: options.statementTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  };
}

function issuesError(issues: readonly ValidationIssue[]) {
  return validationErrorFromIssues(SUBJECT, issues);
}

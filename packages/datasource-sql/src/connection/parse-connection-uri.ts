import type { ValidationIssue } from '@platform/datasource-toolkit';
import type { SqliteConnectionOptions, SqlServerConnectionOptions } from './connection-params';

const SERVER_SCHEMES: Record<string, 'postgres' | 'mysql' | 'mariadb'> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mariadb',
};
const NUMBER_PARAMS = ['poolSize', 'statementTimeoutMs', 'connectTimeoutMs'] as const;
const SUPPORTED_PARAMS = ['schema', 'ssl', 'sslmode', ...NUMBER_PARAMS];

type UriResult =
  | {
      readonly ok: true;
      readonly options: Record<string, unknown> & (SqlServerConnectionOptions | SqliteConnectionOptions);
    }
  | { readonly ok: false; readonly issues: ValidationIssue[] };

/**
 * Reads a connection URI into an options object (not yet validated). The password is decoded and
 * never echoed in issues.
 * @internal
 */
export function parseConnectionUri(uri: string): UriResult {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') return parseSqliteUri(uri.slice('sqlite:'.length));
  const dialect = scheme === undefined ? undefined : SERVER_SCHEMES[scheme];
  if (dialect === undefined) {
    return fail(
      `unsupported scheme "${scheme ?? ''}": use postgres://, postgresql://, mysql://, mariadb://, sqlite:<path> or sqlite::memory:`,
    );
  }

  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return fail(`not a valid ${scheme}:// URI (expected ${scheme}://user:password@host:port/database)`);
  }
  const options: Record<string, unknown> = { dialect };
  if (url.hostname !== '') options.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.port !== '') options.port = Number(url.port);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database !== '') options.database = database;
  if (url.username !== '') options.username = decodeURIComponent(url.username);
  if (url.password !== '') options.password = decodeURIComponent(url.password);

  const issues: ValidationIssue[] = [];
  for (const [key, value] of url.searchParams) {
    const issue = readSearchParam(options, key, value);
    if (issue !== undefined) issues.push(issue);
  }
  if (issues.length > 0) return { ok: false, issues };

  return { ok: true, options: options as Record<string, unknown> & SqlServerConnectionOptions };
}

function parseSqliteUri(rest: string): UriResult {
  // `sqlite:///abs/path` and `sqlite://relative` are accepted as well as `sqlite:path`.
  const filename = rest.startsWith('//') ? rest.slice(2) : rest;
  if (filename === '') return fail('sqlite URI has no file: use sqlite:path/to/file.db or sqlite::memory:');

  return { ok: true, options: { dialect: 'sqlite', filename } };
}

function readSearchParam(options: Record<string, unknown>, key: string, value: string): ValidationIssue | undefined {
  if ((NUMBER_PARAMS as readonly string[]).includes(key)) {
    const number = Number(value);
    if (value === '' || !Number.isFinite(number)) return { path: `uri.${key}`, message: `"${value}" is not a number` };
    options[key] = number;
    return undefined;
  }
  switch (key) {
    case 'schema':
      options.schema = value;
      return undefined;
    case 'ssl':
      if (value !== 'true' && value !== 'false') return { path: 'uri.ssl', message: 'must be true or false' };
      options.ssl = value === 'true';
      return undefined;
    case 'sslmode':
      return readSslMode(options, value);
    default:
      return { path: `uri.${key}`, message: `unknown parameter; supported: ${SUPPORTED_PARAMS.join(', ')}` };
  }
}

function readSslMode(options: Record<string, unknown>, mode: string): ValidationIssue | undefined {
  if (mode === 'disable') options.ssl = false;
  else if (mode === 'require' || mode === 'prefer' || mode === 'no-verify') options.ssl = { rejectUnauthorized: false };
  else if (mode === 'verify-ca' || mode === 'verify-full') options.ssl = { rejectUnauthorized: true };
  else return { path: 'uri.sslmode', message: 'must be disable, prefer, require, no-verify, verify-ca or verify-full' };

  return undefined;
}

function fail(message: string): UriResult {
  return { ok: false, issues: [{ path: 'uri', message }] };
}

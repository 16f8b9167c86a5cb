import path from 'node:path';
import { PLATFORM_TOKEN_MAX_LIFETIME_SECONDS, requestIssuesFromZod } from '@platform/platform-contract';
import { z } from 'zod';
import type { ValidationIssue } from '../errors';
import { registrationPolicySchema } from '../mcp-auth/registration-policy';
import { packageRoot } from './package-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const booleanFlag = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
);
const port = z.coerce
  .number({ error: 'expected a port number' })
  .int('expected a port number')
  .min(0, 'expected a port number between 0 and 65535')
  .max(65535, 'expected a port number between 0 and 65535');
const positiveInt = z.coerce.number({ error: 'expected a number' }).int('expected an integer').positive('must be > 0');
const url = (protocols: RegExp, example: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: protocols, error: `expected a URL such as ${example}` }).optional(),
  );

/**
 * Every environment variable platform-api reads, flat: one line per variable. To add one, add a
 * line here and a row to the README's table; `Config` below derives from this object.
 */
export const environmentSchema = z.object({
  PORT: z.preprocess((value) => (value === '' ? undefined : value), port.default(3400)),
  HOST: optionalString.default('127.0.0.1'),
  DATABASE_URL: url(/^postgres(ql)?$/, 'postgresql://user:password@host:5432/platform'),
  PLATFORM_DATA_DIR: optionalString.default('./.platform-data'),
  PLATFORM_MIGRATE_ON_START: booleanFlag,
  PLATFORM_PUBLIC_URL: url(/^https?$/, 'https://platform.example.com'),
  PLATFORM_LOG_LEVEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  PLATFORM_SHUTDOWN_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(10_000),
  ),
  REDIS_URL: url(/^rediss?$/, 'redis://127.0.0.1:6379'),
  PLATFORM_OIDC_ISSUER: url(/^https?$/, 'https://accounts.example.com'),
  PLATFORM_OIDC_CLIENT_ID: optionalString,
  PLATFORM_OIDC_CLIENT_SECRET: optionalString,
  PLATFORM_SESSION_TTL_HOURS: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.default(12)),
  /** Public API v1: requests per token per window (docs/public-api.md, "Rate limits"). */
  PLATFORM_PUBLIC_API_RATE_LIMIT: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.default(300)),
  /** Public API v1: requests per IP address per window for requests without a valid token. */
  PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(60),
  ),
  PLATFORM_PUBLIC_API_RATE_WINDOW_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(60_000),
  ),
  /** Prefix of the public API's rate-limit keys in Redis (when REDIS_URL is set). */
  PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: optionalString.default('platform:public-api:rate-limit:'),
  /** `start` runs a workflow worker in-process unless `off` (`platform-api worker` runs one alone). */
  PLATFORM_WORKER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  ),
  /** Workflow runs one worker executes at once. */
  PLATFORM_WORKER_CONCURRENCY: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.default(4)),
  /** Longest wait before a worker looks for queued runs when no NOTIFY woke it. */
  PLATFORM_WORKER_POLL_INTERVAL_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(2_000),
  ),
  /** How long a claimed run stays a worker's without a heartbeat; another worker takes it over after. */
  PLATFORM_WORKFLOW_LEASE_MS: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.default(30_000)),
  /** Claims of one run (first one included) before a run whose workers keep vanishing is failed. */
  PLATFORM_WORKFLOW_MAX_ATTEMPTS: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.default(3)),
  /** Default time limit of one agent call of a step (a step's `timeoutMs` overrides it). */
  PLATFORM_WORKFLOW_STEP_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(10_000),
  ),
  /** Retries of a step's agent call after a network error, a timeout or a 5xx (never after a 4xx). */
  PLATFORM_WORKFLOW_STEP_RETRIES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'expected a number' }).int('expected an integer').min(0).max(10).default(3),
  ),
  /** The route prefix of the agents (their `prefix` option): the environment's agent URL excludes it. */
  PLATFORM_AGENT_ROUTE_PREFIX: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\/[^?#]*$/, 'expected a path such as /platform')
      .default('/platform')
      .transform((prefix) => (prefix.length > 1 ? prefix.replace(/\/+$/, '') : '')),
  ),
  /** Lifetime of the access tokens of MCP clients; agents refuse platform tokens valid longer than 900 s. */
  PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt
      .max(PLATFORM_TOKEN_MAX_LIFETIME_SECONDS, 'must be at most 900 (agents refuse longer platform tokens)')
      .default(PLATFORM_TOKEN_MAX_LIFETIME_SECONDS),
  ),
  /** Lifetime of an MCP refresh token; each refresh issues a new one, valid as long again. */
  PLATFORM_MCP_REFRESH_TOKEN_TTL_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.max(365, 'must be at most 365').default(30),
  ),
  /** Who may register MCP clients (docs/mcp-authorization.md): unset for anyone, `off`, or redirect URI hosts. */
  PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    registrationPolicySchema.default({ kind: 'open' }),
  ),
  /** MCP client registrations per client address per window (server-side clients register from few addresses). */
  PLATFORM_MCP_REGISTRATION_RATE_LIMIT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(100),
  ),
  PLATFORM_MCP_REGISTRATION_RATE_WINDOW_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(3_600_000),
  ),
  /** Seconds the cloud CLI waits between two polls of a device login (RFC 8628 `interval`). */
  PLATFORM_CLOUD_DEVICE_POLL_INTERVAL_SECONDS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.max(60, 'must be at most 60').default(5),
  ),
  /** Device logins started per client address per minute (`POST /cloud/v1/device/code`). */
  PLATFORM_CLOUD_DEVICE_CODE_RATE_LIMIT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(20),
  ),
  /** Token and revocation requests per client address per minute (`/cloud/v1/token`, `/cloud/v1/revoke`). */
  PLATFORM_CLOUD_TOKEN_RATE_LIMIT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    positiveInt.default(120),
  ),
});

export type Environment = z.infer<typeof environmentSchema>;

/** platform-api's configuration, parsed once from the environment at start-up. */
export interface Config extends Readonly<Environment> {
  /** `embedded` (PGlite in PLATFORM_DATA_DIR) unless DATABASE_URL is set. */
  readonly database: DatabaseConfig;
  /** PLATFORM_MIGRATE_ON_START resolved: true for embedded, false for PostgreSQL unless set. */
  readonly migrateOnStart: boolean;
  /** PLATFORM_PUBLIC_URL resolved, without a trailing slash. */
  readonly publicUrl: string;
}

export type DatabaseConfig =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** Thrown by `loadConfig` with every bad variable at once; each issue's path is a variable name. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly issues: readonly ValidationIssue[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue.path}: ${issue.message}`).join('\n')}`);
  }
}

/** Parses the environment; throws one `ConfigError` listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(requestIssuesFromZod(parsed.error));
  }
  const environment = parsed.data;
  const database: DatabaseConfig = environment.DATABASE_URL
    ? { kind: 'postgres', url: environment.DATABASE_URL }
    : { kind: 'embedded', dataDir: resolveDataDir(environment.PLATFORM_DATA_DIR) };

  return {
    ...environment,
    database,
    migrateOnStart: environment.PLATFORM_MIGRATE_ON_START ?? database.kind === 'embedded',
    publicUrl: (environment.PLATFORM_PUBLIC_URL ?? defaultPublicUrl(environment.HOST, environment.PORT)).replace(
      /\/+$/,
      '',
    ),
  };
}

/**
 * A relative PLATFORM_DATA_DIR is read from platform-api's package root, never from the working
 * directory: `start` (run by turbo in the package) and the CLI (run from the repository root, or
 * anywhere) must open the same embedded database, or a token made by one is unknown to the other.
 */
export function resolveDataDir(dataDir: string): string {
  return path.resolve(packageRoot(), dataDir);
}

/**
 * The configuration once the server is bound: without PLATFORM_PUBLIC_URL, the public URL names
 * the port actually bound (PORT=0 picks a free one).
 */
export function withBoundPort(config: Config, port: number): Config {
  if (config.PLATFORM_PUBLIC_URL !== undefined || port === config.PORT) return config;
  return { ...config, publicUrl: defaultPublicUrl(config.HOST, port) };
}

/** `http://HOST:PORT`, with 127.0.0.1 for a wildcard HOST (0.0.0.0, ::), which nobody can reach. */
function defaultPublicUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

import path from 'node:path';
import { LOG_LEVELS, type Logger, ValidationError, validationErrorFromZod } from '@platform/datasource-toolkit';
import { z } from 'zod';

/** The defaults of the options `createAgent` does not require (README "Options"). */
export const AGENT_DEFAULTS = {
  prefix: '/platform',
  schemaFileName: '.platform-schema.json',
  typingsMaxDepth: 5,
  port: 3351,
  /** Longest lifetime (`exp` - `iat`, in seconds) of the user tokens the agent accepts: 24 hours. */
  maxTokenLifetime: 86_400,
  loggerLevel: 'Info',
  /** platform-api's own default address, for a zero-configuration local setup. */
  serverUrl: 'http://127.0.0.1:3400',
  /** Age after which cached permissions, users and scopes are refreshed in the background. */
  platformCacheRefreshAfterMs: 60_000,
  /** Age after which cached platform data is no longer used when the platform cannot refresh it. */
  platformCacheMaxAgeMs: 300_000,
} as const;

const port = z
  .number({ error: 'expected a port number' })
  .int('expected a port number')
  .min(0, 'expected a port number between 0 and 65535 (0 picks a free port)')
  .max(65535, 'expected a port number between 0 and 65535 (0 picks a free port)');

const nonEmpty = (what: string) => z.string({ error: `expected ${what}` }).min(1, `expected ${what}`);

const optionsSchema = z.strictObject({
  authSecret: nonEmpty('a non-empty string: the secret the agent signs user tokens with (or PLATFORM_AUTH_SECRET)'),
  envSecret: z
    .string({ error: 'expected the environment secret: set envSecret or PLATFORM_ENV_SECRET' })
    .regex(/^[0-9a-fA-F]{64}$/, 'expected the 64 hexadecimal characters of your environment secret'),
  isProduction: z.boolean({ error: 'expected true or false' }).default(false),
  logger: z
    .custom<Logger>((value) => typeof value === 'function', 'expected a function (level, message, error?) => void')
    .optional(),
  loggerLevel: z
    .enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` })
    .default(AGENT_DEFAULTS.loggerLevel),
  prefix: z
    .string({ error: 'expected a path such as /platform' })
    .regex(/^\/[\w\-./~]*$/, 'expected a path starting with / such as /platform')
    .default(AGENT_DEFAULTS.prefix)
    .transform((prefix) => (prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix)),
  schemaPath: nonEmpty('a file path such as .platform-schema.json').optional(),
  typingsPath: nonEmpty('a file path such as ./typings.ts').optional(),
  typingsMaxDepth: z
    .number({ error: 'expected an integer between 0 and 10' })
    .int('expected an integer between 0 and 10')
    .min(0, 'expected an integer between 0 and 10')
    .max(10, 'expected an integer between 0 and 10')
    .default(AGENT_DEFAULTS.typingsMaxDepth),
  useUnsafeActionEndpoint: z.boolean({ error: 'expected true or false' }).default(false),
  serverUrl: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://platform.example.com' })
    .default(AGENT_DEFAULTS.serverUrl)
    .transform((url) => url.replace(/\/+$/, '')),
  port: port.default(AGENT_DEFAULTS.port),
  host: nonEmpty('a host name or IP address such as 127.0.0.1').optional(),
  maxTokenLifetime: z
    .number({ error: 'expected a number of seconds' })
    .int('expected a whole number of seconds')
    .positive('expected a positive number of seconds')
    .default(AGENT_DEFAULTS.maxTokenLifetime),
  csv: z
    .strictObject(
      { escapeFormulae: z.boolean({ error: 'expected true or false' }).default(true) },
      { error: 'expected an object such as { escapeFormulae: false }' },
    )
    .default({ escapeFormulae: true }),
  bodyLimit: z
    .string({ error: 'expected a size such as 50mb' })
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'expected a size such as 100kb or 50mb')
    .optional(),
  corsOrigins: z
    .array(nonEmpty('an origin such as https://app.example.com'), { error: 'expected an array of origins' })
    .optional(),
  offline: z.boolean({ error: 'expected true or false' }).default(false),
  platformCache: z
    .strictObject({
      refreshAfterMs: z.number().int().min(0).default(AGENT_DEFAULTS.platformCacheRefreshAfterMs),
      maxAgeMs: z.number().int().min(0).default(AGENT_DEFAULTS.platformCacheMaxAgeMs),
    })
    .default({
      refreshAfterMs: AGENT_DEFAULTS.platformCacheRefreshAfterMs,
      maxAgeMs: AGENT_DEFAULTS.platformCacheMaxAgeMs,
    }),
  experimental: z
    .strictObject({ noCodeCustomizations: z.boolean({ error: 'expected true or false' }).default(false) })
    .default({ noCodeCustomizations: false }),
});

// Refinements live outside the object so that `optionsSchema.shape` lists the known keys.
const refinedOptionsSchema = optionsSchema.refine((options) => !(options.offline && options.isProduction), {
  path: ['offline'],
  message: 'an offline agent allows everything to everyone: it cannot run with isProduction: true',
});

/** The options of `createAgent` (spec agent-library §2.1). Secrets fall back to the environment. */
export type AgentOptions = Omit<z.input<typeof optionsSchema>, 'authSecret' | 'envSecret'> & {
  /** Signs the users' tokens; falls back to `PLATFORM_AUTH_SECRET`. */
  readonly authSecret?: string;
  /** The environment secret (64 hexadecimal characters); falls back to `PLATFORM_ENV_SECRET`. */
  readonly envSecret?: string;
};

/** The options once validated, with defaults applied and paths made absolute. */
export type ResolvedAgentOptions = Readonly<
  Omit<z.output<typeof optionsSchema>, 'schemaPath' | 'typingsPath'> & {
    schemaPath: string;
    typingsPath: string | undefined;
  }
>;

/** One or more agent options are invalid; `issues` lists each option and what is wrong. */
export class AgentOptionsError extends ValidationError {
  static override readonly errorName: string = 'AgentOptionsError';
}

/**
 * Validates the options of `createAgent`, falling back to the environment for secrets, the
 * server URL and the port.
 * @throws AgentOptionsError naming every invalid option.
 */
export function parseAgentOptions(
  options: AgentOptions,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ResolvedAgentOptions {
  const candidate: Record<string, unknown> = { ...options };
  fallBack(candidate, 'authSecret', env.PLATFORM_AUTH_SECRET);
  fallBack(candidate, 'envSecret', env.PLATFORM_ENV_SECRET);
  fallBack(candidate, 'serverUrl', env.PLATFORM_SERVER_URL);
  fallBack(candidate, 'port', env.PORT === undefined || env.PORT === '' ? undefined : Number(env.PORT));

  const parsed = refinedOptionsSchema.safeParse(candidate);
  if (!parsed.success) throw toOptionsError(parsed.error);

  const { schemaPath, typingsPath, ...rest } = parsed.data;
  return Object.freeze({
    ...rest,
    schemaPath: path.resolve(cwd, schemaPath ?? AGENT_DEFAULTS.schemaFileName),
    typingsPath: typingsPath === undefined ? undefined : path.resolve(cwd, typingsPath),
  });
}

function fallBack(candidate: Record<string, unknown>, key: string, value: unknown): void {
  if (candidate[key] === undefined && value !== undefined && value !== '') candidate[key] = value;
}

function toOptionsError(error: z.ZodError): ValidationError {
  return validationErrorFromZod(error, {
    subject: 'agent options',
    knownKeys: Object.keys(optionsSchema.shape),
    errorClass: AgentOptionsError,
  });
}

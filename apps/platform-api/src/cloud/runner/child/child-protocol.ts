import { z } from 'zod';

// What the runner and a hosted agent's child process say to each other. The child runs customer
// code, so the runner parses every message it gets (a bundle could call process.send itself).
//
//   runner ──fork(env = CHILD_ENV only)──▶ child
//   runner ──{ start, bundle }──▶ child ──{ introspection }──▶ runner (stored)
//                                 child ──{ log }*──▶ runner (CloudLogLine)
//                                 child ──{ ready } or { failed }──▶ runner
//   runner ──{ connection } + socket──▶ child (each connection the runner accepts, once ready)
//   runner ──{ stop, graceMs }──▶ child (drains its connections, exits 0)

/** The variables of a child's environment: nothing else is set in it (besides NODE_ENV). */
export const CHILD_ENV = {
  /** The data source connection: JSON `{ "uri": … }` or connection parameters, or a bare URI. */
  connection: 'PLATFORM_CLOUD_CONNECTION',
  envSecret: 'PLATFORM_ENV_SECRET',
  authSecret: 'PLATFORM_AUTH_SECRET',
  serverUrl: 'PLATFORM_SERVER_URL',
  /** The agent's route prefix (`/platform`): the environment's agent URL excludes it. */
  prefix: 'PLATFORM_AGENT_PREFIX',
} as const;

export const childEnvSchema = z.object({
  [CHILD_ENV.connection]: z.string().min(1),
  [CHILD_ENV.envSecret]: z.string().min(1),
  [CHILD_ENV.authSecret]: z.string().min(1),
  [CHILD_ENV.serverUrl]: z.string().min(1),
  [CHILD_ENV.prefix]: z.string().min(1),
});

export const bundleToRunSchema = z.object({ version: z.number().int().positive(), code: z.string() });
export type BundleToRun = z.infer<typeof bundleToRunSchema>;

/** Messages of the runner to a child. */
export const runnerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), bundle: bundleToRunSchema.nullable() }),
  /** Comes with the socket of a connection the runner accepted (paused, nothing read from it yet). */
  z.object({ type: z.literal('connection') }),
  z.object({ type: z.literal('stop'), graceMs: z.number().int().positive() }),
]);
export type RunnerMessage = z.infer<typeof runnerMessageSchema>;

/**
 * Why a start failed: `setup` (the database, the platform or the configuration: not the bundle's
 * fault, retried with back-off) or `bundle` (the bundle threw while loading or customizing, or the
 * agent did not start with it: the bundle is Failed).
 */
export const FAILURE_CAUSES = ['setup', 'bundle'] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

export const CHILD_LOG_LEVELS = ['Debug', 'Info', 'Warn', 'Error'] as const;
export type ChildLogLevel = (typeof CHILD_LOG_LEVELS)[number];

/** Messages of a child to the runner. */
export const childMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('introspection'), introspection: z.unknown() }),
  z.object({ type: z.literal('log'), level: z.enum(CHILD_LOG_LEVELS), message: z.string() }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('failed'), cause: z.enum(FAILURE_CAUSES), error: z.string() }),
]);
export type ChildMessage = z.infer<typeof childMessageSchema>;

import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config/config';
import { packageRoot } from '../../config/package-root';
import type { ChildEntry } from './agent-child';

/** Everything the runner is configured with; `resolveRunnerOptions` fills it from the environment. */
export interface CloudRunnerOptions {
  /** The address the hosted agents' ports listen on. */
  readonly host: string;
  /** The first port given to a cloud environment that has none; the next free one above it is taken. */
  readonly portBase: number;
  /** `PLATFORM_CLOUD_AGENT_URL`: the agent URL template (`{environment}`, `{port}`), else `http://host:port`. */
  readonly agentUrlTemplate: string | undefined;
  /** How often the runner reads the cloud environments and their bundles. */
  readonly pollIntervalMs: number;
  /** The platform URL the hosted agents connect to. */
  readonly platformUrl: string;
  /** The agents' route prefix (the platform's PLATFORM_AGENT_ROUTE_PREFIX). */
  readonly agentPrefix: string;
  readonly childEntry: ChildEntry;
  readonly stopGraceMs: number;
  readonly startTimeoutMs: number;
  readonly restartDelayMs: number;
  readonly maxRestartDelayMs: number;
  readonly stableAfterMs: number;
  readonly connectionWaitMs: number;
  readonly logLinesKept: number;
}

export const RUNNER_DEFAULTS = {
  host: '127.0.0.1',
  portBase: 3600,
  pollIntervalMs: 2_000,
  stopGraceMs: 30_000,
  startTimeoutMs: 120_000,
  restartDelayMs: 1_000,
  maxRestartDelayMs: 60_000,
  stableAfterMs: 60_000,
  connectionWaitMs: 30_000,
  logLinesKept: 5_000,
} as const;

const fromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : value), schema);
const port = z.coerce.number().int('expected a port number').min(1).max(65_535, 'expected a port number');

/** The runner's variables and command-line options (an option wins over its variable). */
const runnerInputSchema = z.object({
  host: fromText(z.string().min(1).default(RUNNER_DEFAULTS.host)),
  portBase: fromText(port.default(RUNNER_DEFAULTS.portBase)),
  agentUrl: fromText(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'expected a URL template such as https://{environment}.agents.example.com')
      .optional(),
  ),
  pollInterval: fromText(
    z.coerce
      .number()
      .int('expected milliseconds')
      .min(100, 'expected at least 100 ms')
      .default(RUNNER_DEFAULTS.pollIntervalMs),
  ),
  platformUrl: fromText(
    z.url({ protocol: /^https?$/, error: 'expected a URL such as http://127.0.0.1:3400' }).optional(),
  ),
});

export type RunnerFlags = Partial<Record<keyof z.input<typeof runnerInputSchema>, string>>;

/** The compiled child entry beside the CLI bundle (tsup builds both). */
export function builtChildEntry(): ChildEntry {
  return { path: path.join(packageRoot(), 'dist', 'cloud-agent.cjs'), execArgv: [] };
}

/**
 * The runner's options from `PLATFORM_CLOUD_AGENT_HOST`, `PLATFORM_CLOUD_AGENT_PORT_BASE`,
 * `PLATFORM_CLOUD_AGENT_URL`, `PLATFORM_CLOUD_RUNNER_POLL_INTERVAL_MS`, `PLATFORM_CLOUD_PLATFORM_URL`
 * and the command's flags; the platform URL defaults to the configuration's public URL.
 * @returns the options, or the zod error naming each bad value.
 */
export function resolveRunnerOptions(
  config: Config,
  env: NodeJS.ProcessEnv,
  flags: RunnerFlags,
): { success: true; data: CloudRunnerOptions } | { success: false; error: z.ZodError } {
  const parsed = runnerInputSchema.safeParse({
    host: flags.host ?? env.PLATFORM_CLOUD_AGENT_HOST,
    portBase: flags.portBase ?? env.PLATFORM_CLOUD_AGENT_PORT_BASE,
    agentUrl: flags.agentUrl ?? env.PLATFORM_CLOUD_AGENT_URL,
    pollInterval: flags.pollInterval ?? env.PLATFORM_CLOUD_RUNNER_POLL_INTERVAL_MS,
    platformUrl: flags.platformUrl ?? env.PLATFORM_CLOUD_PLATFORM_URL,
  });
  if (!parsed.success) return { success: false, error: parsed.error };
  const input = parsed.data;
  return {
    success: true,
    data: {
      ...RUNNER_DEFAULTS,
      host: input.host,
      portBase: input.portBase,
      agentUrlTemplate: input.agentUrl,
      pollIntervalMs: input.pollInterval,
      platformUrl: (input.platformUrl ?? config.publicUrl).replace(/\/+$/, ''),
      agentPrefix: config.PLATFORM_AGENT_ROUTE_PREFIX || '/',
      childEntry: builtChildEntry(),
    },
  };
}

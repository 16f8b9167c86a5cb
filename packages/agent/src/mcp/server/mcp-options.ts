import { ValidationError, validationErrorFromZod } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { MCP_TOOL_NAMES, type McpToolName } from '../tools';

/** The MCP server's port when it runs beside a standalone agent (spec agent-library §4.3 rule 2). */
export const DEFAULT_MCP_SERVER_PORT = 3931;

/** Options of `agent.mountAiMcpServer` (spec agent-library §4.1, §4.3). */
export interface McpServerOptions {
  /**
   * The tools exposed; default all (or `PLATFORM_MCP_ENABLED_TOOLS`, comma-separated; this
   * option wins). `describeCollection` is always exposed: without it a client cannot learn the
   * fields the other tools take.
   */
  readonly enabledTools?: readonly string[];
  /**
   * A path prefix for the MCP routes (`<basePath>/mcp`, `<basePath>/oauth/*`); the discovery
   * documents stay at the origin root, suffixed with it. Requires the agent at the domain root.
   */
  readonly basePath?: string;
  /**
   * The port of the MCP server's own listener when the agent runs standalone; default
   * `MCP_SERVER_PORT`, else 3931. The agent's own port serves both (one listener).
   */
  readonly port?: number;
  /**
   * The MCP server's public origin (`https://mcp.example.com`), used in the discovery documents
   * and as the OAuth `resource`; default `PLATFORM_MCP_SERVER_URL`, else the environment's agent
   * URL origin (the MCP port replacing the agent's when it has its own listener).
   */
  readonly publicUrl?: string;
}

/** The options once checked, with the environment applied. */
export interface ResolvedMcpServerOptions {
  readonly enabledTools: ReadonlySet<McpToolName>;
  /** `''` or a path such as `/ai` (leading slash, no trailing one). */
  readonly basePath: string;
  readonly port: number;
  /** An origin without a trailing slash, when configured. */
  readonly publicUrl: string | undefined;
}

/** `mountAiMcpServer` options are invalid; `issues` names each one. */
export class McpServerOptionsError extends ValidationError {
  static override readonly errorName: string = 'McpServerOptionsError';
}

const toolName = z
  .string()
  .refine((name): name is McpToolName => (MCP_TOOL_NAMES as readonly string[]).includes(name), {
    error: (issue) => `unknown tool '${String(issue.input)}'; the tools are ${MCP_TOOL_NAMES.join(', ')}`,
  });

const optionsSchema = z.strictObject({
  enabledTools: z.array(toolName, { error: 'expected an array of tool names' }).optional(),
  basePath: z
    .string({ error: 'expected a path such as /ai' })
    .regex(/^\/[\w\-.~/]*$/, 'expected a path starting with / such as /ai')
    .refine((path) => !path.includes('//') && !/(^|\/)\.\.?(\/|$)/.test(path), 'expected a plain path such as /ai')
    .transform((path) => path.replace(/\/+$/, ''))
    .optional(),
  port: z
    .number({ error: 'expected a port number' })
    .int('expected a port number')
    .min(0, 'expected a port number between 0 and 65535')
    .max(65535, 'expected a port number between 0 and 65535')
    .optional(),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) origin such as https://mcp.example.com' })
    .refine((url) => new URL(url).pathname === '/' && !url.includes('?') && !url.includes('#'), {
      error: 'expected an origin without a path (discovery documents live at the origin root)',
    })
    .transform((url) => new URL(url).origin)
    .optional(),
});

/**
 * Checks `mountAiMcpServer`'s options, falling back to `PLATFORM_MCP_ENABLED_TOOLS`,
 * `MCP_SERVER_PORT` and `PLATFORM_MCP_SERVER_URL`.
 * @throws McpServerOptionsError naming each bad option (an unknown tool lists the valid names).
 */
export function parseMcpServerOptions(
  options: McpServerOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedMcpServerOptions {
  const candidate: Record<string, unknown> = { ...options };
  if (candidate.enabledTools === undefined && env.PLATFORM_MCP_ENABLED_TOOLS) {
    candidate.enabledTools = env.PLATFORM_MCP_ENABLED_TOOLS.split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
  }
  if (candidate.port === undefined && env.MCP_SERVER_PORT) candidate.port = Number(env.MCP_SERVER_PORT);
  if (candidate.publicUrl === undefined && env.PLATFORM_MCP_SERVER_URL)
    candidate.publicUrl = env.PLATFORM_MCP_SERVER_URL;

  const parsed = optionsSchema.safeParse(candidate);
  if (!parsed.success) {
    throw validationErrorFromZod(parsed.error, {
      subject: 'MCP server options',
      knownKeys: Object.keys(optionsSchema.shape),
      errorClass: McpServerOptionsError,
    });
  }
  const { enabledTools, basePath, port, publicUrl } = parsed.data;

  return Object.freeze({
    enabledTools: new Set<McpToolName>(
      enabledTools === undefined ? MCP_TOOL_NAMES : ['describeCollection', ...enabledTools],
    ),
    basePath: basePath ?? '',
    port: port ?? DEFAULT_MCP_SERVER_PORT,
    publicUrl,
  });
}

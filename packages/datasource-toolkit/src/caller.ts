import type { UserIdentity } from '@platform/platform-contract';

/**
 * Who makes a request: the user a route or a workflow acts for (spec agent-library §2.8), their
 * identity as the platform names users, plus where and how the request was made.
 */
export interface Caller extends UserIdentity {
  /** IANA time zone (e.g. `Europe/Paris`); date operators and date groupings are computed in it. */
  readonly timezone: string;
  /** Rendering the request was made from, when it came from the platform's UI. */
  readonly renderingId?: number;
  readonly environmentId?: number;
  readonly projectId?: number;
  /**
   * How the user reached the agent: a token of the agent's own sign-in (`agent`, also when unset),
   * or one the platform minted for a workflow run or an MCP session; `ai` for a tool call of the
   * agent's AI proxy (`agent.addAi`). The activity log keeps it.
   */
  readonly via?: 'agent' | 'workflow' | 'mcp' | 'ai';
  /** The HTTP request data that customizations may read. */
  readonly request?: { readonly ip?: string; readonly requestId?: string };
}

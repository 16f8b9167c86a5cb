import type { CollectionRight, PlainConditionTree } from '@platform/platform-contract';

/**
 * What a server under the agent contract (platform-api, the testing sandbox) gives the suite: one
 * environment reached with `envSecret`, whose agent URL is `agentUrl`, with a team `team` that
 * renders it and a user `userEmail` in that team with the project role `userRole` (not Admin).
 */
export interface AgentContractTarget {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly agentUrl: string;
  readonly team: string;
  readonly userEmail: string;
  readonly userRole: string;
  readonly seed: AgentContractSeed;
  close(): Promise<void>;
}

/**
 * How the suite changes the server's data, as an operator would; each change sends the matching
 * event on the events stream.
 */
export interface AgentContractSeed {
  /** Adds `rights` of `role` on `collection` (what it had stays). */
  grant(role: string, collection: string, rights: readonly CollectionRight[]): Promise<void>;
  /** Sets `team`'s scope on `collection`. */
  setScope(team: string, collection: string, tree: PlainConditionTree): Promise<void>;
  /**
   * A one-time authorization code for the target's user, as the authorize page would issue after
   * sign-in, bound to `redirectUri` (under `agentUrl`).
   */
  issueCode(redirectUri: string): Promise<string>;
  /**
   * Like `issueCode`, for another user of `team` whose access is then removed (as an operator
   * taking them out of the team would) before the code is exchanged.
   */
  issueCodeForRemovedUser(redirectUri: string): Promise<string>;
  /** A workflow token for the target's user, minted as the platform mints it for a workflow run. */
  mintUserToken(): Promise<string>;
  /** Moves the server's clock forward by `milliseconds` (authorization codes expire on it). */
  advanceClock(milliseconds: number): Promise<void>;
  /**
   * An MCP authorization code for the target's user, as the MCP authorize page issues it once the
   * user signed in and approved `request` (the suite registered the client over HTTP first).
   */
  issueMcpCode(request: McpCodeRequest): Promise<string>;
  /**
   * Like `issueMcpCode`, for another member of `team` with the role `userRole`; `removeUser` then
   * takes their access away (as an operator taking them out of the team would), to check that
   * their code or refresh token stops working.
   */
  issueMcpCodeForLeavingUser(request: McpCodeRequest): Promise<McpCodeOfLeavingUser>;
}

/** What a user approved on the MCP authorize page (`mcpAuthorizeQuerySchema`); the code is bound to it. */
export interface McpCodeRequest {
  readonly clientId: string;
  /** One of the client's registered redirect URIs. */
  readonly redirectUri: string;
  /** The S256 challenge of the verifier the suite sends to the token route. */
  readonly codeChallenge: string;
  /** Space-separated `MCP_SCOPES`, within the client's. */
  readonly scope: string;
  /** The MCP server's URL (RFC 8707), on the origin of `agentUrl`. */
  readonly resource: string;
}

/** An MCP authorization code of a user the suite removes when it chooses. */
export interface McpCodeOfLeavingUser {
  readonly code: string;
  /** Takes the user's access to the environment away. */
  removeUser(): Promise<void>;
}

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
}

import { randomBytes } from 'node:crypto';
import type {
  ActivityEntry,
  AgentSchema,
  CollectionRight,
  CollectionRights,
  NoCodeAction,
  PlainConditionTree,
  PlatformEvent,
  PlatformUser,
  Rendering,
  RolePermissions,
} from '@platform/platform-contract';
import { type SandboxMcpGrant, SandboxMcpGrants } from './sandbox-mcp-grants';

/** What the sandbox's MCP authorize page answers for its user. */
export type McpConsent = 'approve' | 'deny';

/** The project roles, as platform-api knows them. `Admin` allows everything. */
export const SANDBOX_ROLES = ['Admin', 'Developer', 'Editor', 'User'] as const;

/** What `SandboxEnvironment.grant` and `deny` change: a collection right, or one action. */
export type SandboxRight = CollectionRight | { readonly action: string };

/** @internal An open events stream. */
export interface EventsListener {
  send(event: PlatformEvent): void;
  /** Closes the stream (outage). */
  cut(): void;
}

/** A user of the sandbox; ids are given by the sandbox when omitted. */
export type SandboxUserInput = Partial<PlatformUser>;

const NO_RIGHTS: CollectionRights = {
  browse: false,
  read: false,
  add: false,
  edit: false,
  delete: false,
  export: false,
  actions: {},
};

/**
 * One environment of the sandbox, reached with its secret: its permissions, users, renderings,
 * no-code actions, and what its agent sent (schemas, activity). Tests change it through these
 * methods; every change that an agent caches is announced on the events stream, as platform-api
 * does.
 */
export class SandboxEnvironment {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly envSecret: string;
  agentUrl: string | null;

  /** Every schema the agent uploaded, oldest first. */
  readonly uploadedSchemas: AgentSchema[] = [];
  /** Every schema hash the agent checked, oldest first. */
  readonly checkedSchemaHashes: string[] = [];
  /** Every activity entry the agent reported, in the order received. */
  readonly activity: ActivityEntry[] = [];
  /** How many requests each contract route received (by route name, plus `events`). */
  readonly requestCounts: Record<string, number> = {};

  private readonly roles = new Map<string, RolePermissions>();
  private readonly users = new Map<number, PlatformUser>();
  private readonly renderings = new Map<number, Rendering>();
  private noCodeActions: NoCodeAction[] = [];
  private currentUserId: number | undefined;
  private nextUserId = 1;
  private readonly listeners = new Set<EventsListener>();
  private outage: { status: number } | undefined;
  private readonly overrides = new Map<string, unknown>();
  private mcpUserId: number | undefined;
  private mcpConsentAnswer: McpConsent = 'approve';
  /** @internal The MCP grants of this environment; the token route keeps them. */
  readonly mcpGrants = new SandboxMcpGrants();

  /** @internal Use `sandbox.addEnvironment()`. */
  constructor(init: { id: number; projectId: number; envSecret?: string; agentUrl?: string | null; name?: string }) {
    this.id = init.id;
    this.projectId = init.projectId;
    this.name = init.name ?? `Environment ${init.id}`;
    this.envSecret = init.envSecret ?? randomBytes(32).toString('hex');
    this.agentUrl = init.agentUrl?.replace(/\/+$/, '') ?? null;
    for (const role of SANDBOX_ROLES) {
      this.roles.set(role, { role, allowsEverything: role === 'Admin', collections: {}, charts: role === 'Admin' });
    }
    this.renderings.set(1, { id: 1, team: 'Operations', scopes: {} });
    this.addUser({ email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'Admin' });
  }

  // --- users ---------------------------------------------------------------------------------

  /** Adds (or replaces, by id) a user; defaults: role `User`, team and rendering `Operations`/1. */
  addUser(input: SandboxUserInput = {}): PlatformUser {
    const id = input.id ?? this.nextUserId;
    this.nextUserId = Math.max(this.nextUserId, id + 1);
    const renderingId = input.renderingId ?? 1;
    const user: PlatformUser = {
      id,
      email: input.email ?? `user${id}@example.com`,
      firstName: input.firstName ?? `User`,
      lastName: input.lastName ?? `${id}`,
      role: input.role ?? 'User',
      team: input.team ?? this.renderings.get(renderingId)?.team ?? 'Operations',
      renderingId,
      tags: { ...(input.tags ?? {}) },
    };
    this.users.set(id, user);
    this.currentUserId ??= id;
    this.emit('refresh-users');

    return user;
  }

  /** Removes a user from the environment (their access is revoked). */
  removeUser(id: number): void {
    this.users.delete(id);
    if (this.currentUserId === id) this.currentUserId = this.users.keys().next().value;
    this.emit('refresh-users');
  }

  listUsers(): PlatformUser[] {
    return [...this.users.values()].map((user) => ({ ...user, tags: { ...user.tags } }));
  }

  getUser(id: number): PlatformUser {
    const user = this.users.get(id);
    if (user === undefined) throw new Error(`The sandbox environment has no user ${id}.`);

    return user;
  }

  /** The user the authorize page signs in (no login page in the sandbox). */
  setCurrentUser(id: number): void {
    this.getUser(id);
    this.currentUserId = id;
  }

  get currentUser(): PlatformUser | undefined {
    return this.currentUserId === undefined ? undefined : this.users.get(this.currentUserId);
  }

  // --- MCP authorization ----------------------------------------------------------------------

  /**
   * The user the MCP authorize page approves clients as (no login or consent page in the
   * sandbox): the current user unless set here; `null` goes back to the current user.
   */
  setMcpUser(id: number | null): void {
    if (id !== null) this.getUser(id);
    this.mcpUserId = id ?? undefined;
  }

  get mcpUser(): PlatformUser | undefined {
    return (this.mcpUserId === undefined ? undefined : this.users.get(this.mcpUserId)) ?? this.currentUser;
  }

  /** Whether the MCP authorize page approves (the default) or denies (`error=access_denied`). */
  setMcpConsent(answer: McpConsent): void {
    this.mcpConsentAnswer = answer;
  }

  /** @internal */
  get mcpConsent(): McpConsent {
    return this.mcpConsentAnswer;
  }

  /** Every MCP grant of this environment (one per code traded), revoked ones included. */
  listMcpGrants(): SandboxMcpGrant[] {
    return this.mcpGrants.list();
  }

  /** Revokes a grant: its refresh token is refused from now on (access tokens live on until they expire). */
  revokeMcpGrant(grantId: string): void {
    this.mcpGrants.revoke(grantId);
  }

  // --- permissions ---------------------------------------------------------------------------

  /** Allows `right` (a collection right or `{ action }`) on `collection` to `role`. */
  grant(role: string, collection: string, ...rights: SandboxRight[]): void {
    this.setRights(role, collection, rights, true);
  }

  /** Refuses `right` on `collection` to `role` (the default for every right but `Admin`'s). */
  deny(role: string, collection: string, ...rights: SandboxRight[]): void {
    this.setRights(role, collection, rights, false);
  }

  /** Every collection right (not actions) on `collection` to `role`. */
  grantAll(role: string, collection: string): void {
    this.grant(role, collection, 'browse', 'read', 'add', 'edit', 'delete', 'export');
  }

  /** Whether `role` may run charts. */
  setCharts(role: string, allowed: boolean): void {
    this.setRole({ ...this.getRole(role), charts: allowed });
  }

  /** Whether `role` may do everything (the `Admin` role does by default). */
  setAllowsEverything(role: string, allowed: boolean): void {
    this.setRole({ ...this.getRole(role), allowsEverything: allowed });
  }

  /** Replaces a role's permissions as a whole. */
  setRole(permissions: RolePermissions): void {
    this.roles.set(permissions.role, structuredClone(permissions));
    this.emit('refresh-permissions');
  }

  listRoles(): RolePermissions[] {
    return [...this.roles.values()].map((role) => structuredClone(role));
  }

  private getRole(role: string): RolePermissions {
    return structuredClone(this.roles.get(role) ?? { role, allowsEverything: false, collections: {}, charts: false });
  }

  private setRights(role: string, collection: string, rights: SandboxRight[], allowed: boolean): void {
    const permissions = this.getRole(role);
    const current = permissions.collections[collection] ?? structuredClone(NO_RIGHTS);
    for (const right of rights) {
      if (typeof right === 'string') current[right] = allowed;
      else current.actions[right.action] = allowed;
    }
    permissions.collections[collection] = current;
    this.setRole(permissions);
  }

  // --- renderings and scopes -----------------------------------------------------------------

  /** Adds (or replaces) a rendering: a team's view of this environment. */
  addRendering(rendering: { id: number; team: string; scopes?: Record<string, PlainConditionTree> }): void {
    this.renderings.set(rendering.id, { id: rendering.id, team: rendering.team, scopes: { ...rendering.scopes } });
    this.emit('refresh-renderings');
  }

  /** Sets (or, with null, removes) the scope of `collection` in a rendering. */
  setScope(renderingId: number, collection: string, scope: PlainConditionTree | null): void {
    const rendering = this.renderings.get(renderingId);
    if (rendering === undefined) throw new Error(`The sandbox environment has no rendering ${renderingId}.`);
    const scopes = { ...rendering.scopes };
    if (scope === null) delete scopes[collection];
    else scopes[collection] = structuredClone(scope);
    this.renderings.set(renderingId, { ...rendering, scopes });
    this.emit('refresh-renderings');
  }

  listRenderings(): Rendering[] {
    return [...this.renderings.values()].map((rendering) => structuredClone(rendering));
  }

  // --- no-code customizations ----------------------------------------------------------------

  setNoCodeActions(actions: NoCodeAction[]): void {
    this.noCodeActions = structuredClone(actions);
    this.emit('refresh-customizations');
  }

  listNoCodeActions(): NoCodeAction[] {
    return structuredClone(this.noCodeActions);
  }

  // --- events and failures -------------------------------------------------------------------

  /** Sends an event to every agent connected to this environment's events stream. */
  pushEvent(event: PlatformEvent): void {
    this.emit(event);
  }

  /** @internal The routes subscribe the events stream. */
  subscribe(listener: EventsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many agents are connected to the events stream now. */
  get connectedAgents(): number {
    return this.listeners.size;
  }

  /**
   * Imitates a platform outage: every contract route answers `status` (default 503) until
   * `endOutage()`. Events streams already open are cut.
   */
  startOutage(status = 503): void {
    this.outage = { status };
    for (const listener of [...this.listeners]) listener.cut();
  }

  endOutage(): void {
    this.outage = undefined;
  }

  /** @internal */
  get outageStatus(): number | undefined {
    return this.outage?.status;
  }

  /**
   * Makes a route answer `body` (200, as is, unvalidated) until cleared with `undefined`: to test
   * how an agent handles a malformed answer.
   */
  overrideResponse(route: string, body: unknown): void {
    if (body === undefined) this.overrides.delete(route);
    else this.overrides.set(route, body);
  }

  /** @internal */
  getOverride(route: string): { body: unknown } | undefined {
    return this.overrides.has(route) ? { body: this.overrides.get(route) } : undefined;
  }

  /** @internal */
  countRequest(route: string): void {
    this.requestCounts[route] = (this.requestCounts[route] ?? 0) + 1;
  }

  private emit(event: PlatformEvent): void {
    for (const listener of this.listeners) listener.send(event);
  }
}

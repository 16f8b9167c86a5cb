import { z } from 'zod';
import { userIdentitySchema } from './user-identity';

/** Every error body of the contract, as platform-api answers any 4XX/5XX (public-api.md §7). */
export const contractErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** On 400 `invalid_request`: each refused field, `body.<path>`, with what is wrong with it. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ContractError = z.infer<typeof contractErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Condition trees (the plain JSON form of the toolkit: leaf `{field, operator, value}`, branch
// `{aggregator, conditions}`). Scopes may hold `{{currentUser.*}}` placeholders in leaf values.
// ---------------------------------------------------------------------------------------------

export interface PlainConditionLeaf {
  field: string;
  operator: string;
  value?: unknown;
}
export interface PlainConditionBranch {
  aggregator: 'And' | 'Or';
  conditions: PlainConditionTree[];
}
export type PlainConditionTree = PlainConditionLeaf | PlainConditionBranch;

/** Deepest scope tree the contract accepts; scopes are written by operators, not generated. */
export const MAX_SCOPE_DEPTH = 16;

const conditionLeafSchema = z.object({
  field: z.string().min(1),
  operator: z.string().min(1),
  value: z.unknown().optional(),
});

function conditionTreeAtDepth(depth: number): z.ZodType<PlainConditionTree> {
  if (depth >= MAX_SCOPE_DEPTH) return conditionLeafSchema as z.ZodType<PlainConditionTree>;
  const branch = z.object({
    aggregator: z.enum(['And', 'Or']),
    conditions: z.array(z.lazy(() => conditionTreeAtDepth(depth + 1))),
  });

  return z.union([branch, conditionLeafSchema]) as z.ZodType<PlainConditionTree>;
}

export const plainConditionTreeSchema: z.ZodType<PlainConditionTree> = conditionTreeAtDepth(0);

// ---------------------------------------------------------------------------------------------
// Schema: the agent sends its hash; it uploads the schema only when the platform asks.
// ---------------------------------------------------------------------------------------------

/** SHA-1 hex of the schema, as the agent's `.platform-schema.json` `meta.schemaHash` holds it. */
const schemaHashSchema = z.string().regex(/^[0-9a-f]{40}$/, 'expected a SHA-1 hex digest');

export const schemaCheckRequestSchema = z.object({ schemaHash: schemaHashSchema });
export const schemaCheckResponseSchema = z.object({
  /** True when the platform does not hold this schema yet: the agent must upload it. */
  sendSchema: z.boolean(),
});

/**
 * The agent's schema file (`.platform-schema.json`): collections with their fields, actions,
 * segments and charts, plus `meta` (agent version, schema hash). The platform keeps it as JSON
 * and reads only what it needs (collections, fields, actions) for workflows, notes and MCP.
 */
export const agentSchemaSchema = z.looseObject({
  collections: z.array(
    z.looseObject({
      name: z.string(),
      fields: z.array(z.looseObject({ name: z.string() })),
      actions: z.array(z.looseObject({ name: z.string() })).default([]),
    }),
  ),
  meta: z.looseObject({
    schemaHash: schemaHashSchema,
    agentVersion: z.string().optional(),
  }),
});
export type AgentSchema = z.infer<typeof agentSchemaSchema>;

export const schemaUploadRequestSchema = agentSchemaSchema;

// ---------------------------------------------------------------------------------------------
// Environment: who the secret belongs to, and the agent's public URL.
// ---------------------------------------------------------------------------------------------

export const environmentResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  projectId: z.number().int(),
  /** The agent's public URL (origin plus optional path, no trailing slash); null until set. */
  agentUrl: z.string().nullable(),
});
export type EnvironmentInfo = z.infer<typeof environmentResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Permissions: rights per role and collection, users, rendering scopes.
// ---------------------------------------------------------------------------------------------

/** The rights a route checks on a collection (agent `Permission`, minus actions and charts). */
export const COLLECTION_RIGHTS = ['browse', 'read', 'add', 'edit', 'delete', 'export'] as const;
export type CollectionRight = (typeof COLLECTION_RIGHTS)[number];

export const collectionRightsSchema = z.object({
  browse: z.boolean(),
  read: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  export: z.boolean(),
  /** Action name → may trigger it. An action not listed may not be triggered. */
  actions: z.record(z.string(), z.boolean()),
});
export type CollectionRights = z.infer<typeof collectionRightsSchema>;

export const rolePermissionsSchema = z.object({
  /** The project role (`Admin`, `Developer`, `Editor`, `User`), as user tokens carry it. */
  role: z.string(),
  /**
   * True for a role that may do everything on every collection (the project's `Admin`):
   * `collections` is then empty and ignored.
   */
  allowsEverything: z.boolean(),
  /** Collection name → rights. A collection not listed allows nothing. */
  collections: z.record(z.string(), collectionRightsSchema),
  /** May run collection and data-source charts. */
  charts: z.boolean(),
});
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

export const permissionsResponseSchema = z.object({
  roles: z.array(rolePermissionsSchema),
});
export type EnvironmentPermissions = z.infer<typeof permissionsResponseSchema>;

export const platformUserSchema = userIdentitySchema.extend({
  /** The rendering (team view of this environment) the user works in; `team` is its team. */
  renderingId: z.number().int(),
});
export type PlatformUser = z.infer<typeof platformUserSchema>;

/** Every user who may use this environment (member of the project and of a team rendering it). */
export const usersResponseSchema = z.object({ users: z.array(platformUserSchema) });

export const renderingSchema = z.object({
  id: z.number().int(),
  team: z.string(),
  /**
   * Collection name → scope: a condition tree every record the team sees matches. Leaf values
   * may be the placeholders `{{currentUser.id}}`, `{{currentUser.email}}`,
   * `{{currentUser.firstName}}`, `{{currentUser.lastName}}`, `{{currentUser.team}}`,
   * `{{currentUser.role}}` or `{{currentUser.tags.<name>}}`, replaced by the caller's values.
   */
  scopes: z.record(z.string(), plainConditionTreeSchema),
});
export type Rendering = z.infer<typeof renderingSchema>;

export const renderingsResponseSchema = z.object({ renderings: z.array(renderingSchema) });

// ---------------------------------------------------------------------------------------------
// Events (server-sent): what to refresh.
// ---------------------------------------------------------------------------------------------

/** SSE `event:` names the platform sends on the events stream; `data:` is `{}` JSON. */
export const PLATFORM_EVENTS = [
  'refresh-users',
  'refresh-permissions',
  'refresh-renderings',
  'refresh-customizations',
] as const;
export type PlatformEvent = (typeof PLATFORM_EVENTS)[number];
export const platformEventSchema = z.enum(PLATFORM_EVENTS);

// ---------------------------------------------------------------------------------------------
// Keys: the platform's public JSON Web Key Set (RFC 7517) for the user tokens it mints.
// ---------------------------------------------------------------------------------------------

export const jwksResponseSchema = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.string(),
      kid: z.string(),
      alg: z.enum(['EdDSA', 'ES256']),
      use: z.literal('sig').optional(),
    }),
  ),
});
export type PlatformJwks = z.infer<typeof jwksResponseSchema>;

/**
 * Claims of a platform-minted user token: the caller claims the agent already validates
 * (agent-library.md §2.8) plus `iss`, `aud`, `iat`, `exp`, and `purpose`.
 */
export const PLATFORM_TOKEN_ISSUER = 'platform';
/** The audience of tokens minted for one environment's agent. */
export function platformTokenAudience(environmentId: number): string {
  return `agent:environment:${environmentId}`;
}
/** Longest lifetime of a platform-minted user token, in seconds. */
export const PLATFORM_TOKEN_MAX_LIFETIME_SECONDS = 15 * 60;

export const platformTokenClaimsSchema = z.object({
  iss: z.literal(PLATFORM_TOKEN_ISSUER),
  aud: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  purpose: z.enum(['workflow', 'mcp']),
  ...userIdentitySchema.shape,
  renderingId: z.number().int(),
  environmentId: z.number().int(),
  projectId: z.number().int(),
  timezone: z.string().optional(),
  /**
   * On `mcp` tokens: the OAuth scopes granted (space-separated `MCP_SCOPES`). An `mcp` token
   * without it may call no MCP tool.
   */
  scope: z.string().optional(),
});
export type PlatformTokenClaims = z.infer<typeof platformTokenClaimsSchema>;

// ---------------------------------------------------------------------------------------------
// Activity: what the agent read and wrote, on whose behalf.
// ---------------------------------------------------------------------------------------------

export const ACTIVITY_ACTIONS = ['read', 'create', 'update', 'delete', 'export', 'action', 'chart'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Most entries in one activity request; the agent sends larger batches in several requests. */
export const MAX_ACTIVITY_ENTRIES = 500;
/** Most record ids listed in one activity entry; longer selections are truncated by the agent. */
export const MAX_ACTIVITY_RECORD_IDS = 100;

export const activityEntrySchema = z.object({
  userId: z.number().int(),
  userEmail: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  collection: z.string().min(1),
  /** Packed primary keys (`12|34` for composite keys), when the operation targeted records. */
  recordIds: z.array(z.string()).max(MAX_ACTIVITY_RECORD_IDS).default([]),
  /** The action's name for `action`, the chart's name for `chart`. */
  label: z.string().optional(),
  /** ISO 8601 instant the agent served the request. */
  occurredAt: z.iso.datetime({ offset: true }),
  /** Where the token came from: the agent's own sign-in, a workflow run or an MCP session; `ai` for an AI proxy tool call. */
  via: z.enum(['agent', 'workflow', 'mcp', 'ai']).default('agent'),
});
export type ActivityEntry = z.input<typeof activityEntrySchema>;

export const activityRequestSchema = z.object({
  entries: z.array(activityEntrySchema).min(1).max(MAX_ACTIVITY_ENTRIES),
});

// ---------------------------------------------------------------------------------------------
// Users signing in: the agent exchanges the code the platform's authorize page gave the browser.
// ---------------------------------------------------------------------------------------------

/**
 * Query parameters of the platform's browser page `GET /agent-auth/authorize`: the agent builds
 * this URL; the platform signs the user in, then redirects to `redirectUri?code=…&state=…`.
 * `redirectUri` must start with the environment's `agentUrl`.
 */
export const authorizeQuerySchema = z.object({
  environmentId: z.coerce.number().int(),
  redirectUri: z.url(),
  state: z.string().min(1).max(2048),
});

export const codeExchangeRequestSchema = z.object({
  code: z.string().min(1).max(512),
  /** The same redirect URI the authorize URL carried. */
  redirectUri: z.url(),
});
export const codeExchangeResponseSchema = z.object({ user: platformUserSchema });

// ---------------------------------------------------------------------------------------------
// Experimental no-code customizations: actions defined on the platform.
// ---------------------------------------------------------------------------------------------

export const noCodeActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('webhook'),
    collection: z.string().min(1),
    name: z.string().min(1),
    scope: z.enum(['Single', 'Bulk', 'Global']),
    /** POSTed `{ collection, action, recordIds, caller: { id, email } }` as JSON. */
    url: z.url(),
  }),
  z.object({
    type: z.literal('update-record'),
    collection: z.string().min(1),
    name: z.string().min(1),
    scope: z.enum(['Single', 'Bulk']),
    /** Field → value written to the selected records. */
    values: z.record(z.string(), z.unknown()),
  }),
]);
export type NoCodeAction = z.infer<typeof noCodeActionSchema>;

export const customizationsResponseSchema = z.object({ actions: z.array(noCodeActionSchema) });

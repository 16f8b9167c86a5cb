import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The cloud product (agent-library.md §4.5; ARCHITECTURE "Cloud"): the `platform-cloud` CLI ↔
// platform-api. The platform hosts the agent of a cloud environment; the customer signs the CLI in
// (OAuth 2.0 device authorization grant, RFC 8628), reads the introspection the hosted agent
// stored, and publishes a bundle of customization code, which the hosted agent then runs.
//
//   CLI ──POST /cloud/v1/device/code (form)──▶ platform        → device_code, user_code, URLs
//   user ──GET /cloud/device?user_code=…──▶ platform page (signs in, approves)
//   CLI ──POST /cloud/v1/token (form, device_code grant, polling)──▶ platform → tokens
//   CLI ──Bearer access token──▶ /cloud/v1/environments…                (JSON)
//
// The OAuth routes speak OAuth: form-encoded requests, `{ error, error_description }` errors
// (RFC 6749 §5.2, RFC 8628 §3.5). The JSON routes answer errors as `{ code, message }` like every
// other platform-api route.
// ---------------------------------------------------------------------------------------------

/** Path prefix of every route the CLI calls. */
export const CLOUD_API_PREFIX = '/cloud/v1';

/** The OAuth client id of the CLI (a public client: no secret). */
export const CLOUD_CLI_CLIENT_ID = 'platform-cloud-cli';

/** RFC 8628 grant type of the polling token request. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Where each cloud route lives, relative to the platform URL. */
export const CLOUD_PATHS = {
  /** POST, form `client_id`, optional `client_label` (host name shown on the page): RFC 8628 §3.1. */
  deviceAuthorization: `${CLOUD_API_PREFIX}/device/code`,
  /** POST, form: `grant_type` = DEVICE_CODE_GRANT_TYPE + `device_code`, or `refresh_token` + `refresh_token`. */
  token: `${CLOUD_API_PREFIX}/token`,
  /** POST, form `token` (access or refresh token of the login): RFC 7009; always 200. */
  revocation: `${CLOUD_API_PREFIX}/revoke`,
  /** The browser page where the user approves a user code (`?user_code=ABCD-EFGH` prefills it). */
  devicePage: '/cloud/device',
  /** GET: the cloud environments the user may customize. */
  environments: `${CLOUD_API_PREFIX}/environments`,
  /** POST `{ environmentSecret }`: the cloud environment of a secret, when the user may customize it. */
  environmentLookup: `${CLOUD_API_PREFIX}/environments/lookup`,
  /** GET: the introspection the hosted agent stored (409 `not_introspected` before its first start). */
  introspection: (environmentId: number) => `${CLOUD_API_PREFIX}/environments/${environmentId}/introspection`,
  /** POST a bundle (201); GET the list, latest first. */
  bundles: (environmentId: number) => `${CLOUD_API_PREFIX}/environments/${environmentId}/bundles`,
  /** GET one bundle's publication status. */
  bundle: (environmentId: number, version: number) =>
    `${CLOUD_API_PREFIX}/environments/${environmentId}/bundles/${version}`,
  /** GET `?after=<id>&limit=<n>`: the hosted agent's log lines, oldest first. */
  logs: (environmentId: number) => `${CLOUD_API_PREFIX}/environments/${environmentId}/logs`,
} as const;

/** Largest bundle the platform accepts, in bytes of UTF-8 code. */
export const MAX_BUNDLE_BYTES = 5 * 1024 * 1024;

/** Most log lines one logs request returns. */
export const MAX_LOG_LINES = 1_000;

// --- OAuth (form-encoded requests, JSON responses) ---------------------------------------------

/** RFC 8628 §3.2 device authorization response. */
export const deviceAuthorizationResponseSchema = z.object({
  device_code: z.string().min(1),
  /** `ABCD-EFGH`: what the user checks on the page. */
  user_code: z.string().min(1),
  verification_uri: z.url(),
  verification_uri_complete: z.url(),
  expires_in: z.number().int().positive(),
  /** Seconds to wait between polls; `slow_down` adds 5. */
  interval: z.number().int().positive(),
});
export type DeviceAuthorizationResponse = z.infer<typeof deviceAuthorizationResponseSchema>;

/** RFC 6749 §5.1 token response of both grants. */
export const cloudTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
});
export type CloudTokenResponse = z.infer<typeof cloudTokenResponseSchema>;

/**
 * RFC 6749 §5.2 + RFC 8628 §3.5 errors of the token route: `authorization_pending` (poll again),
 * `slow_down` (poll again, 5 s later), `access_denied` (the user refused), `expired_token` (start
 * again), `invalid_grant` (an unknown, used or revoked code or refresh token), `invalid_request`,
 * `invalid_client`, `unsupported_grant_type`.
 */
export const CLOUD_TOKEN_ERROR_CODES = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'invalid_grant',
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
] as const;
export type CloudTokenErrorCode = (typeof CLOUD_TOKEN_ERROR_CODES)[number];

export const oauthErrorResponseSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

// --- JSON routes (Bearer access token) -------------------------------------------------------

/**
 * A cloud environment as the CLI sees it. `status`: `waiting` (no bundle published and the hosted
 * agent not started yet), `running` (the hosted agent serves `liveVersion`), `failed` (the hosted
 * agent cannot start: see the logs), `stopped` (the runner does not host it).
 */
export const cloudEnvironmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** The URL the hosted agent answers on, once started. */
  agentUrl: z.string().nullable(),
  /** `sql` today. */
  kind: z.string(),
  introspectedAt: z.iso.datetime().nullable(),
  /** The newest published version, whatever its status. */
  latestVersion: z.number().int().nullable(),
  /** The version the hosted agent serves. */
  liveVersion: z.number().int().nullable(),
});
export type CloudEnvironment = z.infer<typeof cloudEnvironmentSchema>;

export const cloudEnvironmentsResponseSchema = z.object({ environments: z.array(cloudEnvironmentSchema) });

/**
 * Body of the lookup. Errors: 404 `unknown_environment` (no environment has this secret), 409
 * `not_a_cloud_environment` (the environment's agent is not hosted by the platform), 403
 * `forbidden` (the user is not Admin or Developer of the project).
 */
export const environmentLookupRequestSchema = z.object({ environmentSecret: z.string().min(1).max(200) });

/** The stored introspection; `introspection` is the data source's own format (opaque here). */
export const cloudIntrospectionResponseSchema = z.object({
  kind: z.string(),
  introspection: z.unknown(),
  introspectedAt: z.iso.datetime(),
});
export type CloudIntrospectionResponse = z.infer<typeof cloudIntrospectionResponseSchema>;

/**
 * Upload of a bundle: esbuild's CommonJS output of the customer's entry point, whose default (or
 * `customize`) export is the customization function `(agent) => void | Promise<void>`.
 * `@platform/*` packages are external: the hosted agent provides them. 400 when `checksum` is not
 * the SHA-256 (hex) of `code`; 413 `bundle_too_large` beyond `MAX_BUNDLE_BYTES`.
 */
export const bundleUploadRequestSchema = z.object({
  code: z.string().min(1),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex'),
  /** Free text shown in the bundle list, e.g. the CLI version or a git commit. */
  label: z.string().max(200).optional(),
});
export type BundleUploadRequest = z.infer<typeof bundleUploadRequestSchema>;

/**
 * `pending` (waiting for the hosted agent to load it), `live` (served), `failed` (threw at load:
 * `error` says why, the previous version keeps serving), `superseded` (a newer one went live).
 */
export const BUNDLE_STATUSES = ['pending', 'live', 'failed', 'superseded'] as const;
export type BundleStatus = (typeof BUNDLE_STATUSES)[number];

export const bundleSchema = z.object({
  version: z.number().int().positive(),
  checksum: z.string(),
  size: z.number().int(),
  label: z.string().nullable(),
  status: z.enum(BUNDLE_STATUSES),
  error: z.string().nullable(),
  author: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  liveAt: z.iso.datetime().nullable(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const bundlesResponseSchema = z.object({ bundles: z.array(bundleSchema) });

export const LOG_LEVELS = ['Debug', 'Info', 'Warn', 'Error'] as const;

export const logLineSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
});
export type LogLine = z.infer<typeof logLineSchema>;

/** `next`: pass it as `after` to get the lines logged since (for `--follow`). */
export const logsResponseSchema = z.object({ lines: z.array(logLineSchema), next: z.number().int() });
export type LogsResponse = z.infer<typeof logsResponseSchema>;

import {
  type Bundle,
  type BundleUploadRequest,
  bundleSchema,
  bundlesResponseSchema,
  CLOUD_PATHS,
  type CloudEnvironment,
  type CloudIntrospectionResponse,
  cloudEnvironmentSchema,
  cloudEnvironmentsResponseSchema,
  cloudIntrospectionResponseSchema,
  type LogsResponse,
  logsResponseSchema,
} from '@platform/platform-contract';
import type { z } from 'zod';
import { NotLoggedInError, PlatformRequestError } from '../cli/cli-errors';
import type { Session } from '../credentials/session';
import { asUnreachable } from './network-error';

/** Longest wait for one answer of the platform. */
const REQUEST_TIMEOUT_MS = 60_000;

/** The platform's cloud routes (`CLOUD_PATHS`) as the signed-in user; answers are checked against the contract. */
export interface CloudApi {
  environments(): Promise<CloudEnvironment[]>;
  /** @throws PlatformRequestError 404 `unknown_environment`, 409 `not_a_cloud_environment`, 403 `forbidden`. */
  lookupEnvironment(environmentSecret: string): Promise<CloudEnvironment>;
  introspection(environmentId: number): Promise<CloudIntrospectionResponse>;
  uploadBundle(environmentId: number, upload: BundleUploadRequest): Promise<Bundle>;
  bundle(environmentId: number, version: number): Promise<Bundle>;
  bundles(environmentId: number): Promise<Bundle[]>;
  logs(environmentId: number, query: { readonly after?: number; readonly limit?: number }): Promise<LogsResponse>;
}

export function createCloudApi(session: Session): CloudApi {
  const call = <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) =>
    request(session, method, path, schema, body);
  return {
    environments: async () =>
      (await call('GET', CLOUD_PATHS.environments, cloudEnvironmentsResponseSchema)).environments,
    lookupEnvironment: (environmentSecret) =>
      call('POST', CLOUD_PATHS.environmentLookup, cloudEnvironmentSchema, { environmentSecret }),
    introspection: (id) => call('GET', CLOUD_PATHS.introspection(id), cloudIntrospectionResponseSchema),
    uploadBundle: (id, upload) => call('POST', CLOUD_PATHS.bundles(id), bundleSchema, upload),
    bundle: (id, version) => call('GET', CLOUD_PATHS.bundle(id, version), bundleSchema),
    bundles: async (id) => (await call('GET', CLOUD_PATHS.bundles(id), bundlesResponseSchema)).bundles,
    logs: (id, { after, limit }) => {
      const query = new URLSearchParams();
      if (after !== undefined) query.set('after', String(after));
      if (limit !== undefined) query.set('limit', String(limit));
      const search = query.size > 0 ? `?${query}` : '';
      return call('GET', `${CLOUD_PATHS.logs(id)}${search}`, logsResponseSchema);
    },
  };
}

async function request<S extends z.ZodType>(
  session: Session,
  method: string,
  path: string,
  schema: S,
  body: unknown,
): Promise<z.infer<S>> {
  const url = `${session.platformUrl}${path}`;
  const token = await session.accessToken();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw asUnreachable(session.platformUrl, error) ?? error;
  }
  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) throw errorOfResponse(session.platformUrl, method, path, response.status, json, text);

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PlatformRequestError(
      `the platform at ${session.platformUrl} answered ${method} ${path} with an unexpected body (${issue?.path.join('.') || 'body'}: ${issue?.message}): is it up to date?`,
      response.status,
      undefined,
    );
  }
  return parsed.data;
}

function errorOfResponse(
  platformUrl: string,
  method: string,
  path: string,
  status: number,
  json: unknown,
  text: string,
): Error {
  const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : undefined;
  const message = typeof body.message === 'string' ? body.message : text.slice(0, 200) || `HTTP ${status}`;
  if (status === 401) {
    return new NotLoggedInError(`the platform refused your login (${message}): run platform-cloud login`);
  }
  return new PlatformRequestError(
    `${method} ${platformUrl}${path} failed with HTTP ${status}: ${message}`,
    status,
    code === undefined ? undefined : code.toLowerCase(),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

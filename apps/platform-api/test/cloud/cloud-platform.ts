import {
  CLOUD_CLI_CLIENT_ID,
  CLOUD_PATHS,
  type CloudTokenResponse,
  cloudTokenResponseSchema,
  DEVICE_CODE_GRANT_TYPE,
  type DeviceAuthorizationResponse,
  deviceAuthorizationResponseSchema,
} from '@platform/platform-contract';
import request, { type Agent as TestAgent, type Response as TestResponse } from 'supertest';
import { createApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import type { User } from '../../src/generated/prisma/client';
import { serveWithUrl } from '../../src/http/serve';
import { type CloudWorld, seedCloudWorld } from '../factories/cloud-factory';
import { createTestClock, type TestClock } from '../factories/test-clock';
import { createTestContext, type DatabaseKind } from '../helpers/test-context';
import { csrfFieldOf } from '../identity/login-helpers';

// platform-api on a real socket for the cloud tests, and the HTTP calls of the cloud CLI (forms to
// the OAuth routes, Bearer JSON calls) and of a browser on the device page (supertest's cookie jar).

export interface CloudPlatform {
  readonly context: AppContext;
  readonly serverUrl: string;
  /** The server's clock: starts at the real time, moves only when a test moves it. */
  readonly clock: TestClock;
  readonly world: CloudWorld;
  close(): Promise<void>;
}

export async function startCloudPlatform(
  kind: DatabaseKind,
  options: { readonly env?: Readonly<Record<string, string>> } = {},
): Promise<CloudPlatform> {
  const clock = createTestClock(new Date());
  const test = await createTestContext(kind, { now: clock.now, env: options.env });
  // As `start` does: the public URL (the device page's in the device flow) names the bound port.
  let context = test.context;
  const running = await serveWithUrl(
    (url) => {
      context = { ...test.context, config: { ...test.context.config, publicUrl: url } };
      return createApp(context);
    },
    { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 },
  );
  const world = await seedCloudWorld(context);
  return {
    context,
    serverUrl: running.url,
    clock,
    world,
    async close() {
      await running.close();
      await test.close();
    },
  };
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

async function answerOf(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : JSON.parse(text) };
}

/** A form-encoded POST, as the CLI's OAuth client sends it. */
export async function postForm(
  platform: CloudPlatform,
  path: string,
  fields: Readonly<Record<string, string>>,
): Promise<HttpAnswer> {
  const response = await fetch(`${platform.serverUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return answerOf(response);
}

/** `POST /cloud/v1/device/code` as the CLI on host `laptop.example` starts it (200 expected). */
export async function startDeviceLogin(
  platform: CloudPlatform,
  clientLabel = 'laptop.example',
): Promise<DeviceAuthorizationResponse> {
  const answer = await postForm(platform, CLOUD_PATHS.deviceAuthorization, {
    client_id: CLOUD_CLI_CLIENT_ID,
    client_label: clientLabel,
  });
  if (answer.status !== 200) throw new Error(`device/code answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return deviceAuthorizationResponseSchema.parse(answer.body);
}

/** One poll of the token route with the device code. */
export function pollToken(platform: CloudPlatform, deviceCode: string): Promise<HttpAnswer> {
  return postForm(platform, CLOUD_PATHS.token, {
    grant_type: DEVICE_CODE_GRANT_TYPE,
    device_code: deviceCode,
    client_id: CLOUD_CLI_CLIENT_ID,
  });
}

/** The refresh-token grant. */
export function refreshTokens(platform: CloudPlatform, refreshToken: string): Promise<HttpAnswer> {
  return postForm(platform, CLOUD_PATHS.token, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CLOUD_CLI_CLIENT_ID,
  });
}

/** A browser signed in as `user` (password `correct-password`), with its cookies. */
export async function signedInBrowser(platform: CloudPlatform, user: User): Promise<TestAgent> {
  const browser = request.agent(platform.serverUrl);
  const form = await browser.get('/login').expect(200);
  await browser
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFieldOf(form.text), email: user.email, password: 'correct-password' })
    .expect(303);
  return browser;
}

/** Opens the device page for `userCode` with `browser` and answers it; resolves to the POST's response. */
export async function answerDevicePage(
  browser: TestAgent,
  userCode: string,
  decision: 'approve' | 'deny',
): Promise<TestResponse> {
  const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: userCode }).expect(200);
  return browser
    .post(CLOUD_PATHS.devicePage)
    .type('form')
    .send({ _csrf: csrfFieldOf(page.text), user_code: userCode, decision });
}

/** The whole device flow for `user`: start, approve on the page, poll once. */
export async function signInCli(platform: CloudPlatform, user: User): Promise<CloudTokenResponse> {
  const started = await startDeviceLogin(platform);
  const browser = await signedInBrowser(platform, user);
  const approved = await answerDevicePage(browser, started.user_code, 'approve');
  if (approved.status !== 200) throw new Error(`the device page answered ${approved.status}`);
  const answer = await pollToken(platform, started.device_code);
  if (answer.status !== 200) throw new Error(`token answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return cloudTokenResponseSchema.parse(answer.body);
}

/** A JSON call of the cloud API with `token` as Bearer (none when undefined). */
export async function callApi(
  platform: CloudPlatform,
  path: string,
  options: { readonly token?: string; readonly method?: string; readonly body?: unknown } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${platform.serverUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  return answerOf(response);
}

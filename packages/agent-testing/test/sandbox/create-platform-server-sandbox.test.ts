import {
  AUTHORIZE_PATH,
  agentContract,
  ContractCallError,
  callAgentContract,
  EVENTS_PATH,
  PLATFORM_TOKEN_ISSUER,
  platformTokenAudience,
  SECRET_HEADER,
} from '@platform/platform-contract';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '../../src';

const SCHEMA_HASH = 'a'.repeat(40);
const schema = {
  collections: [{ name: 'books', fields: [{ name: 'id' }], actions: [] }],
  meta: { schemaHash: SCHEMA_HASH },
};

describe('createPlatformServerSandbox', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;
  const call = () => ({ serverUrl: sandbox.url, envSecret });

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment({ agentUrl: 'http://agent.test/app' });
  });
  afterEach(() => sandbox.close());

  test('asks for the schema until it holds that hash, and keeps what was uploaded', async () => {
    expect(await callAgentContract(call(), 'checkSchema', { schemaHash: SCHEMA_HASH })).toEqual({ sendSchema: true });
    await callAgentContract(call(), 'uploadSchema', schema);

    expect(await callAgentContract(call(), 'checkSchema', { schemaHash: SCHEMA_HASH })).toEqual({ sendSchema: false });
    expect(sandbox.environment(envSecret).uploadedSchemas).toEqual([schema]);
  });

  test('refuses a wrong secret with 401 unauthorized', async () => {
    const error = await callAgentContract({ serverUrl: sandbox.url, envSecret: 'b'.repeat(64) }, 'environment').catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ContractCallError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', endpoint: 'GET /agent/v1/environment' });
  });

  test('refuses a malformed message with 400 invalid_request naming the field', async () => {
    const response = await fetch(`${sandbox.url}${agentContract.checkSchema.path}`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: envSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ schemaHash: 'nope' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      message: expect.stringContaining('schemaHash'),
      issues: [{ path: 'body.schemaHash', message: expect.any(String) }],
    });
  });

  test('refuses a body that is not JSON with 400', async () => {
    const response = await fetch(`${sandbox.url}${agentContract.activity.path}`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: envSecret, 'content-type': 'application/json' },
      body: '{',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_json' });
  });

  test('serves permissions as granted and denied per role', async () => {
    const environment = sandbox.environment(envSecret);
    environment.grant('Editor', 'books', 'browse', 'read', { action: 'Publish' });
    environment.deny('Editor', 'books', 'read');

    const { roles } = await callAgentContract(call(), 'permissions');

    expect(roles.find((role) => role.role === 'Editor')?.collections.books).toEqual({
      browse: true,
      read: false,
      add: false,
      edit: false,
      delete: false,
      export: false,
      actions: { Publish: true },
    });
    expect(roles.find((role) => role.role === 'Admin')?.allowsEverything).toBe(true);
  });

  test('keeps environments apart by secret', async () => {
    const other = sandbox.addEnvironment();
    sandbox.environment(other).addUser({ email: 'other@example.com' });

    const { users } = await callAgentContract(call(), 'users');

    expect(users.map((user) => user.email)).toEqual(['admin@example.com']);
  });

  test('streams the events of its environment', async () => {
    const controller = new AbortController();
    const response = await fetch(`${sandbox.url}${EVENTS_PATH}`, {
      headers: { [SECRET_HEADER]: envSecret },
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read();

    sandbox.environment(envSecret).pushEvent('refresh-permissions');
    const { value } = await reader.read();
    controller.abort();

    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(value).toBe('event: refresh-permissions\ndata: {}\n\n');
  });

  test('signs the current user in and trades the code once', async () => {
    const environment = sandbox.environment(envSecret);
    const user = environment.addUser({ email: 'eve@example.com', role: 'Editor' });
    environment.setCurrentUser(user.id);
    const redirectUri = 'http://agent.test/app/platform/authentication/callback';
    const query = new URLSearchParams({ environmentId: String(environment.id), redirectUri, state: 's1' });

    const response = await fetch(`${sandbox.url}${AUTHORIZE_PATH}?${query}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    const code = location.searchParams.get('code')!;
    const exchanged = await callAgentContract(call(), 'exchangeCode', { code, redirectUri });
    const again = await callAgentContract(call(), 'exchangeCode', { code, redirectUri }).catch((e: unknown) => e);

    expect(response.status).toBe(303);
    expect(location.searchParams.get('state')).toBe('s1');
    expect(exchanged.user).toMatchObject({ id: user.id, email: 'eve@example.com', role: 'Editor' });
    expect(again).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  test('refuses a redirect URI outside the agent URL with an error page', async () => {
    const query = new URLSearchParams({ environmentId: '1', redirectUri: 'http://evil.test/cb', state: 's' });

    const response = await fetch(`${sandbox.url}${AUTHORIZE_PATH}?${query}`, { redirect: 'manual' });

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('The redirect URI is not under the agent URL of environment');
  });

  test('refuses a sign-in with 403 when the environment has no user left', async () => {
    sandbox.environment(envSecret).removeUser(1);
    expect(sandbox.environment(envSecret).listUsers()).toEqual([]);
    const query = new URLSearchParams({ environmentId: '1', redirectUri: 'http://agent.test/app/cb', state: 's' });

    const response = await fetch(`${sandbox.url}${AUTHORIZE_PATH}?${query}`, { redirect: 'manual' });

    expect(response.status).toBe(403);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('You have no access to environment');
  });

  test('escapes the environment name on its error pages', async () => {
    const other = sandbox.addEnvironment({ agentUrl: 'http://agent.test/app', name: '<b>Prod</b>' });
    const query = new URLSearchParams({
      environmentId: String(sandbox.environment(other).id),
      redirectUri: 'http://evil.test/cb',
      state: 's',
    });

    const page = await (await fetch(`${sandbox.url}${AUTHORIZE_PATH}?${query}`, { redirect: 'manual' })).text();

    expect(page).toContain('environment &lt;b&gt;Prod&lt;/b&gt;.');
    expect(page).not.toContain('<b>Prod</b>');
  });

  test('mints tokens that verify against its key set, across a rotation', async () => {
    const oldToken = await sandbox.mintUserToken(envSecret, 1);
    const oldKid = sandbox.currentKid;
    await sandbox.rotateSigningKey();
    const verifyWith = async (token: string) => {
      const jwks = createLocalJWKSet(await callAgentContract(call(), 'jwks'));
      return jwtVerify(token, jwks, { issuer: PLATFORM_TOKEN_ISSUER, audience: platformTokenAudience(1) });
    };

    await expect(verifyWith(oldToken)).resolves.toMatchObject({ payload: { id: 1, purpose: 'workflow' } });
    sandbox.retireSigningKey(oldKid);
    await expect(verifyWith(oldToken)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    await expect(verifyWith(await sandbox.mintUserToken(envSecret, 1))).resolves.toBeDefined();
  });

  test('answers 503 during an outage, then recovers', async () => {
    sandbox.environment(envSecret).startOutage();
    const during = await callAgentContract(call(), 'users').catch((e: unknown) => e);
    sandbox.environment(envSecret).endOutage();

    expect(during).toMatchObject({ status: 503, isTransient: true });
    await expect(callAgentContract(call(), 'users')).resolves.toBeDefined();
  });
});

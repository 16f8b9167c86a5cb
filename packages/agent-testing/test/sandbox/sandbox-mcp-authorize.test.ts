import { platformTokenClaimsSchema } from '@platform/platform-contract';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '../../src';
import {
  authorizeQuery,
  grantTokens,
  openAuthorizePage,
  pkcePair,
  REDIRECT_URI,
  registerClient,
} from '../factories/mcp-oauth';

/** The user id an access token was minted for. */
const userOf = (accessToken: string) =>
  platformTokenClaimsSchema.parse(JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString())).id;

describe('the sandbox MCP authorize page', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment({ agentUrl: 'http://agent.test/app' });
  });
  afterEach(() => sandbox.close());

  const environmentId = () => sandbox.environment(envSecret).id;

  test('approves at once as the current user and redirects with the code and state', async () => {
    const client = await registerClient(sandbox);

    const response = await openAuthorizePage(sandbox, authorizeQuery(environmentId(), client, pkcePair().challenge));

    const location = new URL(response.headers.get('location') ?? '');
    expect(response.status).toBe(303);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('code')).toMatch(/\S/);
    expect(location.searchParams.get('state')).toBe('st-1');
  });

  test('approves as the user setMcpUser chose, then as the current user again after null', async () => {
    const environment = sandbox.environment(envSecret);
    const editor = environment.addUser({ role: 'Editor' });
    const client = await registerClient(sandbox);

    environment.setMcpUser(editor.id);
    const asEditor = await grantTokens(sandbox, envSecret, client);
    environment.setMcpUser(null);
    const asCurrent = await grantTokens(sandbox, envSecret, client);

    expect(userOf(asEditor.access_token)).toBe(editor.id);
    expect(userOf(asCurrent.access_token)).toBe(environment.currentUser?.id);
    expect(environment.currentUser?.id).not.toBe(editor.id);
  });

  test("denies with error=access_denied and the state after setMcpConsent('deny')", async () => {
    const client = await registerClient(sandbox);
    sandbox.environment(envSecret).setMcpConsent('deny');

    const response = await openAuthorizePage(sandbox, authorizeQuery(environmentId(), client, pkcePair().challenge));

    const location = new URL(response.headers.get('location') ?? '');
    expect(response.status).toBe(303);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  test.each([
    ['an incomplete link', { clientId: '' }, 'The authorization link is incomplete'],
    ['an unknown environment', { environmentId: '9999' }, 'No environment with id 9999.'],
    ['an unknown client', { clientId: 'never-registered' }, 'No MCP client never-registered is registered.'],
    ['a redirect URI the client did not register', { redirectUri: `${REDIRECT_URI}/x` }, 'not one that the client'],
    ['a redirect URI differing by a trailing slash', { redirectUri: `${REDIRECT_URI}/` }, 'not one that the client'],
  ])('refuses %s with an HTML error page, never a redirect', async (_label, overrides, message) => {
    const client = await registerClient(sandbox);

    const response = await openAuthorizePage(
      sandbox,
      authorizeQuery(environmentId(), client, pkcePair().challenge, overrides),
    );

    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain(message);
  });

  test.each([
    ['a scope the client did not register', { scope: 'mcp:read mcp:write' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'mcp:read admin' }, 'invalid_scope'],
    ['the plain PKCE method', { codeChallengeMethod: 'plain' }, 'invalid_request'],
    ['no code challenge', { codeChallenge: '' }, 'invalid_request'],
  ])('sends %s back to the client as %s, with the state', async (_label, overrides, error) => {
    const client = await registerClient(sandbox, { scope: 'mcp:read' });

    const response = await openAuthorizePage(
      sandbox,
      authorizeQuery(environmentId(), client, pkcePair().challenge, overrides),
    );

    const location = new URL(response.headers.get('location') ?? '');
    expect(response.status).toBe(303);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toMatch(/\S/);
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  test('refuses with a 403 page when the environment has no user left', async () => {
    const client = await registerClient(sandbox);
    sandbox.environment(envSecret).removeUser(1);
    expect(sandbox.environment(envSecret).listUsers()).toEqual([]);

    const response = await openAuthorizePage(sandbox, authorizeQuery(environmentId(), client, pkcePair().challenge));

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('You have no access to environment');
  });

  test('refuses a registration body that is not JSON with invalid_client_metadata', async () => {
    const response = await fetch(`${sandbox.url}/mcp-auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris":',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata' });
  });
});

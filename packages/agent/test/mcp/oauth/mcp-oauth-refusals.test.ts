import { createHash, randomBytes } from 'node:crypto';
import { startConnectedMcpAgent } from '../../factories/mcp-agent';
import type { ConnectedAgent } from '../../platform/connected-agent-fixture';

const REDIRECT_URI = 'http://127.0.0.1:1/callback';

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe("the agent's OAuth facade refuses", () => {
  let fixture: ConnectedAgent;
  let origin: string;
  let clientId: string;

  beforeAll(async () => {
    ({ fixture, origin } = await startConnectedMcpAgent());
    const registered = await fetch(`${fixture.sandbox.url}/mcp-auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Refusals', redirect_uris: [REDIRECT_URI], scope: 'mcp:read mcp:write' }),
    });
    clientId = ((await registered.json()) as { client_id: string }).client_id;
  });
  afterAll(() => fixture.close());

  const goodRequest = () => ({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    scope: 'mcp:read',
    resource: `${origin}/mcp`,
    state: 'xyz',
  });
  const authorize = (params: Record<string, string | undefined>, method: 'GET' | 'POST' = 'GET') => {
    const query = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return method === 'GET'
      ? fetch(`${origin}/oauth/authorize?${query}`, { redirect: 'manual' })
      : fetch(`${origin}/oauth/authorize`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: query,
        });
  };
  const token = (body: Record<string, string>) =>
    fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  test('accepts a good request by GET and by POST (precondition of the refusals below)', async () => {
    const byGet = await authorize(goodRequest());
    const byPost = await authorize(goodRequest(), 'POST');

    for (const response of [byGet, byPost]) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toContain(`${fixture.sandbox.url}/mcp-auth/authorize?`);
    }
  });

  describe('with a page, never a redirect, when the redirect URI cannot be trusted', () => {
    test.each([
      ['no client', { client_id: undefined }, 'names no client'],
      ['an unknown client', { client_id: 'mcp-client-unknown' }, 'is not registered'],
      ['no redirect URI', { redirect_uri: undefined }, 'names no redirect URI'],
      [
        'a redirect URI the client did not register',
        { redirect_uri: 'http://127.0.0.1:1/other' },
        'not one that client',
      ],
      [
        'a prefix of a registered redirect URI',
        { redirect_uri: 'http://127.0.0.1:1/callback/more' },
        'not one that client',
      ],
    ])('%s', async (_name, overrides, message) => {
      const response = await authorize({ ...goodRequest(), ...overrides });

      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(message);
    });
  });

  describe('back to the client, with the state, once the redirect URI is trusted', () => {
    test.each([
      ['another response type', { response_type: 'token' }, 'unsupported_response_type'],
      ['no code challenge', { code_challenge: undefined }, 'invalid_request'],
      ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['no PKCE method (plain by default)', { code_challenge_method: undefined }, 'invalid_request'],
      ['a code challenge that is not a digest', { code_challenge: 'short' }, 'invalid_request'],
      ['another resource', { resource: 'http://127.0.0.1:9/mcp' }, 'invalid_target'],
      ['no resource', { resource: undefined }, 'invalid_target'],
      ['a scope the client did not register', { scope: 'mcp:read mcp:action' }, 'invalid_scope'],
      ['an unknown scope', { scope: 'mcp:read admin' }, 'invalid_scope'],
    ])('%s', async (_name, overrides, error) => {
      const response = await authorize({ ...goodRequest(), ...overrides });

      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toEqual(expect.any(String));
      expect(location.searchParams.get('state')).toBe('xyz');
    });
  });

  describe('token requests', () => {
    test.each([
      ['no grant type', {}, 400, 'invalid_request'],
      ['the client credentials grant', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
      [
        'a code grant without a verifier',
        { grant_type: 'authorization_code', code: 'c', redirect_uri: REDIRECT_URI },
        400,
        'invalid_request',
      ],
    ])('%s', async (_name, body, status, error) => {
      const response = await token({ client_id: clientId, ...body });

      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error, error_description: expect.any(String) });
    });

    test('another resource', async () => {
      const response = await token({
        grant_type: 'authorization_code',
        code: 'c',
        redirect_uri: REDIRECT_URI,
        code_verifier: pkce().verifier,
        client_id: clientId,
        resource: 'http://elsewhere.test/mcp',
      });

      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_target' });
    });

    test("relays the platform's refusal of an unknown code", async () => {
      const response = await token({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: REDIRECT_URI,
        code_verifier: pkce().verifier,
        client_id: clientId,
      });

      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    });

    test("relays the platform's 401 for an unknown client", async () => {
      const response = await token({
        grant_type: 'refresh_token',
        refresh_token: 'r',
        client_id: 'mcp-client-unknown',
      });

      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    });
  });
});

import { MCP_AUTHORIZE_PATH, type McpClientRegistrationResponse } from '@platform/platform-contract';
import request from 'supertest';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { setRole } from '../factories/user-factory';
import { describeEachDatabase } from '../helpers/test-context';
import { csrfFieldOf } from '../identity/login-helpers';
import {
  answerConsent,
  authorizePath,
  CLIENT_REDIRECT_URI,
  consentFieldsOf,
  pkcePair,
  redirectQueryOf,
  registerClient,
  resourceOf,
  seedTeamMember,
  signedInBrowser,
} from './mcp-auth-client';

describeEachDatabase(`GET and POST ${MCP_AUTHORIZE_PATH}`, (kind) => {
  let platform: AgentPlatform;
  let client: McpClientRegistrationResponse;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
    client = await registerClient(platform, { client_name: 'Claude Desktop', scope: 'mcp:read mcp:write' });
  });
  afterAll(() => platform.close());

  const member = () => platform.world.member.email;
  const pathFor = (overrides: Record<string, string | null> = {}, target = client) =>
    authorizePath(platform, { client: target, challenge: pkcePair().challenge }, overrides);
  const expectPage = (response: request.Response, status: number, message: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain(message);
  };
  const expectClientError = (response: request.Response, error: string, state: string | null = 'state-xyz') => {
    expect(response.status).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(CLIENT_REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('code')).toBeNull();
  };

  describe('before the redirect URI is trusted: an error page, never a redirect', () => {
    test('an incomplete link', async () => {
      const response = await request(platform.serverUrl).get(pathFor({ clientId: null }));

      expectPage(response, 400, 'The authorization link is incomplete');
    });

    test('an unknown environment', async () => {
      const response = await request(platform.serverUrl).get(pathFor({ environmentId: '987654321' }));

      expectPage(response, 400, 'No environment with id 987654321.');
    });

    test('an unknown client', async () => {
      const response = await request(platform.serverUrl).get(pathFor({ clientId: 'mcp_unknown' }));

      expectPage(response, 400, 'The MCP client mcp_unknown is not registered');
    });

    test('a revoked client', async () => {
      const revoked = await registerClient(platform);
      await platform.context.prisma.mcpClient.update({
        where: { id: revoked.client_id },
        data: { revokedAt: new Date() },
      });

      const response = await request(platform.serverUrl).get(pathFor({}, revoked));

      expectPage(response, 400, `The MCP client ${revoked.client_id} is not registered (or was revoked)`);
    });

    test.each([
      ['another URI', 'https://evil.example.test/callback'],
      ['a trailing slash', `${CLIENT_REDIRECT_URI}/`],
      ['an extra query', `${CLIENT_REDIRECT_URI}?next=1`],
      ['another case', CLIENT_REDIRECT_URI.replace('callback', 'Callback')],
      ['another port', CLIENT_REDIRECT_URI.replace('8765', '8766')],
    ])('a redirect URI the client did not register (%s)', async (_label, redirectUri) => {
      const browser = await signedInBrowser(platform, member());

      const response = await browser.get(pathFor({ redirectUri }));

      expectPage(response, 400, 'The redirect URI is not one that the MCP client Claude Desktop registered.');
    });
  });

  describe('after: back to the client with error, error_description and state', () => {
    test.each([
      ['no PKCE challenge', { codeChallenge: null }, 'invalid_request'],
      ['the plain PKCE method', { codeChallengeMethod: 'plain' }, 'invalid_request'],
      ['a malformed challenge', { codeChallenge: 'short' }, 'invalid_request'],
      ['an unknown scope', { scope: 'mcp:read admin' }, 'invalid_scope'],
      ['a scope beyond the client registration', { scope: 'mcp:read mcp:action' }, 'invalid_scope'],
      ['no scope', { scope: ' ' }, 'invalid_scope'],
      ['a resource that is not http(s)', { resource: 'ftp://agent.example.test/mcp' }, 'invalid_target'],
      ['a resource with a fragment', { resource: 'http://agent.example.test:3310/mcp#x' }, 'invalid_target'],
      ['a resource with credentials', { resource: 'http://user:pass@agent.example.test:3310/mcp' }, 'invalid_target'],
      ['no resource', { resource: null }, 'invalid_target'],
    ])('refuses %s', async (_label, overrides, error) => {
      const browser = await signedInBrowser(platform, member());

      const response = await browser.get(pathFor(overrides));

      expectClientError(response, error);
    });

    test.each([
      ['at another port (the MCP listener of a standalone agent)', (url: URL) => Object.assign(url, { port: '3931' })],
      [
        'on another host (an MCP server with a public URL of its own)',
        (url: URL) => Object.assign(url, { hostname: 'mcp.example.test' }),
      ],
    ])('accepts a resource %s: the agent checks it', async (_label, move) => {
      const browser = await signedInBrowser(platform, member());
      const resource = move(new URL(resourceOf(platform)));

      const response = await browser.get(pathFor({ resource: resource.toString() }));

      expect(response.status).toBe(200);
    });

    test('leaves the state out when the client sent none', async () => {
      const response = await request(platform.serverUrl).get(pathFor({ state: null, codeChallenge: null }));

      expectClientError(response, 'invalid_request', null);
    });
  });

  test('sends a visitor to the login page, then back to the consent page', async () => {
    const browser = request.agent(platform.serverUrl);
    const path = pathFor();

    const first = await browser.get(path).expect(303);
    const loginUrl = new URL(first.headers.location as string, platform.serverUrl);
    const form = await browser.get(`${loginUrl.pathname}${loginUrl.search}`).expect(200);
    const signedIn = await browser
      .post('/login')
      .type('form')
      .send({
        _csrf: csrfFieldOf(form.text),
        email: member(),
        password: 'correct-password',
        next: loginUrl.searchParams.get('next'),
      })
      .expect(303);
    const consent = await browser.get(signedIn.headers.location as string);

    expect(loginUrl.pathname).toBe('/login');
    expect(signedIn.headers.location).toBe(path);
    // The login form may end on the client (remembered consent): its CSP allows that origin.
    expect(form.headers['content-security-policy']).toContain("form-action 'self' http://127.0.0.1:8765");
    expect(consent.status).toBe(200);
    expect(consent.text).toContain('Allow');
  });

  test('the consent page names the client, its redirect host, the scopes in words, the environment and project', async () => {
    const browser = await signedInBrowser(platform, member());

    const page = await browser.get(pathFor({ scope: 'mcp:read mcp:write' })).expect(200);

    expect(page.text).toContain('<strong data-testid="client-name">Claude Desktop</strong>');
    expect(page.text).toContain('<strong data-testid="redirect-host">127.0.0.1:8765</strong>');
    expect(page.text).toContain('<li data-scope="mcp:read">Read the records you can see</li>');
    expect(page.text).toContain('<li data-scope="mcp:write">Create, update and delete records');
    expect(page.text).not.toContain('data-scope="mcp:action"');
    expect(page.text).toContain(`<strong data-testid="environment">${platform.world.environment.name}</strong>`);
    expect(page.text).toContain(`<strong data-testid="project">${platform.world.project.name}</strong>`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://127.0.0.1:8765");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  test('approving sends a code and the state to the client, and records the grant', async () => {
    const admin = await seedTeamMember(platform, 'Admin');
    const browser = await signedInBrowser(platform, admin.email);

    const answer = await answerConsent(browser, pathFor({ state: 'opaque/state?x=1' }), 'approve');

    expect(answer.status).toBe(303);
    const query = redirectQueryOf(answer.headers.location);
    expect(query.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')).toBe('opaque/state?x=1');
    expect(query.get('iss')).toBeNull();
    const grant = await platform.context.prisma.mcpGrant.findFirst({
      where: { clientId: client.client_id, userId: admin.id, isActive: true },
    });
    expect(grant).toMatchObject({
      scopes: ['mcp:read', 'mcp:write'],
      role: 'Admin',
      environmentId: platform.world.environment.id,
    });
    const entry = await platform.context.prisma.adminLog.findFirst({
      where: { action: 'mcp_grant.consent', targetId: String(grant?.id) },
    });
    expect(entry).toMatchObject({ userEmail: admin.email, projectId: platform.world.project.id });
    expect(entry?.details).toMatchObject({
      clientId: client.client_id,
      scopes: ['mcp:read', 'mcp:write'],
      isNewGrant: true,
    });
  });

  test('denying sends access_denied and the state, and records nothing', async () => {
    const browser = await signedInBrowser(platform, member());
    const otherClient = await registerClient(platform);

    const answer = await answerConsent(browser, pathFor({}, otherClient), 'deny');

    expectClientError(answer, 'access_denied');
    expect(await platform.context.prisma.mcpGrant.count({ where: { clientId: otherClient.client_id } })).toBe(0);
  });

  test('a consent without its CSRF token is refused with a 403 page and no code', async () => {
    const browser = await signedInBrowser(platform, member());
    const otherClient = await registerClient(platform);
    const page = await browser.get(pathFor({}, otherClient)).expect(200);
    const { _csrf: _token, ...fields } = consentFieldsOf(page.text);

    const withoutToken = await browser
      .post(MCP_AUTHORIZE_PATH)
      .type('form')
      .send({ ...fields, decision: 'approve' });
    const withWrongToken = await browser
      .post(MCP_AUTHORIZE_PATH)
      .type('form')
      .send({ ...fields, _csrf: 'A'.repeat(43), decision: 'approve' });

    expectPage(withoutToken, 403, 'CSRF token');
    expectPage(withWrongToken, 403, 'CSRF token');
    expect(await platform.context.prisma.mcpGrant.count({ where: { clientId: otherClient.client_id } })).toBe(0);
  });

  test('a tampered consent form is refused: a page for an unregistered redirect URI or no decision', async () => {
    const browser = await signedInBrowser(platform, member());
    const otherClient = await registerClient(platform);
    const fields = consentFieldsOf((await browser.get(pathFor({}, otherClient)).expect(200)).text);

    const elsewhere = await browser
      .post(MCP_AUTHORIZE_PATH)
      .type('form')
      .send({ ...fields, redirectUri: 'https://evil.example.test/callback', decision: 'approve' });
    const undecided = await browser
      .post(MCP_AUTHORIZE_PATH)
      .type('form')
      .send({ ...fields, decision: 'maybe' });

    expectPage(elsewhere, 400, 'The redirect URI is not one that the MCP client');
    expectPage(undecided, 400, 'choose Allow or Deny');
    expect(await platform.context.prisma.mcpGrant.count({ where: { clientId: otherClient.client_id } })).toBe(0);
  });

  test('a consent posted without a session is refused with a 401 page', async () => {
    const browser = await signedInBrowser(platform, member());
    const page = await browser.get(pathFor()).expect(200);
    await browser
      .post('/logout')
      .type('form')
      .send({ _csrf: consentFieldsOf(page.text)._csrf })
      .expect(303);

    const answer = await browser
      .post(MCP_AUTHORIZE_PATH)
      .type('form')
      .send({ ...consentFieldsOf(page.text), decision: 'approve' });

    expectPage(answer, 401, 'Your sign-in ended');
  });

  test('a remembered consent skips the page, until the client asks for more', async () => {
    const browser = await signedInBrowser(platform, member());
    const remembering = await registerClient(platform);
    await answerConsent(browser, pathFor({ scope: 'mcp:read mcp:write' }, remembering), 'approve');

    const again = await browser.get(pathFor({ scope: 'mcp:read mcp:write' }, remembering));
    const fewer = await browser.get(pathFor({ scope: 'mcp:read' }, remembering));
    const more = await browser.get(pathFor({ scope: 'mcp:read mcp:action' }, remembering));

    expect(again.status).toBe(303);
    expect(redirectQueryOf(again.headers.location).get('code')).toBeTruthy();
    expect(fewer.status).toBe(303);
    expect(more.status).toBe(200);
    expect(more.text).toContain('data-scope="mcp:action"');
  });

  test('a remembered consent is asked again once the user role changed', async () => {
    const user = await seedTeamMember(platform, 'Editor');
    const browser = await signedInBrowser(platform, user.email);
    await answerConsent(browser, pathFor(), 'approve');
    await setRole(platform.context, platform.world.project, user, 'Developer');

    const response = await browser.get(pathFor());

    expect(response.status).toBe(200);
    expect(response.text).toContain('(Developer)');
  });

  test('a revoked grant is forgotten: the page asks again', async () => {
    const browser = await signedInBrowser(platform, member());
    const remembering = await registerClient(platform);
    await answerConsent(browser, pathFor({}, remembering), 'approve');
    await platform.context.prisma.mcpGrant.updateMany({
      where: { clientId: remembering.client_id },
      data: { revokedAt: new Date(), isActive: null, revokedReason: 'operator' },
    });

    const response = await browser.get(pathFor({}, remembering));

    expect(response.status).toBe(200);
  });

  test('a user without access to the environment gets a 403 page', async () => {
    const browser = await signedInBrowser(platform, platform.world.outsider.email);

    const response = await browser.get(pathFor());

    expectPage(response, 403, 'You have no access to environment');
  });
});

import { AUTHORIZE_PATH, agentContract, callAgentContract } from '@platform/platform-contract';
import type { SuiteContext } from './suite-context';

/** One authorization code's lifetime on every server. */
const CODE_LIFETIME_MS = 60_000;

/**
 * Signing a user in for an agent: the authorize page's refusals (HTML error pages, never cached),
 * and the exchange of the code it issues.
 */
export function describeSignInCases(suite: SuiteContext): void {
  const { send } = suite;
  const callbackUri = () => `${suite.target().agentUrl}/platform/authentication/callback`;
  const environment = () =>
    callAgentContract({ serverUrl: suite.target().serverUrl, envSecret: suite.target().envSecret }, 'environment');
  const authorize = (query: Record<string, string>) =>
    send(`${AUTHORIZE_PATH}?${new URLSearchParams(query)}`, { secret: null });
  const exchange = (code: string, redirectUri = callbackUri()) =>
    send(agentContract.exchangeCode.path, { method: 'POST', body: JSON.stringify({ code, redirectUri }) });

  const expectErrorPage = async (response: Response, status: number, message: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain(message);
  };

  describe('the authorize page', () => {
    test('refuses an incomplete link with a 400 error page', async () => {
      const { id } = await environment();

      await expectErrorPage(
        await authorize({ environmentId: String(id), state: 's' }),
        400,
        'The sign-in link is incomplete: it needs environmentId, redirectUri and state.',
      );
    });

    test('refuses an unknown environment with a 400 error page', async () => {
      const response = await authorize({ environmentId: '987654321', redirectUri: callbackUri(), state: 's' });

      await expectErrorPage(response, 400, 'No environment with id 987654321.');
    });

    // Same origin, no credentials, a path at or below the agent URL's: a string prefix is not enough.
    const outside = (agentUrl: string) => {
      const url = new URL(agentUrl);
      return [
        `${agentUrl}-other/callback`,
        `${url.origin}${url.pathname}/../callback`,
        `${url.protocol}//user:password@${url.host}${url.pathname}/callback`,
        `${url.protocol === 'http:' ? 'https:' : 'http:'}//${url.host}${url.pathname}/callback`,
        `${url.protocol}//evil.example.test${url.pathname}/callback`,
      ];
    };
    test('refuses a redirect URI outside the agent URL with a 400 error page', async () => {
      const { id, name } = await environment();
      const uris = outside(suite.target().agentUrl);
      expect(uris.length).toBeGreaterThan(0);

      for (const redirectUri of uris) {
        const response = await authorize({ environmentId: String(id), redirectUri, state: 's' });
        await expectErrorPage(response, 400, `The redirect URI is not under the agent URL of environment ${name}.`);
      }
    });

    test('accepts the agent URL itself and any path below it, however its origin is cased', async () => {
      const { id } = await environment();
      const url = new URL(suite.target().agentUrl);
      const uris = [
        suite.target().agentUrl,
        callbackUri(),
        `${url.protocol.toUpperCase()}//${url.host.toUpperCase()}${url.pathname}/callback`,
      ];

      for (const redirectUri of uris) {
        const response = await authorize({ environmentId: String(id), redirectUri, state: 's' });
        // Signed in, the browser goes to the redirect URI; otherwise to the platform's login first.
        expect(response.status).toBe(303);
      }
    });
  });

  describe('the code exchange', () => {
    const expectRefusal = async (response: Response, message: string) => {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'invalid_grant', message });
    };

    test('a code is exchanged once for its user, with its redirect URI only', async () => {
      const code = await suite.target().seed.issueCode(callbackUri());

      const wrongUri = await exchange(code, `${suite.target().agentUrl}/elsewhere`);
      const exchanged = await exchange(code);
      const again = await exchange(code);

      await expectRefusal(wrongUri, 'The redirect URI differs from the one the code was issued for.');
      // The refusal above did not use the code up.
      expect(exchanged.status).toBe(200);
      expect(await exchanged.json()).toMatchObject({ user: { email: suite.target().userEmail } });
      await expectRefusal(again, 'The code was already used; sign in again.');
    });

    test('an unknown code is refused', async () => {
      await expectRefusal(await exchange('not-a-code-this-server-issued'), 'The code is not valid.');
    });

    test('a code works until its minute is over', async () => {
      const { seed } = suite.target();
      const fresh = await seed.issueCode(callbackUri());
      const stale = await seed.issueCode(callbackUri());

      await seed.advanceClock(CODE_LIFETIME_MS - 1_000);
      const inTime = await exchange(fresh);
      await seed.advanceClock(1_000);
      const late = await exchange(stale);

      expect(inTime.status).toBe(200);
      await expectRefusal(late, 'The code expired; sign in again.');
    });

    test('a code of a user who lost access since is refused', async () => {
      const code = await suite.target().seed.issueCodeForRemovedUser(callbackUri());

      await expectRefusal(await exchange(code), 'The user no longer has access to this environment.');
    });
  });
}

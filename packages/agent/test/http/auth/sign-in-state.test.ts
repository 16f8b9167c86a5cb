import { signSignInState, verifySignInState } from '../../../src/http/auth/sign-in-state';

const SECRET = 'a-secret-of-the-agent-long-enough!!';

describe('sign-in state', () => {
  test('carries the redirect URI and redirectTo back', () => {
    const state = signSignInState(SECRET, { redirectUri: 'http://a/cb', redirectTo: '/x' });

    expect(verifySignInState(SECRET, state)).toMatchObject({ redirectUri: 'http://a/cb', redirectTo: '/x' });
  });

  test('expires after 10 minutes', () => {
    const state = signSignInState(SECRET, { redirectUri: 'http://a/cb' }, Date.now() - 10 * 60_000 - 1_000);

    expect(() => verifySignInState(SECRET, state)).toThrow(/longer than 10 minutes/);
  });

  test('refuses a state signed with another secret', () => {
    const state = signSignInState('another-secret-another-secret!!', { redirectUri: 'http://a/cb' });

    expect(() => verifySignInState(SECRET, state)).toThrow(
      expect.objectContaining({ name: 'InvalidSignInStateError' }),
    );
  });

  test('refuses garbage', () => {
    expect(() => verifySignInState(SECRET, 'garbage')).toThrow(
      expect.objectContaining({ name: 'InvalidSignInStateError' }),
    );
  });
});

import * as jose from 'jose';
import { SignJWT } from 'jose';
import { createAuthSecretTokenVerifier } from '../../../src/http/auth/auth-secret-token-verifier';
import { AUTH_SECRET, makeClaims, signToken } from '../../factories/tokens';

jest.mock('jose', () => {
  const actual = jest.requireActual('jose');
  return { ...actual, jwtVerify: jest.fn(actual.jwtVerify) };
});

const jwtVerify = jose.jwtVerify as jest.MockedFunction<typeof jose.jwtVerify>;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

async function signAt(claims: Record<string, unknown>, times: { exp: number; nbf?: number }): Promise<string> {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(times.exp);
  if (times.nbf !== undefined) jwt = jwt.setNotBefore(times.nbf);
  return jwt.sign(new TextEncoder().encode(AUTH_SECRET));
}

/** Changes one character of the token's payload (or signature), keeping it a well-formed JWT. */
function tamper(token: string, part: 1 | 2): string {
  const parts = token.split('.');
  const segment = parts[part] as string;
  const index = Math.floor(segment.length / 2);
  const replacement = segment[index] === 'A' ? 'B' : 'A';
  parts[part] = `${segment.slice(0, index)}${replacement}${segment.slice(index + 1)}`;
  return parts.join('.');
}

describe('createAuthSecretTokenVerifier: cache of verified tokens', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    jwtVerify.mockClear();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('verifies the signature of a token once, then answers the same caller from the cache', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signToken();

    const first = await verifier.verify(token);
    const second = await verifier.verify(token);

    expect(jwtVerify).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(first).toEqual({
      id: 7,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      team: 'Operations',
      role: 'Admin',
      tags: { region: 'EU' },
      timezone: 'UTC',
    });
  });

  test('answers TokenExpiredError once a cached token has expired, and keeps answering it', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signAt(makeClaims(), { exp: seconds(NOW) + 1 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 7 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 7 });
    expect(jwtVerify).toHaveBeenCalledTimes(1);

    // jwtVerify's rule: expired when exp <= now (seconds).
    jest.setSystemTime(NOW + 1000);

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'TokenExpiredError' });
    // Evicted: the next attempt goes back to jose, which rejects it too.
    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'TokenExpiredError' });
    expect(jwtVerify).toHaveBeenCalledTimes(2);
  });

  test('answers InvalidTokenError for a cached token when the clock goes back before its nbf', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signAt(makeClaims(), { nbf: seconds(NOW) - 10, exp: seconds(NOW) + 3600 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 7 });

    jest.setSystemTime(NOW - 60_000);

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
  });

  test.each([
    ['payload', 1],
    ['signature', 2],
  ] as const)('never caches a token whose %s was tampered with', async (_part, index) => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signToken();
    const tampered = tamper(token, index);
    await verifier.verify(token);

    await expect(verifier.verify(tampered)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    await expect(verifier.verify(tampered)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    expect(jwtVerify).toHaveBeenCalledTimes(3);
    // The genuine token is still served from the cache.
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 7 });
    expect(jwtVerify).toHaveBeenCalledTimes(3);
  });

  test('never caches a token signed with another secret, nor one whose claims describe no user', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const foreign = await signToken({ secret: 'another-secret-of-at-least-32-characters!!' });
    const noUser = await signToken({ claims: makeClaims({ email: undefined }) });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(verifier.verify(foreign)).rejects.toMatchObject({ name: 'InvalidTokenError' });
      await expect(verifier.verify(noUser)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    }
    expect(jwtVerify).toHaveBeenCalledTimes(4);
  });

  test('keeps one cache per verifier: a verifier of a new secret refuses a token cached under the old one', async () => {
    const previous = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signToken();
    await previous.verify(token);
    await expect(previous.verify(token)).resolves.toMatchObject({ id: 7 });
    expect(jwtVerify).toHaveBeenCalledTimes(1);

    const rotated = createAuthSecretTokenVerifier('a-rotated-secret-of-at-least-32-characters!');

    await expect(rotated.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    expect(jwtVerify).toHaveBeenCalledTimes(2);
  });

  test('keeps at most cacheSize tokens, evicting the least recently used', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET, { cacheSize: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map((id) => signToken({ claims: makeClaims({ id }) })));

    await verifier.verify(a as string);
    await verifier.verify(b as string);
    await verifier.verify(a as string); // hit: a is now the most recently used
    await verifier.verify(c as string); // evicts b
    expect(jwtVerify).toHaveBeenCalledTimes(3);

    await expect(verifier.verify(a as string)).resolves.toMatchObject({ id: 1 });
    expect(jwtVerify).toHaveBeenCalledTimes(3);
    await expect(verifier.verify(b as string)).resolves.toMatchObject({ id: 2 });
    expect(jwtVerify).toHaveBeenCalledTimes(4);
  });

  test('verifies every time with cacheSize 0', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET, { cacheSize: 0 });
    const token = await signToken();

    await verifier.verify(token);
    await verifier.verify(token);

    expect(jwtVerify).toHaveBeenCalledTimes(2);
  });

  test('gives each request its own caller: changing one does not change the cached one', async () => {
    const verifier = createAuthSecretTokenVerifier(AUTH_SECRET);
    const token = await signToken();
    const first = (await verifier.verify(token)) as { tags: Record<string, string>; role: string };
    first.tags.region = 'US';
    first.role = 'User';

    const second = await verifier.verify(token);

    expect(second).toMatchObject({ role: 'Admin', tags: { region: 'EU' } });
  });
});

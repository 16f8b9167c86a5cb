import { SignJWT } from 'jose';

/** A valid environment secret: 64 hexadecimal characters. */
export const ENV_SECRET = 'a'.repeat(64);

export const AUTH_SECRET = 'test-auth-secret-of-at-least-32-characters!';

/** Claims of a user token; tests override what they need. */
export function makeClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    team: 'Operations',
    role: 'Admin',
    tags: { region: 'EU' },
    ...overrides,
  };
}

/** A user token signed HS256 with `secret`, valid for an hour unless `expiresAt` says otherwise. */
export async function signToken(
  options: { claims?: Record<string, unknown>; secret?: string; expiresAt?: number | string } = {},
): Promise<string> {
  return new SignJWT(options.claims ?? makeClaims())
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? '1h')
    .sign(new TextEncoder().encode(options.secret ?? AUTH_SECRET));
}

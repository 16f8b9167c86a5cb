import { SignJWT } from 'jose';

/** A user token as the agent signs it after authentication: HS256 with the auth secret. */
export async function signUserToken(authSecret: string): Promise<string> {
  return new SignJWT({
    id: 1,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    team: 'Ops',
    role: 'Admin',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(authSecret));
}

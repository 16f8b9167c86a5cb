// The user tokens benchmarks send to agents, signed with jose as a platform would sign them.
import { SignJWT } from 'jose';

/** An HS256 JWT of `claims` signed with `secret`, valid for an hour. */
export function signToken(claims, secret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/** The claims of the user our agents' benchmarks call as: an Admin with no tags. */
export const BENCH_USER = Object.freeze({
  id: 1,
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Mark',
  team: 'Ops',
  role: 'Admin',
  tags: {},
});

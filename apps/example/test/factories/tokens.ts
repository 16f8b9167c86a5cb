import { createDevelopmentUserToken } from '@platform/agent';

export const AUTH_SECRET = 'example-test-auth-secret-of-32-characters';

/** A token the example accepts offline (its `authSecret`), for user 1, an Admin. */
export function developmentToken(): Promise<string> {
  return createDevelopmentUserToken({ authSecret: AUTH_SECRET });
}

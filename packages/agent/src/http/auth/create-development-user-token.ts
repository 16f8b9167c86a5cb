import { type Caller, parseWithZod } from '@platform/datasource-toolkit';
import { type UserIdentity, userIdentitySchema } from '@platform/platform-contract';
import { SignJWT } from 'jose';
import { z } from 'zod';

/** Who a development token says the caller is (spec agent-library §2.8); `timezone` defaults to `UTC`. */
export type DevelopmentUser = Pick<Caller, keyof UserIdentity | 'timezone'>;

/** The user a development token describes, unless `user` says otherwise. */
const DEVELOPMENT_USER: DevelopmentUser = Object.freeze({
  id: 1,
  email: 'developer@example.com',
  firstName: 'Dev',
  lastName: 'Eloper',
  team: 'Operations',
  role: 'Admin',
  tags: {},
  timezone: 'UTC',
});

const optionsSchema = z.strictObject({
  authSecret: z.string({ error: 'expected the agent authSecret (or PLATFORM_AUTH_SECRET)' }).min(1),
  user: z
    .strictObject({ ...userIdentitySchema.shape, email: z.string().min(1), timezone: z.string().min(1) })
    .partial()
    .default({}),
  expiresIn: z.number().int().positive('expected a positive number of seconds').default(3600),
});

export interface DevelopmentUserTokenOptions {
  /** The agent's `authSecret`; default: env `PLATFORM_AUTH_SECRET`. */
  readonly authSecret?: string;
  /** Overrides fields of `DEVELOPMENT_USER` (id 1, developer@example.com, role Admin). */
  readonly user?: Partial<DevelopmentUser>;
  /** Seconds until the token expires; default 3600. The agent refuses more than `maxTokenLifetime`. */
  readonly expiresIn?: number;
}

/**
 * Signs a user token the agent accepts (HS256 with `authSecret`, with `iat` and `exp`), for
 * development: until the agent is connected to the platform, nothing else issues one. Anyone who
 * knows the `authSecret` can sign such tokens, so keep the secret out of browsers and logs.
 *
 * @throws ValidationError naming each invalid option.
 * @example
 * // PLATFORM_AUTH_SECRET=... node -e "require('@platform/agent').createDevelopmentUserToken().then(console.log)"
 * const token = await createDevelopmentUserToken({ authSecret, user: { email: 'ada@example.com' } });
 * await fetch('http://localhost:3351/platform/books', { headers: { Authorization: `Bearer ${token}` } });
 */
export async function createDevelopmentUserToken(
  options: DevelopmentUserTokenOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { authSecret, user, expiresIn } = parseWithZod(
    optionsSchema,
    { ...options, authSecret: options.authSecret ?? env.PLATFORM_AUTH_SECRET },
    'development token options',
  );
  const issuedAt = Math.floor(Date.now() / 1000);

  return new SignJWT({ ...DEVELOPMENT_USER, ...user })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresIn)
    .sign(new TextEncoder().encode(authSecret));
}

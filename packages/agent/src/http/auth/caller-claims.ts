import type { Caller } from '@platform/datasource-toolkit';
import { userIdentitySchema } from '@platform/platform-contract';
import { z } from 'zod';
import { InvalidTokenError } from './authentication-errors';
import { isValidTimezone } from './timezone';

// User tokens carry the caller's identity (spec agent-library §2.8). Ids may come as numeric strings.
const callerClaimsSchema = userIdentitySchema.extend({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  email: z.string().min(1),
  tags: userIdentitySchema.shape.tags.default({}),
  timezone: z.string().refine(isValidTimezone, 'expected an IANA time zone').optional(),
  renderingId: z.number().int().optional(),
  environmentId: z.number().int().optional(),
  projectId: z.number().int().optional(),
});

/**
 * The caller a verified token describes, in UTC unless the token names a time zone.
 * @throws InvalidTokenError listing the claims that are missing or malformed.
 */
export function callerFromClaims(claims: unknown): Caller {
  const parsed = callerClaimsSchema.safeParse(claims);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'token'}: ${issue.message}`);
    throw new InvalidTokenError(`The token does not describe a user (${problems.join('; ')}).`);
  }

  const { timezone, ...identity } = parsed.data;

  return { ...identity, timezone: timezone ?? 'UTC' };
}

import { z } from 'zod';

/**
 * Who a user is, the one shape every side names them by (spec agent-library §2.8): the users the
 * platform lists, the claims of user tokens, the agent's `Caller`, and the values of a scope's
 * `{{currentUser.*}}` placeholders. Each extends it with what it adds (a rendering, a time zone).
 */
export const userIdentitySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Name of the user's team: in an environment, the team of the rendering the user works in. */
  team: z.string(),
  /** Project role. */
  role: z.string(),
  tags: z.record(z.string(), z.string()),
});

type UserIdentityFields = z.infer<typeof userIdentitySchema>;

/** A user's identity, read-only: see `userIdentitySchema`. */
export interface UserIdentity extends Readonly<Omit<UserIdentityFields, 'tags'>> {
  readonly tags: Readonly<UserIdentityFields['tags']>;
}

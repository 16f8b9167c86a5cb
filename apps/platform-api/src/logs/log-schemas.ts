import { z } from 'zod';

/**
 * Who acted, in a log entry. Logs keep the user as plain values so that entries survive the
 * user's deletion: there is no username, and `id` or `email` is missing when it was not known.
 */
export const logUserObject = z
  .object({ object: z.literal('user'), id: z.int().optional(), email: z.string().optional() })
  .meta({ id: 'LogUser' });

export const logDetails = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Free-form JSON context of the entry, depending on the action.' });

export type LogUserObject = z.infer<typeof logUserObject>;

/** The `user` of a log entry, or undefined when neither id nor email was recorded. */
export function toLogUser(userId: number | null, userEmail: string | null): LogUserObject | undefined {
  if (userId === null && userEmail === null) return undefined;
  return {
    object: 'user',
    ...(userId === null ? {} : { id: userId }),
    ...(userEmail === null ? {} : { email: userEmail }),
  };
}

/** JSON details as an object, or undefined (details are always written as objects). */
export function toLogDetails(details: unknown): Record<string, unknown> | undefined {
  return details !== null && typeof details === 'object' && !Array.isArray(details)
    ? (details as Record<string, unknown>)
    : undefined;
}

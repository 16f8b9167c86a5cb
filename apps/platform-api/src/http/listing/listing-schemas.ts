import { z } from 'zod';

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds (`toISOString()`). */
export const dateTime = z.iso.datetime({ precision: 3 }).meta({ example: '2026-01-31T12:00:00.000Z' });

export const userObject = z
  .object({
    object: z.literal('user'),
    id: z.int(),
    username: z.string(),
    email: z.string(),
  })
  .meta({ id: 'User', description: 'A platform user.' });

export const environmentObject = z
  .object({ object: z.literal('environment'), name: z.string() })
  .meta({ id: 'Environment' });

export const teamObject = z.object({ object: z.literal('team'), name: z.string() }).meta({ id: 'Team' });

export const collectionObject = z
  .object({ object: z.literal('collection'), name: z.string().meta({ description: 'As defined in the schema.' }) })
  .meta({ id: 'Collection' });

/** The request scope echoed by every listing. */
export function listingParameters<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, limit: z.int().min(1).max(100) });
}

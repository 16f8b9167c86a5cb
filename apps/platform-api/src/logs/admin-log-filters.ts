import { z } from 'zod';

const isoDate = z.coerce.date();

/** Query of an admin-log listing: filters, then `limit` entries ordered by `id` descending. */
export const adminLogFiltersSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  action: z.string().min(1).optional(),
  targetType: z.string().min(1).optional(),
  targetId: z.string().min(1).optional(),
  userId: z.coerce.number().int().positive().optional(),
  userEmail: z.string().min(1).optional(),
  tokenId: z.coerce.number().int().positive().optional(),
  /** Entries with an id below this one: the next page after a page ending at `beforeId`. */
  beforeId: z.coerce.number().int().positive().optional(),
  /** Bounds on the id (the public API's `id.lt`, `id.gte`, ... parameters). */
  id: z
    .object({
      eq: z.number().int(),
      lt: z.number().int(),
      lte: z.number().int(),
      gt: z.number().int(),
      gte: z.number().int(),
    })
    .partial()
    .optional(),
  createdAt: z.object({ eq: isoDate, lt: isoDate, lte: isoDate, gt: isoDate, gte: isoDate }).partial().optional(),
});

export type AdminLogFilters = z.output<typeof adminLogFiltersSchema>;
export type AdminLogFiltersInput = z.input<typeof adminLogFiltersSchema>;

import { z } from 'zod';

/** A packed record id: the primary key, or the values of a composite key joined with `|` (`12|34`). */
export const recordIdSchema = z
  .union([z.string().min(1), z.number()])
  .describe('A record id: its primary key value, or for a composite key the values joined with "|" (e.g. "12|34").');

/** Several packed record ids. */
export const recordIdsSchema = z.array(recordIdSchema).min(1).max(1000);

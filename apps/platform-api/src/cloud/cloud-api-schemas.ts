import { MAX_LOG_LINES } from '@platform/platform-contract';
import { z } from 'zod';

/** Lines a logs request answers when it names no `limit`. */
export const DEFAULT_LOG_LINES = 100;

const MAX_ID = 2_147_483_647;
const id = (what: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, `${what} is a positive integer`)
    .transform(Number)
    .refine((value) => value <= MAX_ID, `${what} is at most ${MAX_ID}`);

export const environmentParamsSchema = z.object({ environmentId: id('The environment id') });
export const bundleParamsSchema = environmentParamsSchema.extend({ version: id('The version') });

export const logsQuerySchema = z.object({
  after: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, 'after is a log line id (a non-negative integer)')
    .transform(Number)
    .refine((value) => value <= MAX_ID, `after is at most ${MAX_ID}`)
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'limit is a positive integer')
    .transform(Number)
    .refine((value) => value <= MAX_LOG_LINES, `limit is at most ${MAX_LOG_LINES}`)
    .default(DEFAULT_LOG_LINES),
});

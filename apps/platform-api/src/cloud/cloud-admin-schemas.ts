import { z } from 'zod';
import { environmentTargetSchema } from '../agents/agent-admin-schemas';
import { emailSchema } from '../identity/identity-schemas';

/** `cloud enable` and `cloud connection set`: where, and the database URL or the variable holding it. */
export const cloudConnectionOptionsSchema = environmentTargetSchema
  .extend({
    databaseUrl: z.string().min(1, 'The database URL is empty.').optional(),
    databaseUrlEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Name an environment variable, such as SHOP_DATABASE_URL.')
      .optional(),
  })
  .refine((options) => (options.databaseUrl === undefined) !== (options.databaseUrlEnv === undefined), {
    message: 'Give the database URL with exactly one of --database-url-env <VAR> (preferred) or --database-url <url>.',
    path: ['databaseUrlEnv'],
  });

export const cloudLoginIdSchema = z.coerce
  .number({ error: 'A login id is a positive integer.' })
  .int('A login id is a positive integer.')
  .positive('A login id is a positive integer.')
  .max(2_147_483_647, 'No login has so large an id.');

export const cloudLoginsListOptionsSchema = z.object({
  user: emailSchema.optional(),
  includeRevoked: z.boolean().default(false),
});

import { z } from 'zod';
import { emailSchema } from '../identity/identity-schemas';

/** `mcp grants revoke <grantId>`: a grant id as `mcp grants list` prints it. */
export const grantIdSchema = z.coerce
  .number({ error: 'A grant id is a positive integer.' })
  .int('A grant id is a positive integer.')
  .positive('A grant id is a positive integer.')
  .max(2_147_483_647, 'No grant has so large an id.');

/** `mcp grants list` filters; an environment is named within its project. */
export const grantListOptionsSchema = z
  .object({
    user: emailSchema.optional(),
    project: z.string().min(1).optional(),
    organization: z.string().min(1).optional(),
    environment: z.string().min(1).optional(),
    client: z.string().min(1).optional(),
    includeRevoked: z.boolean().default(false),
  })
  .refine((options) => options.environment === undefined || options.project !== undefined, {
    message: 'Name the project of the environment with --project.',
    path: ['environment'],
  });

/** `mcp clients register`: what an operator registers when dynamic registration is off. */
export const clientRegisterOptionsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  redirectUri: z.array(z.string().min(1)).min(1, 'Give at least one --redirect-uri.').max(10),
  scope: z.string().optional(),
});

import { z } from 'zod';
import { PERMISSION_LEVELS, TOKEN_SCOPES } from './token-scopes';

export const TOKEN_NAME_MAX_LENGTH = 100;

/**
 * What a user gives to create a token. Built per call because "expires in the future" depends on
 * the context clock. Duplicated scopes are dropped; the order is the canonical one of TOKEN_SCOPES.
 */
export function createTokenInputSchema(now: Date) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Give the token a name.')
        .max(TOKEN_NAME_MAX_LENGTH, `Token names are at most ${TOKEN_NAME_MAX_LENGTH} characters.`),
      scopes: z
        .array(z.enum(TOKEN_SCOPES, { error: `Scopes are ${TOKEN_SCOPES.join(', ')}.` }))
        .min(1, `Give at least one scope among ${TOKEN_SCOPES.join(', ')}.`)
        .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
      permissionLevel: z.enum(PERMISSION_LEVELS, { error: 'The permission level is read-only or read-write.' }),
      expiresAt: z
        .union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()], {
          error: 'The expiration date is an ISO 8601 date (2030-01-31) or date and time (2030-01-31T12:00:00Z).',
        })
        .transform((value) => new Date(value))
        .refine((date) => date.getTime() > now.getTime(), 'The expiration date must be in the future.')
        .nullish()
        .transform((date) => date ?? null),
    })
    .superRefine((input, context) => {
      if (input.permissionLevel === 'read-only' && input.scopes.includes('notes:write')) {
        context.addIssue({
          code: 'custom',
          path: ['scopes'],
          message: 'A read-only token cannot hold notes:write; choose read-write or drop the scope.',
        });
      }
    });
}

export type CreateTokenInput = z.input<ReturnType<typeof createTokenInputSchema>>;
export type ParsedCreateTokenInput = z.output<ReturnType<typeof createTokenInputSchema>>;

/** A path or CLI token id. */
export const tokenIdSchema = z.coerce.number({ error: 'A token id is a positive integer.' }).int().positive();

import { z } from 'zod';
import { Role } from '../generated/prisma/enums';

/** Emails are compared case-insensitively: they are stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'The email is required.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Give a valid email address, such as ada@example.com.' }).max(254));

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt accepts any length; the cap only keeps a request from posting megabytes of "password". */
export const PASSWORD_MAX_LENGTH = 1024;

export const passwordSchema = z
  .string({ error: 'The password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Passwords have at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Passwords have at most ${PASSWORD_MAX_LENGTH} characters.`);

export const personNameSchema = z.string().trim().max(100, 'Names have at most 100 characters.');

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'The username cannot be empty.')
  .max(254, 'Usernames have at most 254 characters.');

export const ROLES = Object.values(Role) as [Role, ...Role[]];

export const roleSchema = z.enum(ROLES, { error: `The role is one of ${ROLES.join(', ')}.` });

/**
 * Names of organizations, projects, environments and teams. Project and environment names appear
 * in URL paths (`/v1/project/{projectName}/environment/{environmentName}`), hence no slashes.
 */
export const resourceNameSchema = (what: string) =>
  z
    .string({ error: `The ${what} name is required.` })
    .trim()
    .min(1, { error: `The ${what} name cannot be empty.`, abort: true })
    .max(64, { error: `${capitalize(what)} names have at most 64 characters.`, abort: true })
    .regex(
      /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u,
      `${capitalize(what)} names start with a letter or digit and hold only letters, digits, spaces, "_", "." and "-".`,
    );

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

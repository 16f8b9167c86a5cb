import type { AppContext } from '../../src/context';
import type { Project, Role, User } from '../../src/generated/prisma/client';
import { hashPassword } from '../../src/identity/password-hasher';
import { uniqueSuffix } from './unique-suffix';

/** Cheap scrypt cost for seeded users: verification reads the cost from the hash, so sign-in stays fast. */
export const FAST_SCRYPT = { N: 1024, r: 8, p: 1 } as const;

export interface SeedUserOptions {
  readonly email?: string;
  /** Defaults to `correct-password`; null makes an SSO-only user. */
  readonly password?: string | null;
  readonly firstName?: string;
  readonly lastName?: string;
  /** Makes the user a member of this project, with `role`. */
  readonly project?: Project;
  /** Defaults to Admin. */
  readonly role?: Role;
}

/** A user whose username is their email, a member of `options.project` when given. */
export async function seedUser(context: AppContext, options: SeedUserOptions = {}): Promise<User> {
  const email = options.email ?? `user-${uniqueSuffix()}@example.com`;
  const password = options.password === undefined ? 'correct-password' : options.password;
  const user = await context.prisma.user.create({
    data: {
      email,
      username: email,
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? 'Lovelace',
      passwordHash: password === null ? null : await hashPassword(password, FAST_SCRYPT),
    },
  });
  if (options.project) {
    await context.prisma.projectMembership.create({
      data: { projectId: options.project.id, userId: user.id, role: options.role ?? 'Admin' },
    });
  }
  return user;
}

/** Changes the role of a member of the project. */
export async function setRole(context: AppContext, project: Project, user: User, role: Role): Promise<void> {
  await context.prisma.projectMembership.update({
    where: { projectId_userId: { projectId: project.id, userId: user.id } },
    data: { role },
  });
}

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { Project, Role, User } from '../../src/generated/prisma/client';
import { hashPassword } from '../../src/identity/password-hasher';

/** Cheap scrypt cost for seeded users: verification reads the cost from the hash, so sign-in stays fast. */
export const FAST_SCRYPT = { N: 1024, r: 8, p: 1 } as const;

/** A clock tests move by hand; pass `clock.now` as the test context's `now`. */
export interface TestClock {
  now(): Date;
  advance(milliseconds: number): void;
}

export function createTestClock(start = '2030-01-01T12:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

export const uniqueSuffix = (): string => randomBytes(4).toString('hex');

export async function seedProject(
  context: AppContext,
  overrides: { name?: string; usesSso?: boolean; environments?: readonly string[] } = {},
): Promise<Project> {
  const organization = await context.prisma.organization.create({ data: { name: `org-${uniqueSuffix()}` } });
  const project = await context.prisma.project.create({
    data: {
      organizationId: organization.id,
      name: overrides.name ?? `project-${uniqueSuffix()}`,
      usesSso: overrides.usesSso ?? false,
    },
  });
  for (const name of overrides.environments ?? []) {
    await context.prisma.environment.create({
      data: { projectId: project.id, name, secretHash: randomBytes(32).toString('hex') },
    });
  }
  return project;
}

export interface SeedUserOptions {
  email?: string;
  /** null makes an SSO-only user. */
  password?: string | null;
  firstName?: string;
  lastName?: string;
  project?: Project;
  role?: Role;
}

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

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { Project, Role, User } from '../../src/generated/prisma/client';

/** A clock tests move by hand; `context.now` reads it. */
export interface TestClock {
  now(): Date;
  set(date: Date | string): void;
  advance(milliseconds: number): void;
}

export function createTestClock(start: Date | string = '2030-01-01T12:00:00.000Z'): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (milliseconds) => {
      current = new Date(current.getTime() + milliseconds);
    },
  };
}

/** The same context with the hand-moved clock. */
export function withClock(context: AppContext, clock: TestClock): AppContext {
  return { ...context, now: clock.now };
}

const unique = () => randomBytes(4).toString('hex');

export async function seedProject(
  context: AppContext,
  overrides: { name?: string; usesSso?: boolean; organizationId?: number } = {},
): Promise<Project> {
  const organizationId =
    overrides.organizationId ?? (await context.prisma.organization.create({ data: { name: `org-${unique()}` } })).id;
  return context.prisma.project.create({
    data: { organizationId, name: overrides.name ?? `project-${unique()}`, usesSso: overrides.usesSso ?? false },
  });
}

export async function seedMember(
  context: AppContext,
  project: Project,
  overrides: { role?: Role; email?: string } = {},
): Promise<User> {
  const id = unique();
  const user = await context.prisma.user.create({
    data: { email: overrides.email ?? `user-${id}@example.com`, username: `user-${id}` },
  });
  await context.prisma.projectMembership.create({
    data: { projectId: project.id, userId: user.id, role: overrides.role ?? 'Admin' },
  });
  return user;
}

export async function setRole(context: AppContext, project: Project, user: User, role: Role): Promise<void> {
  await context.prisma.projectMembership.update({
    where: { projectId_userId: { projectId: project.id, userId: user.id } },
    data: { role },
  });
}

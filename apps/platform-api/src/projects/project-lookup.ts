import type { AppContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import type { Project, Role } from '../generated/prisma/client';

export interface MemberProject {
  readonly project: Project;
  readonly role: Role;
}

/**
 * The project named `projectName` (case sensitive) among those `userId` is a member of.
 *
 * Project names are unique per organization only; when the user belongs to two projects of that
 * name, `organizationName` picks one. A project the user is not a member of is reported as not
 * found, so that names of other tenants' projects do not leak.
 */
export async function findMemberProject(
  context: AppContext,
  userId: number,
  projectName: string,
  organizationName?: string,
): Promise<MemberProject> {
  const memberships = await context.prisma.projectMembership.findMany({
    where: { userId, project: { name: projectName, organization: organizationName ? { name: organizationName } : {} } },
    include: { project: { include: { organization: { select: { name: true } } } } },
  });
  const [first, second] = memberships;
  if (!first) throw new NotFoundError(`No project named "${projectName}" among your projects.`);
  if (second) {
    const organizations = memberships.map((membership) => membership.project.organization.name).join(', ');
    throw new ConflictError(
      `Several of your projects are named "${projectName}" (organizations ${organizations}); name the organization.`,
    );
  }
  const { organization: _organization, ...project } = first.project;
  return { project, role: first.role };
}

/** The project named `projectName` (case sensitive) of any organization, or of one when named. */
export async function findProjectByName(
  context: AppContext,
  projectName: string,
  organizationName?: string,
): Promise<Project> {
  const projects = await context.prisma.project.findMany({
    where: { name: projectName, organization: organizationName ? { name: organizationName } : {} },
    include: { organization: { select: { name: true } } },
  });
  const [first, second] = projects;
  if (!first) throw new NotFoundError(`No project named "${projectName}".`);
  if (second) {
    const organizations = projects.map((project) => project.organization.name).join(', ');
    throw new ConflictError(
      `Several projects are named "${projectName}" (organizations ${organizations}); name the organization (--organization in the CLI).`,
    );
  }
  const { organization: _organization, ...project } = first;
  return project;
}

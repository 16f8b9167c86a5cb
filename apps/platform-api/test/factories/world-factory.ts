import type { AppContext } from '../../src/context';
import type { Environment, Project, Team, User } from '../../src/generated/prisma/client';
import { uniqueSuffix } from './unique-suffix';
import { seedUser } from './user-factory';

/** A project with two environments, an Admin, a team the Admin belongs to, and a second team. */
export interface World {
  readonly project: Project;
  readonly environment: Environment;
  readonly otherEnvironment: Environment;
  readonly admin: User;
  readonly team: Team;
  readonly otherTeam: Team;
}

export async function seedWorld(context: AppContext, options: { readonly usesSso?: boolean } = {}): Promise<World> {
  const { prisma } = context;
  const organization = await prisma.organization.create({ data: { name: `org-${uniqueSuffix()}` } });
  // A capital letter, so that tests can check that project names are compared case-sensitively.
  const project = await prisma.project.create({
    data: { organizationId: organization.id, name: `Project-${uniqueSuffix()}`, usesSso: options.usesSso ?? false },
  });
  const environment = await prisma.environment.create({
    data: { projectId: project.id, name: 'Production', secretHash: uniqueSuffix() + uniqueSuffix() },
  });
  const otherEnvironment = await prisma.environment.create({
    data: { projectId: project.id, name: 'staging', secretHash: uniqueSuffix() + uniqueSuffix() },
  });
  const admin = await seedUser(context, { project, role: 'Admin' });
  const team = await prisma.team.create({ data: { projectId: project.id, name: 'Operations' } });
  const otherTeam = await prisma.team.create({ data: { projectId: project.id, name: 'Support' } });
  await prisma.teamMembership.create({ data: { teamId: team.id, userId: admin.id } });
  return { project, environment, otherEnvironment, admin, team, otherTeam };
}

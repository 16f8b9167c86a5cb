import type { AppContext } from '../../src/context';
import type { Environment, Project, Rendering, Team, User } from '../../src/generated/prisma/client';
import { generateEnvironmentSecret, hashEnvironmentSecret } from '../../src/identity/environment-secret';
import { uniqueSuffix } from './unique-suffix';
import { seedUser } from './user-factory';

/**
 * A project with an environment whose agent is at `agentUrl` (secret `envSecret`), a team
 * `Support` rendering it with an Editor (`member`) in it, an Admin in no team, and an Editor in no
 * team (`outsider`).
 */
export interface AgentWorld {
  readonly project: Project;
  readonly environment: Environment;
  readonly envSecret: string;
  readonly agentUrl: string;
  readonly team: Team;
  readonly rendering: Rendering;
  readonly member: User;
  readonly admin: User;
  readonly outsider: User;
}

export async function seedAgentWorld(
  context: AppContext,
  options: { readonly agentUrl?: string } = {},
): Promise<AgentWorld> {
  const { prisma } = context;
  const organization = await prisma.organization.create({ data: { name: `org-${uniqueSuffix()}` } });
  const project = await prisma.project.create({
    data: { organizationId: organization.id, name: `crm-${uniqueSuffix()}` },
  });
  const envSecret = generateEnvironmentSecret();
  const agentUrl = options.agentUrl ?? 'http://agent.example.test:3310/api';
  const environment = await prisma.environment.create({
    data: { projectId: project.id, name: 'production', secretHash: hashEnvironmentSecret(envSecret), agentUrl },
  });
  const team = await prisma.team.create({ data: { projectId: project.id, name: 'Support' } });
  const rendering = await prisma.rendering.create({ data: { environmentId: environment.id, teamId: team.id } });
  const member = await seedUser(context, { project, role: 'Editor', firstName: 'Grace', lastName: 'Hopper' });
  await prisma.teamMembership.create({ data: { teamId: team.id, userId: member.id } });
  const admin = await seedUser(context, { project, role: 'Admin' });
  const outsider = await seedUser(context, { project, role: 'Editor' });
  return { project, environment, envSecret, agentUrl, team, rendering, member, admin, outsider };
}

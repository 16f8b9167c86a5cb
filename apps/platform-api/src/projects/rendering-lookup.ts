import type { AppContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import type { Project, Rendering, Team } from '../generated/prisma/client';
import { type EnvironmentWithProject, findEnvironment } from './environment-lookup';

/** The team named `teamName` (case sensitive) of `project`, or 404. */
export async function findTeam(
  context: AppContext,
  project: Pick<Project, 'id' | 'name'>,
  teamName: string,
): Promise<Team> {
  const team = await context.prisma.team.findUnique({
    where: { projectId_name: { projectId: project.id, name: teamName } },
  });
  if (!team) throw new NotFoundError(`Project ${project.name} has no team named "${teamName}".`);
  return team;
}

/** The rendering of `environment` by the team named `teamName`, in one query; 404 when there is none. */
export async function findTeamRendering(
  context: AppContext,
  environment: EnvironmentWithProject,
  teamName: string,
): Promise<Rendering> {
  const rendering = await context.prisma.rendering.findFirst({
    where: { environmentId: environment.id, team: { name: teamName } },
  });
  if (!rendering) {
    throw new NotFoundError(
      `Project ${environment.project.name} has no team named "${teamName}" rendering ${environment.name}.`,
    );
  }
  return rendering;
}

/**
 * The rendering of the environment named `environmentName` by the team named `teamName`, both of
 * `project`: 404 for an unknown environment or team, 409 when that team does not render it.
 */
export async function findRenderingByNames(
  context: AppContext,
  project: Pick<Project, 'id' | 'name'>,
  environmentName: string,
  teamName: string,
): Promise<Rendering> {
  const environment = await findEnvironment(context, project, environmentName);
  const team = await findTeam(context, project, teamName);
  const rendering = await context.prisma.rendering.findUnique({
    where: { environmentId_teamId: { environmentId: environment.id, teamId: team.id } },
  });
  if (!rendering) {
    throw new ConflictError(`Team ${team.name} has no rendering of environment ${environment.name}.`);
  }
  return rendering;
}

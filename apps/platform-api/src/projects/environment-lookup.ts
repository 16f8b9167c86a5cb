import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import type { Environment, Project } from '../generated/prisma/client';
import { findProjectByName } from './project-lookup';

/** How a caller words an unknown environment name: the admin CLI and API and the public API differ. */
export type EnvironmentNotFound = (project: Pick<Project, 'name'>, environmentName: string) => NotFoundError;

/** The admin CLI's and admin API's 404 of an unknown environment name. */
export const noEnvironmentNamed: EnvironmentNotFound = (project, environmentName) =>
  new NotFoundError(`Project ${project.name} has no environment named "${environmentName}".`);

/** The public API's 404 of an unknown environment name, also for routes that resolve it in their own query. */
export const environmentNotFound: EnvironmentNotFound = (project, environmentName) =>
  new NotFoundError(
    `No environment named "${environmentName}" in project "${project.name}" (names are case sensitive).`,
  );

/** The environment named `environmentName` (case sensitive) of `project`, or `notFound`'s 404. */
export async function findEnvironment(
  context: AppContext,
  project: Pick<Project, 'id' | 'name'>,
  environmentName: string,
  notFound: EnvironmentNotFound = noEnvironmentNamed,
): Promise<Environment> {
  const environment = await context.prisma.environment.findUnique({
    where: { projectId_name: { projectId: project.id, name: environmentName } },
  });
  if (!environment) throw notFound(project, environmentName);
  return environment;
}

/** Names an environment, as the admin CLI does: its project, the organization when ambiguous. */
export interface EnvironmentTarget {
  readonly project: string;
  readonly organization?: string | undefined;
  readonly environment: string;
}

export type EnvironmentWithProject = Environment & { readonly project: Project };

/** The environment `target` names, with its project; NotFoundError / ConflictError otherwise. */
export async function findNamedEnvironment(
  context: AppContext,
  target: EnvironmentTarget,
): Promise<EnvironmentWithProject> {
  const project = await findProjectByName(context, target.project, target.organization);
  const environment = await findEnvironment(context, project, target.environment);
  return { ...environment, project };
}

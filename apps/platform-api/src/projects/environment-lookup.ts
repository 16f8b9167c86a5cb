import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import type { Environment, Project } from '../generated/prisma/client';

/** The environment named `environmentName` (case sensitive) of the token's project, or 404. */
export async function findEnvironment(
  context: AppContext,
  project: Project,
  environmentName: string,
): Promise<Environment> {
  const environment = await context.prisma.environment.findUnique({
    where: { projectId_name: { projectId: project.id, name: environmentName } },
  });
  if (!environment) throw environmentNotFound(project, environmentName);
  return environment;
}

/** The 404 of an unknown environment name, for routes that resolve the name inside their own query. */
export function environmentNotFound(project: Pick<Project, 'name'>, environmentName: string): NotFoundError {
  return new NotFoundError(
    `No environment named "${environmentName}" in project "${project.name}" (names are case sensitive).`,
  );
}

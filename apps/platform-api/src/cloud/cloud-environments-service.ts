import type { CloudEnvironment } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Prisma, Role } from '../generated/prisma/client';
import { hashEnvironmentSecret } from '../identity/environment-secret';
import { bundleVersions } from './bundle-versions';
import { NotACloudEnvironmentError, UnknownEnvironmentError } from './cloud-errors';

/** The project roles that may customize a cloud environment (read its introspection, publish). */
export const CUSTOMIZER_ROLES: readonly Role[] = ['Admin', 'Developer'];

const environmentSelect = (userId: number) =>
  ({
    id: true,
    name: true,
    agentUrl: true,
    projectId: true,
    project: {
      select: {
        id: true,
        name: true,
        organizationId: true,
        organization: { select: { id: true, name: true } },
        memberships: { where: { userId }, select: { role: true } },
      },
    },
    cloud: { select: { kind: true, introspectedAt: true } },
  }) satisfies Prisma.EnvironmentSelect;

type EnvironmentRow = Prisma.EnvironmentGetPayload<{ select: ReturnType<typeof environmentSelect> }>;

/** A cloud environment the caller may customize, as routes and services use it. */
export type CustomizableEnvironment = EnvironmentRow & { readonly cloud: NonNullable<EnvironmentRow['cloud']> };

/** The cloud environments of the projects where `userId` is Admin or Developer, by project then name. */
export async function listCustomizableEnvironments(context: AppContext, userId: number): Promise<CloudEnvironment[]> {
  const rows = await context.prisma.environment.findMany({
    where: {
      cloud: { isNot: null },
      project: { memberships: { some: { userId, role: { in: [...CUSTOMIZER_ROLES] } } } },
    },
    select: environmentSelect(userId),
    orderBy: [{ project: { name: 'asc' } }, { name: 'asc' }, { id: 'asc' }],
  });
  return toCloudEnvironments(context, rows as CustomizableEnvironment[]);
}

/**
 * The cloud environment whose secret is `environmentSecret`, when `userId` may customize it.
 * UnknownEnvironmentError (no such secret), NotACloudEnvironmentError, ForbiddenError.
 */
export async function lookupEnvironmentBySecret(
  context: AppContext,
  userId: number,
  environmentSecret: string,
): Promise<CloudEnvironment> {
  const row = await context.prisma.environment.findUnique({
    where: { secretHash: hashEnvironmentSecret(environmentSecret) },
    select: environmentSelect(userId),
  });
  if (!row) {
    throw new UnknownEnvironmentError(
      'No environment has this secret: check the ENV_SECRET you were given (an operator may have replaced it).',
    );
  }
  const environment = checkCustomizable(row);
  const [converted] = await toCloudEnvironments(context, [environment]);
  return converted as CloudEnvironment;
}

/**
 * Environment `environmentId` when `userId` may customize it. NotFoundError when it does not exist
 * or is in a project the user is not a member of (other projects' environments stay unseen);
 * NotACloudEnvironmentError; ForbiddenError for a member whose role is not Admin or Developer.
 */
export async function customizableEnvironment(
  context: AppContext,
  userId: number,
  environmentId: number,
): Promise<CustomizableEnvironment> {
  const row = await context.prisma.environment.findUnique({
    where: { id: environmentId },
    select: environmentSelect(userId),
  });
  if (!row || row.project.memberships.length === 0) {
    throw new NotFoundError(`No environment ${environmentId} in your projects.`);
  }
  return checkCustomizable(row);
}

function checkCustomizable(row: EnvironmentRow): CustomizableEnvironment {
  const where = `environment ${row.name} of project ${row.project.name}`;
  if (!row.cloud) {
    throw new NotACloudEnvironmentError(
      `The ${where} is not a cloud environment: its agent runs on your own servers, where you customize it in code.`,
    );
  }
  const role = row.project.memberships[0]?.role;
  if (!role || !CUSTOMIZER_ROLES.includes(role)) {
    throw new ForbiddenError(
      `Customizing the ${where} takes the Admin or Developer role in the project${role ? ` (yours is ${role})` : ''}: ask a project Admin.`,
    );
  }
  return row as CustomizableEnvironment;
}

/** The contract's view of `rows`, with their latest and live versions. */
async function toCloudEnvironments(
  context: AppContext,
  rows: readonly CustomizableEnvironment[],
): Promise<CloudEnvironment[]> {
  const versionsOf = await bundleVersions(
    context,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    project: { id: row.project.id, name: row.project.name },
    organization: { id: row.project.organization.id, name: row.project.organization.name },
    agentUrl: row.agentUrl,
    kind: row.cloud.kind,
    introspectedAt: row.cloud.introspectedAt?.toISOString() ?? null,
    ...versionsOf(row.id),
  }));
}

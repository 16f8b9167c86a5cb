import { enableCloudEnvironment } from '../../src/cloud/cloud-admin-service';
import type { AppContext } from '../../src/context';
import type { Environment, Project, User } from '../../src/generated/prisma/client';
import { generateEnvironmentSecret, hashEnvironmentSecret } from '../../src/identity/environment-secret';
import { uniqueSuffix } from './unique-suffix';
import { seedUser } from './user-factory';

/** The database URL every seeded cloud environment is enabled with (never opened by these tests). */
export const CLOUD_DATABASE_URL = 'postgres://shop:s3cret-pa55word@db.example.test:5432/shop';

/**
 * A project with a cloud environment (`cloud`, its secret `cloudSecret`) and a self-hosted one
 * (`selfHosted`, secret `selfHostedSecret`), a member of each role, and another project with a
 * cloud environment of its own whose Admin (`outsider`) is in no role of the first.
 */
export interface CloudWorld {
  readonly project: Project;
  readonly cloud: Environment;
  readonly cloudSecret: string;
  readonly selfHosted: Environment;
  readonly selfHostedSecret: string;
  readonly admin: User;
  readonly developer: User;
  readonly editor: User;
  readonly user: User;
  readonly otherProject: Project;
  readonly otherCloud: Environment;
  readonly otherCloudSecret: string;
  readonly outsider: User;
}

export async function seedCloudWorld(context: AppContext): Promise<CloudWorld> {
  const project = await seedProjectWithEnvironments(context, 'shop');
  const otherProject = await seedProjectWithEnvironments(context, 'rival');
  const [cloud, cloudSecret] = await enable(context, project.project, 'production');
  const [otherCloud, otherCloudSecret] = await enable(context, otherProject.project, 'production');
  const seed = (role: 'Admin' | 'Developer' | 'Editor' | 'User') =>
    seedUser(context, { project: project.project, role });
  return {
    project: project.project,
    cloud,
    cloudSecret,
    selfHosted: project.staging,
    selfHostedSecret: project.stagingSecret,
    admin: await seed('Admin'),
    developer: await seed('Developer'),
    editor: await seed('Editor'),
    user: await seed('User'),
    otherProject: otherProject.project,
    otherCloud,
    otherCloudSecret,
    outsider: await seedUser(context, { project: otherProject.project, role: 'Admin' }),
  };
}

async function seedProjectWithEnvironments(context: AppContext, name: string) {
  const organization = await context.prisma.organization.create({ data: { name: `org-${uniqueSuffix()}` } });
  const project = await context.prisma.project.create({
    data: { organizationId: organization.id, name: `${name}-${uniqueSuffix()}` },
  });
  const stagingSecret = generateEnvironmentSecret();
  const environment = (environmentName: string, secret: string) =>
    context.prisma.environment.create({
      data: { projectId: project.id, name: environmentName, secretHash: hashEnvironmentSecret(secret) },
    });
  await environment('production', generateEnvironmentSecret());
  const staging = await environment('staging', stagingSecret);
  return { project, staging, stagingSecret };
}

async function enable(context: AppContext, project: Project, environment: string): Promise<[Environment, string]> {
  const enabled = await enableCloudEnvironment(context, { project: project.name, environment }, CLOUD_DATABASE_URL);
  const row = await context.prisma.environment.findUniqueOrThrow({ where: { id: enabled.environment.environmentId } });
  return [row, enabled.environmentSecret];
}

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { Project } from '../../src/generated/prisma/client';
import { uniqueSuffix } from './unique-suffix';

export interface SeedProjectOptions {
  readonly name?: string;
  readonly usesSso?: boolean;
  /** An existing organization; a new one is made otherwise. */
  readonly organizationId?: number;
  /** Names of environments to create in the project. */
  readonly environments?: readonly string[];
}

/** A project (in a new organization unless one is given), with the named environments. */
export async function seedProject(context: AppContext, options: SeedProjectOptions = {}): Promise<Project> {
  const organizationId =
    options.organizationId ??
    (await context.prisma.organization.create({ data: { name: `org-${uniqueSuffix()}` } })).id;
  const project = await context.prisma.project.create({
    data: { organizationId, name: options.name ?? `project-${uniqueSuffix()}`, usesSso: options.usesSso ?? false },
  });
  for (const name of options.environments ?? []) {
    await context.prisma.environment.create({
      data: { projectId: project.id, name, secretHash: randomBytes(32).toString('hex') },
    });
  }
  return project;
}

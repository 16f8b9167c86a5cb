import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../src/context';
import type { Environment, Project, Role, Team, User } from '../../../src/generated/prisma/client';
import type { TokenScope } from '../../../src/tokens/token-scopes';
import { createTokensService } from '../../../src/tokens/tokens-service';

const unique = () => randomBytes(4).toString('hex');

/** A project with two environments, an Admin, a team the Admin belongs to, and a second team. */
export interface World {
  readonly project: Project;
  readonly environment: Environment;
  readonly otherEnvironment: Environment;
  readonly admin: User;
  readonly team: Team;
  readonly otherTeam: Team;
}

export async function seedWorld(context: AppContext, overrides: { usesSso?: boolean } = {}): Promise<World> {
  const { prisma } = context;
  const organization = await prisma.organization.create({ data: { name: `org-${unique()}` } });
  const project = await prisma.project.create({
    data: { organizationId: organization.id, name: `Project-${unique()}`, usesSso: overrides.usesSso ?? false },
  });
  const environment = await prisma.environment.create({
    data: { projectId: project.id, name: 'Production', secretHash: unique() + unique() },
  });
  const otherEnvironment = await prisma.environment.create({
    data: { projectId: project.id, name: 'staging', secretHash: unique() + unique() },
  });
  const admin = await seedUser(context, project, 'Admin');
  const team = await prisma.team.create({ data: { projectId: project.id, name: 'Operations' } });
  const otherTeam = await prisma.team.create({ data: { projectId: project.id, name: 'Support' } });
  await prisma.teamMembership.create({ data: { teamId: team.id, userId: admin.id } });
  return { project, environment, otherEnvironment, admin, team, otherTeam };
}

export async function seedUser(context: AppContext, project: Project, role: Role = 'Admin'): Promise<User> {
  const id = unique();
  const user = await context.prisma.user.create({ data: { email: `user-${id}@example.com`, username: `user-${id}` } });
  await context.prisma.projectMembership.create({ data: { projectId: project.id, userId: user.id, role } });
  return user;
}

export interface TokenOptions {
  readonly scopes?: readonly TokenScope[];
  readonly permissionLevel?: 'read-only' | 'read-write';
  readonly expiresAt?: string;
  readonly isSsoSession?: boolean;
}

/** Issues an application token through the tokens service and returns its value and id. */
export async function issueToken(
  context: AppContext,
  project: Project,
  user: User,
  options: TokenOptions = {},
): Promise<{ value: string; id: number }> {
  const created = await createTokensService(context).create(
    user.id,
    project.id,
    {
      name: `token-${unique()}`,
      scopes: [...(options.scopes ?? ['all'])],
      permissionLevel: options.permissionLevel ?? 'read-write',
      expiresAt: options.expiresAt ?? null,
    },
    { isSsoSession: options.isSsoSession ?? false },
  );
  return { value: created.value, id: created.token.id };
}

export interface NoteSeed {
  readonly environment: Environment;
  readonly user: User;
  readonly team?: Team | null;
  readonly collectionName?: string | null;
  readonly recordId?: string;
  readonly title?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly archivedAt?: string | null;
  readonly messages?: readonly { readonly content: string; readonly user: User; readonly createdAt?: string }[];
}

/** Inserts a note directly (the write endpoints are tested on their own). */
export async function seedNote(context: AppContext, seed: NoteSeed) {
  const createdAt = new Date(seed.createdAt ?? '2030-01-01T00:00:00.000Z');
  return context.prisma.note.create({
    data: {
      environmentId: seed.environment.id,
      collectionName: seed.collectionName === undefined ? 'orders' : seed.collectionName,
      recordId: seed.recordId ?? '1',
      title: seed.title ?? 'A note',
      userId: seed.user.id,
      teamId: seed.team?.id ?? null,
      createdAt,
      updatedAt: new Date(seed.updatedAt ?? createdAt),
      archivedAt: seed.archivedAt ? new Date(seed.archivedAt) : null,
      messages: {
        create: (seed.messages ?? []).map((message) => ({
          content: message.content,
          userId: message.user.id,
          createdAt: new Date(message.createdAt ?? createdAt),
        })),
      },
    },
  });
}

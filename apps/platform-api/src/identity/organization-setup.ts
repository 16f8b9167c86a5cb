import { z } from 'zod';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { ConflictError, parseOrThrow, ValidationError } from '../errors';
import { generateEnvironmentSecret, hashEnvironmentSecret } from './environment-secret';
import { emailSchema, passwordSchema, personNameSchema, resourceNameSchema } from './identity-schemas';
import { hashPassword } from './password-hasher';
import { createTeamInTransaction, type TeamView } from './teams-service';
import { toUserView, type UserView } from './user-view';

/** The team every new project starts with; its members see every environment. */
export const DEFAULT_TEAM_NAME = 'Operations';

export const organizationSetupInputSchema = z.object({
  organization: resourceNameSchema('organization'),
  project: resourceNameSchema('project'),
  environments: z
    .array(resourceNameSchema('environment'))
    .min(1, 'Name at least one environment, such as production.')
    .max(20, 'At most 20 environments.')
    .refine((names) => new Set(names).size === names.length, 'Environment names must differ.'),
  adminEmail: emailSchema,
  /**
   * Required for a new admin unless the project uses SSO (then they may sign in through SSO
   * only); refused for an existing user, whose password is kept (checked by `setupOrganization`,
   * which knows whether the user exists).
   */
  adminPassword: passwordSchema.optional(),
  adminFirstName: personNameSchema.default(''),
  adminLastName: personNameSchema.default(''),
  usesSso: z.boolean().default(false),
});

/** The message when a new admin gets no password on a project without SSO. */
export const MISSING_ADMIN_PASSWORD =
  'Give the new admin a password (or make the project use SSO, or name an existing user as the admin).';

export type OrganizationSetupInput = z.input<typeof organizationSetupInputSchema>;

export interface OrganizationSetup {
  readonly organization: { readonly id: number; readonly name: string };
  readonly project: { readonly id: number; readonly name: string; readonly usesSso: boolean };
  /** Each environment with its secret in clear: shown here once, only its SHA-256 is stored. */
  readonly environments: readonly { readonly id: number; readonly name: string; readonly secret: string }[];
  readonly admin: UserView;
  readonly team: TeamView;
}

/**
 * First-time setup (`platform-api init`): an organization, its project, the project's environments
 * with fresh secrets, the first Admin, and the default team with a rendering per environment, all
 * in one transaction. An existing user with the admin email becomes the admin as they are (their
 * password is not changed, so none may be given: ConflictError); a new one needs a password unless
 * the project uses SSO (ValidationError). ConflictError when the organization exists.
 */
export async function setupOrganization(
  context: AppContext,
  input: OrganizationSetupInput,
): Promise<OrganizationSetup> {
  const parsed = parseOrThrow(organizationSetupInputSchema, input, '');
  const existingOrganization = await context.prisma.organization.findUnique({ where: { name: parsed.organization } });
  if (existingOrganization) {
    throw new ConflictError(`An organization named ${parsed.organization} exists; choose another name.`);
  }
  const existingAdmin = await context.prisma.user.findUnique({ where: { email: parsed.adminEmail } });
  if (existingAdmin && parsed.adminPassword !== undefined) {
    throw new ConflictError(
      `A user with email ${parsed.adminEmail} exists; omit the admin password to make them the admin as they are.`,
    );
  }
  if (!existingAdmin && parsed.adminPassword === undefined && !parsed.usesSso) {
    throw new ValidationError(MISSING_ADMIN_PASSWORD, [{ path: 'adminPassword', message: MISSING_ADMIN_PASSWORD }]);
  }
  const passwordHash = parsed.adminPassword === undefined ? null : await hashPassword(parsed.adminPassword);
  const secrets = parsed.environments.map((name) => ({ name, secret: generateEnvironmentSecret() }));

  let setup: OrganizationSetup;
  try {
    setup = await context.prisma.$transaction(async (tx) => {
      const organization = await tx.organization.create({ data: { name: parsed.organization } });
      const project = await tx.project.create({
        data: { organizationId: organization.id, name: parsed.project, usesSso: parsed.usesSso },
      });
      const environments = [];
      for (const { name, secret } of secrets) {
        const environment = await tx.environment.create({
          data: { projectId: project.id, name, secretHash: hashEnvironmentSecret(secret) },
        });
        environments.push({ id: environment.id, name, secret });
      }
      const admin =
        existingAdmin ??
        (await tx.user.create({
          data: {
            email: parsed.adminEmail,
            username: parsed.adminEmail,
            firstName: parsed.adminFirstName,
            lastName: parsed.adminLastName,
            passwordHash,
          },
        }));
      await tx.projectMembership.create({ data: { projectId: project.id, userId: admin.id, role: 'Admin' } });
      const team = await createTeamInTransaction(tx, project.id, DEFAULT_TEAM_NAME);
      await tx.teamMembership.create({ data: { teamId: team.id, userId: admin.id } });
      return {
        organization: { id: organization.id, name: organization.name },
        project: { id: project.id, name: project.name, usesSso: project.usesSso },
        environments,
        admin: toUserView(admin),
        team,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(
        `An organization named ${parsed.organization} exists (or the admin's username is taken); choose another name.`,
      );
    }
    throw error;
  }

  await recordAdminLog(context, {
    organizationId: setup.organization.id,
    projectId: setup.project.id,
    userId: setup.admin.id,
    userEmail: setup.admin.email,
    action: 'organization.create',
    targetType: 'organization',
    targetId: setup.organization.id,
    details: { project: setup.project.name, environments: setup.environments.map((environment) => environment.name) },
  });
  return setup;
}

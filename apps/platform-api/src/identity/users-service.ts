import { z } from 'zod';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { ConflictError, NotFoundError, parseOrThrow } from '../errors';
import type { Role, User } from '../generated/prisma/client';
import { emailSchema, passwordSchema, personNameSchema, roleSchema, usernameSchema } from './identity-schemas';
import { hashPassword } from './password-hasher';
import { toUserView, type UserView } from './user-view';

export const createUserInputSchema = z.object({
  email: emailSchema,
  /** Omitted for SSO-only users. */
  password: passwordSchema.optional(),
  /** Defaults to the email, which is unique already. */
  username: usernameSchema.optional(),
  firstName: personNameSchema.default(''),
  lastName: personNameSchema.default(''),
});

export type CreateUserInput = z.input<typeof createUserInputSchema>;

export interface ProjectUserView extends UserView {
  readonly role: Role;
}

/**
 * Creates a user, with a password or SSO-only. Throws ValidationError for bad input and
 * ConflictError when the email or username is taken.
 */
export async function createUser(context: AppContext, input: CreateUserInput): Promise<UserView> {
  const { email, password, username = email, firstName, lastName } = parseOrThrow(createUserInputSchema, input, '');
  await assertAvailable(context, email, username);
  const passwordHash = password === undefined ? null : await hashPassword(password);
  let user: User;
  try {
    user = await context.prisma.user.create({ data: { email, username, firstName, lastName, passwordHash } });
  } catch (error) {
    // Another request took the email or username between the check above and this insert.
    if (isUniqueViolation(error)) throw new ConflictError(`A user with email ${email} or username ${username} exists.`);
    throw error;
  }
  await recordAdminLog(context, {
    action: 'user.create',
    targetType: 'user',
    targetId: user.id,
    details: { email, hasPassword: passwordHash !== null },
  });
  return toUserView(user);
}

async function assertAvailable(context: AppContext, email: string, username: string): Promise<void> {
  const clashes = await context.prisma.user.findMany({
    where: { OR: [{ email }, { username }] },
    select: { email: true, username: true },
  });
  if (clashes.some((user) => user.email === email)) throw new ConflictError(`A user with email ${email} exists.`);
  if (clashes.length > 0) throw new ConflictError(`The username ${username} is taken; choose another.`);
}

/** The user with this email (case-insensitive), or null. Includes the hash: for sign-in only. */
export async function findUserByEmail(context: AppContext, email: string): Promise<User | null> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return null;
  return context.prisma.user.findUnique({ where: { email: parsed.data } });
}

/** Like `findUserByEmail`, but throws NotFoundError. */
export async function getUserByEmail(context: AppContext, email: string): Promise<UserView> {
  const user = await findUserByEmail(context, email);
  if (!user) throw new NotFoundError(`No user with email ${email.trim().toLowerCase()}.`);
  return toUserView(user);
}

/** The members of a project with their role, by email. */
export async function listProjectUsers(context: AppContext, projectId: number): Promise<ProjectUserView[]> {
  const memberships = await context.prisma.projectMembership.findMany({
    where: { projectId },
    include: { user: true },
    orderBy: { user: { email: 'asc' } },
  });
  return memberships.map((membership) => ({ ...toUserView(membership.user), role: membership.role }));
}

export interface AddUserToProjectInput {
  readonly userId: number;
  readonly projectId: number;
  readonly role: Role;
}

/** Makes a user a member of a project. ConflictError when they are one already. */
export async function addUserToProject(context: AppContext, input: AddUserToProjectInput): Promise<ProjectUserView> {
  const role = parseOrThrow(roleSchema, input.role, 'role');
  const project = await context.prisma.project.findUnique({ where: { id: input.projectId } });
  if (!project) throw new NotFoundError(`No project with id ${input.projectId}.`);
  const user = await context.prisma.user.findUnique({ where: { id: input.userId }, select: { id: true } });
  if (!user) throw new NotFoundError(`No user with id ${input.userId}.`);
  try {
    const membership = await context.prisma.projectMembership.create({
      data: { userId: input.userId, projectId: input.projectId, role },
      include: { user: true },
    });
    await recordAdminLog(context, {
      organizationId: project.organizationId,
      projectId: project.id,
      action: 'user.add_to_project',
      targetType: 'user',
      targetId: membership.userId,
      details: { email: membership.user.email, role },
    });
    return { ...toUserView(membership.user), role: membership.role };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(`The user is already a member of project ${project.name}.`);
    }
    throw error;
  }
}

export const addProjectMemberInputSchema = createUserInputSchema
  .omit({ username: true })
  .extend({ projectId: z.number().int().positive(), role: roleSchema });

export type AddProjectMemberInput = z.input<typeof addProjectMemberInputSchema>;

export interface AddedProjectMember {
  readonly user: ProjectUserView;
  /** False when a user with this email existed and was only added to the project. */
  readonly isNewUser: boolean;
}

/**
 * Adds the user with this email to a project with a role, creating the user first when there is
 * none (with the password, or SSO-only without one). An existing user keeps their password and
 * names; giving a password for them is a ConflictError, so that nobody believes they reset it.
 */
export async function addProjectMember(context: AppContext, input: AddProjectMemberInput): Promise<AddedProjectMember> {
  const parsed = parseOrThrow(addProjectMemberInputSchema, input, '');
  const existing = await findUserByEmail(context, parsed.email);
  if (existing && parsed.password !== undefined) {
    throw new ConflictError(
      `A user with email ${parsed.email} exists; omit the password to add them to the project as they are.`,
    );
  }
  const userId =
    existing?.id ??
    (
      await createUser(context, {
        email: parsed.email,
        password: parsed.password,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
      })
    ).id;
  const user = await addUserToProject(context, { userId, projectId: parsed.projectId, role: parsed.role });
  return { user, isNewUser: existing === null };
}

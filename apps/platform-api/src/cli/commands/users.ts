import { z } from 'zod';
import { emailSchema, passwordSchema, personNameSchema, ROLES, roleSchema } from '../../identity/identity-schemas';
import { addProjectMember, listProjectUsers, type ProjectUserView } from '../../identity/users-service';
import { removeUserFromProject } from '../../memberships/project-member-removal';
import { findProjectByName } from '../../projects/project-lookup';
import type { RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';

const addOptionsSchema = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  firstName: personNameSchema,
  lastName: personNameSchema,
  project: z.string().min(1),
  organization: z.string().min(1).optional(),
  role: roleSchema,
});

const removeOptionsSchema = z.object({
  email: emailSchema,
  project: z.string().min(1),
  organization: z.string().min(1).optional(),
});

export const registerUsersCommand: RegisterCommand = (program, cli) => {
  const users = program.command('users').description('Manage the users of a project');

  users
    .command('add')
    .description('Add a user to a project with a role, creating the user when the email is new')
    .requiredOption('--email <email>', "the user's email, used to sign in")
    .option('--password <password>', 'password of a new user; omit it for an SSO-only user')
    .requiredOption('--first-name <name>', "the user's first name (kept as is for an existing user)")
    .requiredOption('--last-name <name>', "the user's last name (kept as is for an existing user)")
    .requiredOption('--project <name>', 'the project to add the user to')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`)
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, addOptionsSchema, rawOptions);
      const added = await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        return addProjectMember(context, { ...options, projectId: project.id });
      });
      const { user } = added;
      cli.print(
        command,
        added,
        `${added.isNewUser ? 'Created' : 'Added existing user'} ${user.email} (id ${user.id}) ` +
          `to project ${options.project} as ${user.role}${user.hasPassword ? '' : ', SSO sign-in only'}.`,
      );
    });

  users
    .command('remove')
    .description(
      'Remove a user from a project and its teams: their tokens of the project and MCP grants are revoked at once',
    )
    .requiredOption('--email <email>', "the user's email")
    .requiredOption('--project <name>', 'the project to remove the user from')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, removeOptionsSchema, rawOptions);
      const removed = await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        return removeUserFromProject(context, { projectId: project.id, email: options.email }, { source: 'cli' });
      });
      const teams = removed.teams.length > 0 ? ` and teams ${removed.teams.join(', ')}` : '';
      cli.print(
        command,
        { removed },
        `Removed ${removed.email} (${removed.role}) from project ${options.project}${teams}; ` +
          `revoked ${removed.revokedTokenIds.length} token(s) and ${removed.revokedMcpGrantIds.length} MCP grant(s).`,
      );
    });

  users
    .command('list')
    .description('List the users of a project with their roles')
    .requiredOption('--project <name>', 'the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { project: string; organization?: string }, command) => {
      const list = await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        return listProjectUsers(context, project.id);
      });
      cli.print(command, { users: list }, describeUsers(options.project, list));
    });
};

function describeUsers(projectName: string, users: readonly ProjectUserView[]): string {
  if (users.length === 0) return `Project ${projectName} has no users.`;
  const rows = users.map((user) => [
    String(user.id),
    user.email,
    `${user.firstName} ${user.lastName}`.trim(),
    user.role,
    user.hasPassword ? 'password or SSO' : 'SSO only',
  ]);
  const header = ['ID', 'EMAIL', 'NAME', 'ROLE', 'SIGN-IN'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}

import type { Command } from 'commander';
import { z } from 'zod';
import { emailSchema, resourceNameSchema } from '../../identity/identity-schemas';
import { deleteTeam } from '../../identity/team-deletion';
import { addTeamMember, addTeamToProject, findTeamByName, removeTeamMember } from '../../identity/teams-service';
import { getUserByEmail } from '../../identity/users-service';
import { findProjectByName } from '../../projects/project-lookup';
import type { CliContext, RegisterCommand } from '../cli-context';
import { parseList, parseOptionsOrExit } from '../cli-usage';

const projectOptionsSchema = z.object({ project: z.string().min(1), organization: z.string().min(1).optional() });

const addOptionsSchema = projectOptionsSchema.extend({
  name: resourceNameSchema('team'),
  members: z.array(emailSchema).default([]),
});

const memberOptionsSchema = projectOptionsSchema.extend({ team: z.string().min(1), email: emailSchema });

const deleteOptionsSchema = projectOptionsSchema.extend({ name: z.string().min(1), force: z.boolean().default(false) });

export const registerTeamsCommand: RegisterCommand = (program, cli) => {
  const teams = program.command('teams').description('Manage the teams of a project');

  withProjectOptions(teams.command('add'))
    .description('Add a team to a project, with a rendering of each environment, and optionally its members')
    .requiredOption('--name <team>', 'name of the new team')
    .option('--members <emails>', 'comma-separated emails of project members to put in the team', parseList)
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, addOptionsSchema, rawOptions);
      const team = await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        return addTeamToProject(context, { projectId: project.id, name: options.name, memberEmails: options.members });
      });
      cli.print(
        command,
        { team },
        `Created team ${team.name} (id ${team.id}) in project ${options.project}, ` +
          `with a rendering of ${team.environmentIds.length} environment(s)` +
          `${team.memberEmails.length > 0 ? ` and members ${team.memberEmails.join(', ')}` : ''}.`,
      );
    });

  registerMemberCommands(teams, cli);

  withProjectOptions(teams.command('delete'))
    .description(
      'Delete a team with its renderings, scopes and workflows (and their runs); its members stay in the project. ' +
        'Refused while it has members or workflows, unless --force',
    )
    .requiredOption('--name <team>', 'the team')
    .option('--force', 'delete it even with members (they leave it) and workflows (deleted with their runs)')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, deleteOptionsSchema, rawOptions);
      const deleted = await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        const team = await findTeamByName(context, project, options.name);
        return deleteTeam(context, team.id, { force: options.force });
      });
      const what = [
        deleted.members.length > 0 ? `its members (${deleted.members.join(', ')}) left it` : '',
        deleted.workflows.length > 0
          ? `workflows ${deleted.workflows.join(', ')} and ${deleted.runs} run(s) deleted`
          : '',
      ].filter((part) => part !== '');
      cli.print(
        command,
        { deleted },
        `Deleted team ${deleted.name} of project ${options.project}${what.length > 0 ? `: ${what.join('; ')}` : ''}.`,
      );
    });
};

function withProjectOptions(command: Command): Command {
  return command
    .requiredOption('--project <name>', 'the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name');
}

/** `teams add-member` and `teams remove-member`: one project member in or out of one team. */
function registerMemberCommands(teams: Command, cli: CliContext): void {
  withProjectOptions(teams.command('add-member'))
    .description('Put a member of the project in a team')
    .requiredOption('--team <name>', 'the team')
    .requiredOption('--email <email>', 'the member')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, memberOptionsSchema, rawOptions);
      await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        const team = await findTeamByName(context, project, options.team);
        const user = await getUserByEmail(context, options.email);
        await addTeamMember(context, { teamId: team.id, userId: user.id });
      });
      cli.print(command, { team: options.team, email: options.email }, `${options.email} is in team ${options.team}.`);
    });

  withProjectOptions(teams.command('remove-member'))
    .description('Take a member out of a team (they stay in the project): the access the team gave them stops at once')
    .requiredOption('--team <name>', 'the team')
    .requiredOption('--email <email>', 'the member')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, memberOptionsSchema, rawOptions);
      await cli.withAppContext(async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        const team = await findTeamByName(context, project, options.team);
        await removeTeamMember(context, { teamId: team.id, email: options.email });
      });
      cli.print(
        command,
        { team: options.team, email: options.email },
        `${options.email} is no longer in team ${options.team}.`,
      );
    });
}

import { z } from 'zod';
import { parseList, parseOptionsOrExit } from '../../identity/cli-usage';
import { emailSchema, resourceNameSchema } from '../../identity/identity-schemas';
import { addTeamToProject } from '../../identity/teams-service';
import { findProjectByName } from '../../tokens/member-project';
import type { RegisterCommand } from '../cli-context';

const addOptionsSchema = z.object({
  project: z.string().min(1),
  organization: z.string().min(1).optional(),
  name: resourceNameSchema('team'),
  members: z.array(emailSchema).default([]),
});

export const registerTeamsCommand: RegisterCommand = (program, cli) => {
  const teams = program.command('teams').description('Manage the teams of a project');

  teams
    .command('add')
    .description('Add a team to a project, with a rendering of each environment, and optionally its members')
    .requiredOption('--project <name>', 'the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
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
};

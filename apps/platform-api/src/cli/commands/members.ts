import { memberTagsSchema } from '../../agents/agent-admin-schemas';
import { setMemberTags } from '../../agents/member-tags-admin';
import type { RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';

/** `team=emea,level=2` → `{ team: 'emea', level: '2' }`; an item without `=` stays for zod to refuse. */
function parseTags(value: string): Record<string, string> | string {
  const tags: Record<string, string> = {};
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const separator = item.indexOf('=');
    if (separator <= 0) return value;
    tags[item.slice(0, separator).trim()] = item.slice(separator + 1).trim();
  }
  return tags;
}

export const registerMembersCommand: RegisterCommand = (program, cli) => {
  const members = program.command('members').description("Manage a project's members");

  members
    .command('set-tags')
    .description("Replace a member's tags (used by agent scopes as {{currentUser.tags.<name>}})")
    .requiredOption('--project <name>', 'the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .requiredOption('--email <email>', 'the member')
    .requiredOption('--tags <tags>', "comma-separated name=value pairs; '' removes every tag", parseTags)
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, memberTagsSchema, rawOptions);
      await cli.withAppContext((context) => setMemberTags(context, options));
      const listed = Object.entries(options.tags).map(([name, value]) => `${name}=${value}`);
      cli.print(
        command,
        { email: options.email, tags: options.tags },
        `Tags of ${options.email} in ${options.project}: ${listed.length > 0 ? listed.join(', ') : 'none'}.`,
      );
    });
};

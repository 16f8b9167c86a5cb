import type { RegisterCommand } from '../cli-context';
import { registerActionsCommand } from './actions';
import { registerCloudCommand } from './cloud';
import { registerCloudRunnerCommand } from './cloud-runner';
import { registerEnvironmentsCommand } from './environments';
import { registerInitCommand } from './init';
import { registerKeysCommand } from './keys';
import { registerMcpCommand } from './mcp';
import { registerMembersCommand } from './members';
import { registerMigrateCommand } from './migrate';
import { registerPermissionsCommand } from './permissions';
import { registerScopesCommand } from './scopes';
import { registerStartCommand } from './start';
import { registerTeamsCommand } from './teams';
import { registerTokensCommand } from './tokens';
import { registerUsersCommand } from './users';
import { registerWorkerCommand } from './worker';
import { registerWorkflowsCommand } from './workflows';

/** Every `platform-api` command, in the order `--help` lists them. Add yours with one line. */
export const commands: readonly RegisterCommand[] = [
  registerStartCommand,
  registerWorkerCommand,
  registerCloudRunnerCommand,
  registerMigrateCommand,
  registerInitCommand,
  registerUsersCommand,
  registerTeamsCommand,
  registerTokensCommand,
  registerEnvironmentsCommand,
  registerMembersCommand,
  registerPermissionsCommand,
  registerScopesCommand,
  registerActionsCommand,
  registerKeysCommand,
  registerMcpCommand,
  registerCloudCommand,
  registerWorkflowsCommand,
];

import type { RegisterCommand } from '../cli-context';
import { registerInitCommand } from './init';
import { registerMigrateCommand } from './migrate';
import { registerStartCommand } from './start';
import { registerTeamsCommand } from './teams';
import { registerTokensCommand } from './tokens';
import { registerUsersCommand } from './users';

/** Every `platform-api` command, in the order `--help` lists them. Add yours with one line. */
export const commands: readonly RegisterCommand[] = [
  registerStartCommand,
  registerMigrateCommand,
  registerInitCommand,
  registerUsersCommand,
  registerTeamsCommand,
  registerTokensCommand,
];

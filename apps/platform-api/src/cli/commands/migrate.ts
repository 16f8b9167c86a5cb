import type { Config } from '../../config/config';
import { applyMigrations, type MigrationTarget, migrationStatus } from '../../db/migrator/migrator';
import { ExitCode, type RegisterCommand } from '../cli-context';

export const registerMigrateCommand: RegisterCommand = (program, cli) => {
  program
    .command('migrate')
    .description('Apply pending migrations to the database (DATABASE_URL, else the embedded one in PLATFORM_DATA_DIR)')
    .option('--status', 'only report which migrations are applied and pending; exits 1 when not up to date')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { status?: boolean }, command) => {
      const config = cli.loadConfig();
      const target = migrationTarget(config);

      if (options.status) {
        const status = await migrationStatus(target);
        if (!status.isUpToDate) cli.setExitCode(ExitCode.Failure);
        cli.print(command, status, describeStatus(status));
        return;
      }
      const { appliedMigrationNames } = await applyMigrations(target);
      cli.print(
        command,
        { appliedMigrationNames },
        appliedMigrationNames.length === 0
          ? 'No pending migrations: the database is up to date.'
          : `Applied ${appliedMigrationNames.length} migration(s):\n${appliedMigrationNames.map((name) => `  ${name}`).join('\n')}`,
      );
    });
};

function migrationTarget(config: Config): MigrationTarget {
  return config.database.kind === 'postgres'
    ? { databaseUrl: config.database.url }
    : { dataDir: config.database.dataDir };
}

function describeStatus(status: Awaited<ReturnType<typeof migrationStatus>>): string {
  const lines = [`${status.migrations.length} migration(s) in prisma/migrations.`];
  const groups: [string, readonly string[]][] = [
    ['Applied', status.appliedMigrationNames],
    ['Pending', status.pendingMigrationNames],
    ['Failed', status.failedMigrationNames],
    ['Edited after being applied', status.editedMigrationNames],
    ['In the database but not on disk', status.unknownMigrationNames],
  ];
  for (const [title, names] of groups) {
    if (names.length > 0) lines.push(`${title}:`, ...names.map((name) => `  ${name}`));
  }
  lines.push(status.isUpToDate ? 'The database is up to date.' : 'The database is NOT up to date.');
  return lines.join('\n');
}

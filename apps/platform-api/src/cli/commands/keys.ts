import { createSigningKey, publishedKeys, retireSigningKeys } from '../../agents/signing-keys';
import { recordAdminLog } from '../../audit/record-admin-log';
import type { RegisterCommand } from '../cli-context';

export const registerKeysCommand: RegisterCommand = (program, cli) => {
  const keys = program
    .command('keys')
    .description('Manage the keys the platform signs user tokens with (workflows, MCP)');

  keys
    .command('list')
    .description('List the published keys, the signing key last')
    .option('--json', 'print machine-readable JSON')
    .action(async (_options: unknown, command) => {
      const published = await cli.withAppContext((context) => publishedKeys(context));
      const views = published.map((key) => ({ kid: key.kid, alg: key.alg, createdAt: key.createdAt.toISOString() }));
      cli.print(
        command,
        { keys: views },
        views.map((key) => `${key.kid}\t${key.alg}\tcreated ${key.createdAt}`).join('\n'),
      );
    });

  keys
    .command('rotate')
    .description('Make a new signing key; the previous ones stay published until `keys retire`')
    .option('--json', 'print machine-readable JSON')
    .action(async (_options: unknown, command) => {
      const key = await cli.withAppContext(async (context) => {
        await publishedKeys(context);
        const created = await createSigningKey(context);
        await recordAdminLog(context, {
          action: 'signing_key.rotate',
          targetType: 'signing_key',
          targetId: created.kid,
        });
        return created;
      });
      cli.print(command, { kid: key.kid, alg: key.alg }, `New signing key ${key.kid} (${key.alg}).`);
    });

  keys
    .command('retire')
    .description('Stop publishing old keys: the one named, or every key but the signing key')
    .option('--kid <kid>', 'the key to retire (default: every key but the signing key)')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { kid?: string }, command) => {
      const retired = await cli.withAppContext(async (context) => {
        const kids = await retireSigningKeys(context, options.kid);
        for (const kid of kids) {
          await recordAdminLog(context, { action: 'signing_key.retire', targetType: 'signing_key', targetId: kid });
        }
        return kids;
      });
      cli.print(command, { retired }, retired.length > 0 ? `Retired ${retired.join(', ')}.` : 'No key to retire.');
    });
};

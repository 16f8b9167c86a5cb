import type { Command } from 'commander';
import { type CliContext, isJson } from './cli-context';

/**
 * Where the server URLs a command prints come from, as a line for stderr; undefined when the
 * running server gave them (a relayed command runs with that server's configuration). Otherwise the
 * CLI cannot ask the server where it is reached, and builds URLs from PLATFORM_PUBLIC_URL, or from
 * HOST and PORT, as this process's environment sets them: the note says which.
 */
export function publicUrlNote(cli: CliContext): string | undefined {
  if (cli.io.serverConfig !== undefined) return undefined;
  const config = cli.loadConfig();
  if (config.PLATFORM_PUBLIC_URL !== undefined) {
    return `note: the URL starts with PLATFORM_PUBLIC_URL (${config.publicUrl}) as set here, not with a running server's.`;
  }
  return (
    `note: PLATFORM_PUBLIC_URL is not set here, so the URL assumes the server is reached at ${config.publicUrl} ` +
    '(HOST and PORT here); if it is not, set PLATFORM_PUBLIC_URL as the server has it and run this again.'
  );
}

/**
 * `cli.print`, then `publicUrlNote` on stderr when what was printed holds one of `urls` (URLs this
 * server serves, such as webhook URLs).
 */
export function printWithUrls(
  cli: CliContext,
  command: Command,
  json: unknown,
  text: string,
  urls: readonly (string | null | undefined)[],
): void {
  cli.print(command, json, text);
  const printed = isJson(command) ? JSON.stringify(json) : text;
  if (!urls.some((url) => typeof url === 'string' && printed.includes(url))) return;
  const note = publicUrlNote(cli);
  if (note !== undefined) cli.io.stderr(`${note}\n`);
}

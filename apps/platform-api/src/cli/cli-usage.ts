import type { Command } from 'commander';
import type { z } from 'zod';
import { type ValidationError, validationErrorFromZod } from '../errors';
import { type CliContext, ExitCode, isJson } from './cli-context';

/**
 * Parses a CLI command's options with the service's own schema before any database work. A bad
 * value is a usage error: exit code 2, the message on stderr (and, with --json, the error as JSON
 * on stdout, as the program prints other failures).
 */
export function parseOptionsOrExit<Schema extends z.ZodType>(
  cli: CliContext,
  command: Command,
  schema: Schema,
  value: unknown,
  optionNames: Readonly<Record<string, string>> = {},
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const renamePath = (field: string) => optionNames[field] ?? toOptionName(field);
  failUsage(cli, command, validationErrorFromZod(parsed.error, { subject: '', renamePath }));
}

/** Ends the command with exit code 2 and `error`'s message. */
export function failUsage(cli: CliContext, command: Command, error: ValidationError): never {
  if (isJson(command)) {
    cli.io.stdout(`${JSON.stringify({ error: { name: error.name, message: error.message, issues: error.issues } })}\n`);
  }
  return command.error(`error: ${error.message}`, { exitCode: ExitCode.Usage, code: 'platform-api.invalidOption' });
}

/** `adminEmail` → `--admin-email`, `environments.1` → `--environments`. */
function toOptionName(field: string): string {
  const [first = ''] = field.split('.');
  return first === '' ? '' : `--${first.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Commander parser for comma-separated lists: trims and drops empty items. */
export function parseList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

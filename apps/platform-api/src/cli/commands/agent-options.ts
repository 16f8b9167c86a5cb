import type { Command } from 'commander';

/** The `--project`, `--organization` and `--environment` options of the agent admin commands. */
export function withEnvironmentOptions(command: Command): Command {
  return command
    .requiredOption('--project <name>', 'the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .requiredOption('--environment <name>', 'the environment of the project');
}

/** Commander parser of a JSON option; a bad document stays a string for zod to refuse. */
export function parseJsonOption(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

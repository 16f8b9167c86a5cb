import type { Command } from 'commander';
import { ValidationError } from '../../errors';
import { workflowIdSchema } from '../../workflows/workflow-schemas';
import type { CliContext } from '../cli-context';
import { failUsage } from '../cli-usage';

/** The positional workflow id, checked before any database work (exit 2 when it is not one). */
export function workflowIdOrExit(cli: CliContext, command: Command, value: string): number {
  const parsed = workflowIdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return failUsage(cli, command, new ValidationError(`"${value}" is not a workflow id: a positive integer.`));
}

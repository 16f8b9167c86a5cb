import type { Command } from 'commander';
import {
  disableTrigger,
  enableTrigger,
  regenerateTrigger,
  setTriggerRateLimit,
} from '../../workflows/webhook-trigger-service';
import { rateLimitBodySchema } from '../../workflows/workflow-schemas';
import type { WorkflowView } from '../../workflows/workflow-view';
import type { CliContext } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';
import { printWithUrls } from '../public-url-note';
import { workflowIdOrExit } from './workflow-id-argument';

type Change = typeof enableTrigger;

const CHANGES: readonly (readonly [string, string, Change])[] = [
  ['enable', 'Enable the webhook trigger and print its URL (the same URL as before a disable)', enableTrigger],
  ['disable', 'Disable the webhook trigger: its URL answers 404 until enabled again', disableTrigger],
  ['regenerate', 'Make a new webhook URL; the old one answers 400 from now on', regenerateTrigger],
];

function triggerText(workflow: WorkflowView): string {
  const trigger = workflow.trigger;
  if (!trigger?.isEnabled) return `The webhook trigger of workflow ${workflow.name} is disabled.`;
  // The URL on a line of its own, so that scripts can take the last line; it is a credential.
  return `Webhook of workflow ${workflow.name} (${trigger.rateLimitPerMinute} calls per minute):\n${trigger.url}`;
}

/** `workflows trigger enable|disable|regenerate|rate-limit <workflowId>`. */
export function registerWorkflowTriggerCommand(workflows: Command, cli: CliContext): void {
  const trigger = workflows.command('trigger').description("Manage a workflow's webhook trigger");

  for (const [verb, description, change] of CHANGES) {
    trigger
      .command(`${verb} <workflowId>`)
      .description(description)
      .option('--json', 'print machine-readable JSON')
      .action(async (id: string, _options: unknown, command: Command) => {
        const workflowId = workflowIdOrExit(cli, command, id);
        const workflow = await cli.withAppContext((context) => change(context, null, workflowId));
        printWithUrls(cli, command, { workflow }, triggerText(workflow), [workflow.trigger?.url]);
      });
  }

  trigger
    .command('rate-limit <workflowId>')
    .description('Set how many calls per minute the webhook accepts (all callers together)')
    .requiredOption('--per-minute <n>', 'calls per minute, 1 to 10000')
    .option('--json', 'print machine-readable JSON')
    .action(async (id: string, rawOptions: { perMinute: string }, command: Command) => {
      const workflowId = workflowIdOrExit(cli, command, id);
      const input = parseOptionsOrExit(cli, command, rateLimitBodySchema, rawOptions);
      const workflow = await cli.withAppContext((context) => setTriggerRateLimit(context, null, workflowId, input));
      const text = `The webhook of workflow ${workflow.name} accepts ${input.perMinute} calls per minute.`;
      printWithUrls(cli, command, { workflow }, text, [workflow.trigger?.url]);
    });
}

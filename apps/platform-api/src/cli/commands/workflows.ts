import path from 'node:path';
import type { Command } from 'commander';
import { ValidationError, validationErrorFromZod } from '../../errors';
import { deleteWorkflow } from '../../workflows/workflow-deletion';
import { readWorkflowFile } from '../../workflows/workflow-file';
import { getAdminRun, listRuns } from '../../workflows/workflow-runs-service';
import {
  listRunsQuerySchema,
  listWorkflowsQuerySchema,
  RUN_STATUS_NAMES,
  renderingTargetSchema,
  runIdSchema,
  workflowDefinitionSchema,
} from '../../workflows/workflow-schemas';
import { getWorkflow, listWorkflows, publishWorkflow, setWorkflowActive } from '../../workflows/workflows-service';
import type { RegisterCommand } from '../cli-context';
import { failUsage, parseOptionsOrExit } from '../cli-usage';
import { printWithUrls } from '../public-url-note';
import { withEnvironmentOptions } from './agent-options';
import { workflowIdOrExit } from './workflow-id-argument';
import { describeRun, describeWorkflow } from './workflow-text';
import { registerWorkflowTriggerCommand } from './workflow-trigger-command';

export const registerWorkflowsCommand: RegisterCommand = (program, cli) => {
  const workflows = program
    .command('workflows')
    .description('Publish workflows, manage their webhook trigger and follow their runs (see docs/workflows.md)');

  withEnvironmentOptions(workflows.command('create').description('Publish a workflow from a JSON or YAML file'))
    .requiredOption('--team <name>', 'the team whose rendering of the environment holds the workflow')
    .requiredOption('--file <path>', 'the definition: { name, collection, isActive?, steps } as JSON (.json) or YAML')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: { file: string }, command) => {
      const target = parseOptionsOrExit(cli, command, renderingTargetSchema, rawOptions);
      // Relayed, the command runs in the server's process: the file is read from the caller's directory.
      const file = path.resolve(cli.io.cwd ?? process.cwd(), rawOptions.file);
      let document: unknown;
      try {
        document = await readWorkflowFile(file);
      } catch (error) {
        failUsage(cli, command, error as ValidationError);
      }
      // Checked before the database is opened: a bad file is a usage error (exit 2).
      const definition = workflowDefinitionSchema.safeParse(document);
      if (!definition.success) {
        failUsage(cli, command, validationErrorFromZod(definition.error, { subject: `workflow file ${file}` }));
      }
      const published = await cli.withAppContext((context) => publishWorkflow(context, null, target, document));
      const { workflow, isNew } = published;
      const what = isNew
        ? `Created workflow ${workflow.name}`
        : `Published version ${workflow.version} of ${workflow.name}`;
      const text = `${what} (id ${workflow.id}).\n${describeWorkflow(workflow)}`;
      printWithUrls(cli, command, published, text, [workflow.trigger?.url]);
    });

  withEnvironmentOptions(workflows.command('list').description("List an environment's workflows"))
    .option('--team <name>', "only this team's workflows")
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const query = parseOptionsOrExit(cli, command, listWorkflowsQuerySchema, rawOptions);
      const list = await cli.withAppContext((context) => listWorkflows(context, null, query));
      const text = list.length === 0 ? 'No workflows.' : list.map(describeWorkflow).join('\n');
      printWithUrls(
        cli,
        command,
        { workflows: list },
        text,
        list.map((workflow) => workflow.trigger?.url),
      );
    });

  workflows
    .command('show <workflowId>')
    .description('Show a workflow: its steps and its webhook trigger')
    .option('--json', 'print machine-readable JSON')
    .action(async (id: string, _options: unknown, command: Command) => {
      const workflowId = workflowIdOrExit(cli, command, id);
      const workflow = await cli.withAppContext((context) => getWorkflow(context, null, workflowId));
      const text = `${describeWorkflow(workflow)}\n${JSON.stringify(workflow.steps, null, 2)}`;
      printWithUrls(cli, command, { workflow }, text, [workflow.trigger?.url]);
    });

  for (const [verb, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    workflows
      .command(`${verb} <workflowId>`)
      .description(isActive ? 'Activate a workflow' : 'Deactivate a workflow: its webhook answers 404')
      .option('--json', 'print machine-readable JSON')
      .action(async (id: string, _options: unknown, command: Command) => {
        const workflowId = workflowIdOrExit(cli, command, id);
        const workflow = await cli.withAppContext((context) => setWorkflowActive(context, null, workflowId, isActive));
        const text = `Workflow ${workflow.name} is ${isActive ? 'active' : 'inactive'}.`;
        printWithUrls(cli, command, { workflow }, text, [workflow.trigger?.url]);
      });
  }

  workflows
    .command('delete <workflowId>')
    .description(
      'Delete a workflow with its webhook trigger (its URL answers 404) and its runs; ' +
        'refused while runs are queued or running, unless --force',
    )
    .option('--force', 'delete it even while runs are queued or running: they are cut off')
    .option('--json', 'print machine-readable JSON')
    .action(async (id: string, options: { force?: boolean }, command: Command) => {
      const workflowId = workflowIdOrExit(cli, command, id);
      const deleted = await cli.withAppContext((context) =>
        deleteWorkflow(context, null, workflowId, { force: options.force === true }),
      );
      const runs = deleted.runs === 1 ? '1 run' : `${deleted.runs} runs`;
      cli.print(command, { deleted }, `Deleted workflow ${deleted.name} (id ${deleted.id}) and its ${runs}.`);
    });

  registerWorkflowTriggerCommand(workflows, cli);

  workflows
    .command('runs <workflowId>')
    .description("List a workflow's latest runs")
    .option('--status <status>', `only runs in this state: ${RUN_STATUS_NAMES.join(', ')}`)
    .option('--limit <n>', 'how many, most recent first (1 to 200)', '50')
    .option('--json', 'print machine-readable JSON')
    .action(async (id: string, rawOptions: { status?: string; limit: string }, command: Command) => {
      const workflowId = workflowIdOrExit(cli, command, id);
      const query = parseOptionsOrExit(cli, command, listRunsQuerySchema, rawOptions);
      const runs = await cli.withAppContext((context) => listRuns(context, null, workflowId, query));
      cli.print(command, { runs }, runs.length === 0 ? 'No runs.' : runs.map((run) => describeRun(run)).join('\n'));
    });

  workflows
    .command('run <runId>')
    .description('Show one run and its steps')
    .option('--json', 'print machine-readable JSON')
    .action(async (id: string, _options: unknown, command: Command) => {
      const parsed = runIdSchema.safeParse(id);
      if (!parsed.success) failUsage(cli, command, new ValidationError(`"${id}" is not a run id: a UUID.`));
      const run = await cli.withAppContext((context) => getAdminRun(context, null, parsed.data));
      cli.print(command, { run }, describeRun(run, true));
    });
};

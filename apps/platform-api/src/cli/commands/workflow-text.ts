import type { AdminRunView } from '../../workflows/workflow-run-view';
import type { WorkflowView } from '../../workflows/workflow-view';

/** One workflow in `workflows` command output: id, name, version, state, place, trigger. */
export function describeWorkflow(workflow: WorkflowView): string {
  const trigger = workflow.trigger;
  const triggerText = !trigger
    ? 'webhook trigger: none'
    : trigger.isEnabled
      ? `webhook trigger: enabled, ${trigger.rateLimitPerMinute}/min, ${trigger.url}`
      : `webhook trigger: disabled, ${trigger.rateLimitPerMinute}/min`;
  return [
    `${workflow.id}\t${workflow.name}\tv${workflow.version}\t${workflow.isActive ? 'active' : 'inactive'}`,
    `\t${workflow.collection}; ${workflow.environment.name} / team ${workflow.team.name}; ${stepCount(workflow)}`,
    `\t${triggerText}`,
  ].join('\n');
}

function stepCount(workflow: WorkflowView): string {
  const count = Array.isArray(workflow.steps) ? workflow.steps.length : 0;
  return count === 1 ? '1 step' : `${count} steps`;
}

/** One run: its summary line, then one line per step when `withSteps`. */
export function describeRun(run: AdminRunView, withSteps = false): string {
  const lines = [
    `${run.runId}\t${run.status}\trecord ${run.recordId}\tv${run.workflow.version}\t${run.createdAt}\t${run.user.email}`,
  ];
  if (run.error) lines.push(`\terror: ${run.error}`);
  if (withSteps) {
    for (const step of run.steps) {
      const error = step.error ? `: ${step.error}` : '';
      lines.push(`\t${step.position}\t${step.kind}\t${step.status}\t${step.attempts} attempt(s)${error}`);
    }
  }
  return lines.join('\n');
}

import { z } from 'zod';
import type { actionStepSchema } from '../../workflow-schemas';
import { StepFailedError } from '../executor-errors';
import type { StepContext, StepResult } from './step-context';

/** The part of the uploaded agent schema that locates actions. */
const schemaActionsSchema = z.object({
  collections: z.array(
    z.object({ name: z.string(), actions: z.array(z.object({ name: z.string(), route: z.string() })) }),
  ),
});

/**
 * `POST <action route>` with `{ ids: [recordId], values }`, the route taken from the schema the
 * agent uploaded (it depends on the action's position and the agent's options).
 */
export async function runActionStep(step: z.infer<typeof actionStepSchema>, context: StepContext): Promise<StepResult> {
  const route = await findActionRoute(context, step.action);
  const answer = await context.callAgent(
    { method: 'POST', path: route, body: { ids: [context.run.recordId], values: step.values ?? {} } },
    step.timeoutMs,
  );
  return { output: { result: answer.body }, attempts: answer.attempts };
}

async function findActionRoute(context: StepContext, actionName: string): Promise<string> {
  const { collection } = context.run;
  const row = await context.app.prisma.agentSchema.findUnique({
    where: { environmentId: context.environment.id },
    select: { schema: true },
  });
  const parsed = schemaActionsSchema.safeParse(row?.schema);
  if (!parsed.success) {
    throw new StepFailedError(
      `Action '${actionName}' cannot be located: the environment's agent has not uploaded its schema yet (start the agent).`,
    );
  }
  const actions = parsed.data.collections.find((candidate) => candidate.name === collection)?.actions ?? [];
  const action = actions.find((candidate) => candidate.name === actionName);
  if (!action) {
    const known =
      actions.length > 0 ? `its actions are ${actions.map((a) => `'${a.name}'`).join(', ')}` : 'it has none';
    throw new StepFailedError(`The agent's collection '${collection}' has no action '${actionName}': ${known}.`);
  }
  return action.route;
}

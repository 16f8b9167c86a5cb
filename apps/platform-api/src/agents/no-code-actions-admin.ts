import type { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import type { Prisma } from '../generated/prisma/client';
import { findNamedEnvironment } from '../projects/environment-lookup';
import type { addActionSchema, removeActionSchema } from './agent-admin-schemas';
import { logEnvironmentChange } from './environment-change-log';

// Experimental no-code actions of an environment's collections (the admin CLI's `actions`).

/** Adds a no-code action (experimental). ConflictError-free: a same-named action is replaced. */
export async function addNoCodeAction(context: AppContext, input: z.output<typeof addActionSchema>): Promise<void> {
  const environment = await findNamedEnvironment(context, input);
  const { collection, name } = input.definition;
  const key = { environmentId: environment.id, collectionName: collection, name };
  const definition = input.definition as Prisma.InputJsonObject;
  await context.prisma.noCodeAction.upsert({
    where: { environmentId_collectionName_name: key },
    create: { ...key, definition },
    update: { definition },
  });
  await logEnvironmentChange(context, environment, 'agent.action.add', { definition: input.definition });
  await publishAgentEvent(context, environment.id, 'refresh-customizations');
}

/** Removes a no-code action; NotFoundError when there is none of that name. */
export async function removeNoCodeAction(
  context: AppContext,
  input: z.output<typeof removeActionSchema>,
): Promise<void> {
  const environment = await findNamedEnvironment(context, input);
  const removed = await context.prisma.noCodeAction.deleteMany({
    where: { environmentId: environment.id, collectionName: input.collection, name: input.name },
  });
  if (removed.count === 0)
    throw new NotFoundError(`No action "${input.name}" on ${input.collection} in ${environment.name}.`);
  await logEnvironmentChange(context, environment, 'agent.action.remove', {
    collection: input.collection,
    name: input.name,
  });
  await publishAgentEvent(context, environment.id, 'refresh-customizations');
}

import type { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { findNamedEnvironment } from '../projects/environment-lookup';
import { findTeamRendering } from '../projects/rendering-lookup';
import type { clearScopeSchema, scopeSchema } from './agent-admin-schemas';
import { logEnvironmentChange } from './environment-change-log';

// Teams' scopes on collections (the admin CLI's `scopes`).

/** Sets a team's scope on a collection (replacing the previous one). */
export async function setScope(context: AppContext, input: z.output<typeof scopeSchema>): Promise<void> {
  const environment = await findNamedEnvironment(context, input);
  const rendering = await findTeamRendering(context, environment, input.team);
  const key = { renderingId: rendering.id, collectionName: input.collection };
  const condition = input.condition as unknown as Prisma.InputJsonObject;
  await context.prisma.renderingScope.upsert({
    where: { renderingId_collectionName: key },
    create: { ...key, condition },
    update: { condition },
  });
  await logEnvironmentChange(context, environment, 'agent.scope.set', {
    team: input.team,
    collection: input.collection,
    condition: input.condition,
  });
  await publishAgentEvent(context, environment.id, 'refresh-renderings');
}

/** Removes a team's scope on a collection: the team then sees every record. */
export async function clearScope(context: AppContext, input: z.output<typeof clearScopeSchema>): Promise<void> {
  const environment = await findNamedEnvironment(context, input);
  const rendering = await findTeamRendering(context, environment, input.team);
  await context.prisma.renderingScope.deleteMany({
    where: { renderingId: rendering.id, collectionName: input.collection },
  });
  await logEnvironmentChange(context, environment, 'agent.scope.clear', {
    team: input.team,
    collection: input.collection,
  });
  await publishAgentEvent(context, environment.id, 'refresh-renderings');
}

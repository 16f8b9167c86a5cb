import type { z } from 'zod';
import type { AppContext } from '../context';
import { type EnvironmentTarget, findNamedEnvironment } from '../projects/environment-lookup';
import type { agentUrlSchema } from './agent-admin-schemas';
import { logEnvironmentChange } from './environment-change-log';

/** Sets the URL the environment's agent is reached at (sign-in redirects must lie under it). */
export async function setAgentUrl(
  context: AppContext,
  target: EnvironmentTarget,
  url: z.output<typeof agentUrlSchema>,
): Promise<void> {
  const environment = await findNamedEnvironment(context, target);
  await context.prisma.environment.update({ where: { id: environment.id }, data: { agentUrl: url } });
  await logEnvironmentChange(context, environment, 'environment.set_agent_url', { agentUrl: url });
}

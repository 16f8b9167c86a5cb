import type { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import { findProjectByName } from '../projects/project-lookup';
import type { memberTagsSchema } from './agent-admin-schemas';

/** Replaces a member's tags in a project; the agents of every environment refresh their users. */
export async function setMemberTags(context: AppContext, input: z.output<typeof memberTagsSchema>): Promise<void> {
  const project = await findProjectByName(context, input.project, input.organization);
  const membership = await context.prisma.projectMembership.findFirst({
    where: { projectId: project.id, user: { email: input.email } },
  });
  if (!membership) throw new NotFoundError(`${input.email} is not a member of project ${project.name}.`);
  await context.prisma.projectMembership.update({ where: { id: membership.id }, data: { tags: input.tags } });
  await recordAdminLog(context, {
    organizationId: project.organizationId,
    projectId: project.id,
    action: 'member.set_tags',
    targetType: 'user',
    targetId: membership.userId,
    details: { email: input.email, tags: input.tags },
  });
  const environments = await context.prisma.environment.findMany({ where: { projectId: project.id } });
  for (const environment of environments) await publishAgentEvent(context, environment.id, 'refresh-users');
}

import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import type { EnvironmentWithProject } from '../projects/environment-lookup';

// What operators change about agents (the admin CLI): rights, scopes, the agent URL, tags and
// no-code actions, one file each (`*-admin.ts`). Each change writes an admin-log entry and, but
// for the agent URL, sends the agents' refresh event.

/** Writes the admin-log entry of a change an operator made to `environment`'s agent. */
export async function logEnvironmentChange(
  context: AppContext,
  environment: EnvironmentWithProject,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAdminLog(context, {
    organizationId: environment.project.organizationId,
    projectId: environment.projectId,
    action,
    targetType: 'environment',
    targetId: environment.id,
    details: { environment: environment.name, ...details },
  });
}

import type { activityRequestSchema } from '@platform/platform-contract';
import type { z } from 'zod';
import type { AppContext } from '../context';

type ActivityEntries = z.output<typeof activityRequestSchema>['entries'];

/**
 * Writes the agent's entries to the activity log in one statement. `source` is the entry's `via`
 * (`agent`, `workflow` or `mcp`); `recordId` is set when exactly one record was concerned, and
 * every id, the label and the agent's `occurredAt` go to `details`.
 */
export async function recordAgentActivity(
  context: AppContext,
  environment: { readonly id: number; readonly projectId: number },
  entries: ActivityEntries,
): Promise<void> {
  const createdAt = context.now();
  await context.prisma.activityLog.createMany({
    data: entries.map((entry) => ({
      projectId: environment.projectId,
      environmentId: environment.id,
      userId: entry.userId,
      userEmail: entry.userEmail,
      source: entry.via,
      action: entry.action,
      collectionName: entry.collection,
      recordId: entry.recordIds.length === 1 ? entry.recordIds[0] : null,
      details: {
        recordIds: entry.recordIds,
        occurredAt: entry.occurredAt,
        ...(entry.label === undefined ? {} : { label: entry.label }),
      },
      createdAt,
    })),
  });
}

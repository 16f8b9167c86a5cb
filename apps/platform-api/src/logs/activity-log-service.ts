import type { AppContext } from '../context';
import type { ActivityLog } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { toPrismaRange } from '../http/listing/range';
import type { ActivityLogEntry } from './activity-log-entry';
import type { ActivityLogFilters } from './activity-log-filters';

export interface ActivityLogPage {
  /** Most recent first (id descending). */
  readonly entries: readonly ActivityLog[];
  readonly hasMore: boolean;
}

/**
 * Writes one activity-log entry. Never throws: a failed audit write is logged at `error` level and
 * the caller's operation goes on (the note was saved; losing its log line beats failing the call).
 */
export async function recordActivityLog(context: AppContext, entry: ActivityLogEntry): Promise<void> {
  try {
    await context.prisma.activityLog.create({
      data: {
        projectId: entry.projectId,
        environmentId: entry.environmentId ?? null,
        userId: entry.userId ?? null,
        userEmail: entry.userEmail ?? null,
        source: entry.source,
        action: entry.action,
        collectionName: entry.collectionName ?? null,
        recordId: entry.recordId ?? null,
        details: entry.details === undefined ? Prisma.DbNull : (entry.details as Prisma.InputJsonObject),
        createdAt: context.now(),
      },
    });
  } catch (error) {
    context.logger.error({ err: error, action: entry.action }, 'could not write an activity-log entry');
  }
}

/** One page of an environment's activity log, most recent first. */
export async function listActivityLogs(
  context: AppContext,
  scope: { readonly projectId: number; readonly environmentId: number },
  filters: ActivityLogFilters,
): Promise<ActivityLogPage> {
  const rows = await context.prisma.activityLog.findMany({
    where: {
      projectId: scope.projectId,
      environmentId: scope.environmentId,
      userId: filters.userId,
      userEmail: filters.userEmail,
      collectionName: filters.collectionName,
      recordId: filters.recordId,
      action: filters.action,
      source: filters.source,
      createdAt: toPrismaRange(filters.createdAt),
      id: toPrismaRange(filters.id),
    },
    orderBy: { id: 'desc' },
    // One more than asked tells whether another page exists, without a count query.
    take: filters.limit + 1,
  });
  return { entries: rows.slice(0, filters.limit), hasMore: rows.length > filters.limit };
}

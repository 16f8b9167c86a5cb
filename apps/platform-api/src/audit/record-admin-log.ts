import type { AppContext } from '../context';
import { Prisma } from '../generated/prisma/client';
import type { AdminLogEntry } from './admin-log-entry';

/**
 * Writes one admin-log entry. Never throws: an audit write that fails is logged at `error` level
 * and the caller's operation goes on, because refusing a revocation (say) for want of a log line
 * would be worse than the missing line.
 */
export async function recordAdminLog(context: AppContext, entry: AdminLogEntry): Promise<void> {
  try {
    await context.prisma.adminLog.create({
      data: {
        organizationId: entry.organizationId ?? null,
        projectId: entry.projectId ?? null,
        userId: entry.userId ?? null,
        userEmail: entry.userEmail ?? null,
        tokenId: entry.tokenId ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
        details: entry.details === undefined ? Prisma.DbNull : (entry.details as Prisma.InputJsonObject),
        createdAt: context.now(),
      },
    });
  } catch (error) {
    context.logger.error({ err: error, action: entry.action }, 'could not write an admin-log entry');
  }
}

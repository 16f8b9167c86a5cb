import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { type AdminLogFiltersInput, adminLogFiltersSchema } from './admin-log-filters';

export interface AdminLogView {
  readonly id: number;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | null;
  readonly organizationId: number | null;
  readonly projectId: number | null;
  readonly userId: number | null;
  readonly userEmail: string | null;
  readonly tokenId: number | null;
  readonly details: unknown;
  readonly createdAt: Date;
}

export interface AdminLogPage {
  readonly entries: readonly AdminLogView[];
  readonly hasMore: boolean;
}

/** One page of a project's admin log, most recent first. `filters` is parsed here (zod). */
export async function listAdminLogs(
  context: AppContext,
  projectId: number,
  filtersInput: AdminLogFiltersInput = {},
): Promise<AdminLogPage> {
  const filters = parseOrThrow(adminLogFiltersSchema, filtersInput, 'query');
  const rows = await context.prisma.adminLog.findMany({
    where: {
      projectId,
      action: filters.action,
      targetType: filters.targetType,
      targetId: filters.targetId,
      userId: filters.userId,
      userEmail: filters.userEmail,
      tokenId: filters.tokenId,
      id:
        filters.beforeId === undefined && filters.id === undefined
          ? undefined
          : {
              equals: filters.id?.eq,
              lt: minDefined(filters.beforeId, filters.id?.lt),
              lte: filters.id?.lte,
              gt: filters.id?.gt,
              gte: filters.id?.gte,
            },
      createdAt: filters.createdAt
        ? {
            equals: filters.createdAt.eq,
            lt: filters.createdAt.lt,
            lte: filters.createdAt.lte,
            gt: filters.createdAt.gt,
            gte: filters.createdAt.gte,
          }
        : undefined,
    },
    orderBy: { id: 'desc' },
    // One more than asked tells whether another page exists, without a count query.
    take: filters.limit + 1,
  });
  return { entries: rows.slice(0, filters.limit), hasMore: rows.length > filters.limit };
}

function minDefined(...values: (number | undefined)[]): number | undefined {
  const defined = values.filter((value) => value !== undefined);
  return defined.length === 0 ? undefined : Math.min(...defined);
}

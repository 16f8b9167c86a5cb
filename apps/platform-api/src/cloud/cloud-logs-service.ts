import { LOG_LEVELS, type LogLine, type LogsResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';

export interface LogLinesQuery {
  /** Lines after this id (the previous answer's `next`); without it, the latest `limit` lines. */
  readonly after?: number;
  readonly limit: number;
}

/**
 * The hosted agent's log lines, oldest first: those after `after`, or the latest ones. `next` is
 * the id of the last line answered (or `after` again, or 0, when there is none): pass it as
 * `after` to read what is logged since.
 */
export async function readLogLines(
  context: AppContext,
  environmentId: number,
  query: LogLinesQuery,
): Promise<LogsResponse> {
  const rows =
    query.after === undefined
      ? (
          await context.prisma.cloudLogLine.findMany({
            where: { environmentId },
            orderBy: { id: 'desc' },
            take: query.limit,
          })
        ).reverse()
      : await context.prisma.cloudLogLine.findMany({
          where: { environmentId, id: { gt: query.after } },
          orderBy: { id: 'asc' },
          take: query.limit,
        });
  const lines: LogLine[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    level: toLevel(row.level),
    message: row.message,
  }));
  return { lines, next: rows.at(-1)?.id ?? query.after ?? 0 };
}

/** The runner writes the contract's levels; anything else reads as Info rather than failing the page. */
function toLevel(level: string): LogLine['level'] {
  return (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLine['level']) : 'Info';
}

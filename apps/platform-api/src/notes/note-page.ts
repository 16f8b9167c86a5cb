import { z } from 'zod';
import type { Range } from '../activity-logs/range';
import type { AppContext } from '../context';
import { runHotQuery } from '../db/hot-query';
import { Prisma } from '../generated/prisma/client';
import type { NoteFilters } from './note-filters';
import type { NoteRecord } from './note-record';

/** Which environment a page is read from: by id, or by name within a project (one statement either way). */
export type NotePageEnvironment =
  | { readonly environmentId: number }
  | { readonly projectId: number; readonly environmentName: string }
  /**
   * The environment of the project of the token with that hash, if and only if that project is
   * named `projectName`: lets the public API start the page before the token's authorization
   * completes (see src/public-api/notes/notes-listing-prefetch.ts) while the statement itself can
   * never read another project's notes.
   */
  | { readonly tokenHash: string; readonly projectName: string; readonly environmentName: string };

export interface NotePage {
  /** Ordered by id descending (most recent first). */
  readonly notes: readonly NoteRecord[];
  readonly hasMore: boolean;
}

const userSchema = z.object({ id: z.number(), username: z.string(), email: z.string() });

/** `json_build_object` writes `timestamp` values as `2026-01-31T12:00:00.5`: UTC here, by construction. */
const utcTimestamp = z.string().transform((value) => new Date(`${value}Z`));

const messagesSchema = z.array(
  z.object({ id: z.number(), content: z.string(), createdAt: utcTimestamp, user: userSchema }),
);

const noteRowSchema = z.object({
  id: z.number(),
  collectionName: z.string().nullable(),
  recordId: z.string(),
  title: z.string(),
  userId: z.number(),
  teamId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  archivedAt: z.date().nullable(),
  userUsername: z.string(),
  userEmail: z.string(),
  teamName: z.string().nullable(),
  messages: messagesSchema,
});

const environmentRowSchema = z.object({
  environmentId: z.number(),
  projectId: z.number(),
  id: z.number().nullable(),
});

/** A page with the project it was read from (callers holding an authorization compare the two). */
export interface ScopedNotePage {
  readonly projectId: number;
  readonly page: NotePage;
}

/**
 * One page of an environment's notes, with each note's creator, team and thread (messages oldest
 * first, each with its author), in ONE statement: the environment row, LEFT JOIN LATERAL the page
 * (limit + 1 rows by id descending, so `hasMore` needs no count; sorted again here, not by an outer
 * ORDER BY), each note's thread aggregated by `json_agg` over the `(noteId, id)` index. Returns
 * null when the environment does not exist (a name is looked up in the given project only, so
 * another project's environment is never read).
 *
 * Every value is a bound parameter (`Prisma.sql` tagged templates); only fixed column names are
 * written into the text. Runs unchanged on PostgreSQL and PGlite.
 */
export async function readNotePage(
  context: AppContext,
  environment: NotePageEnvironment,
  filters: NoteFilters,
): Promise<NotePage | null> {
  return (await readScopedNotePage(context, environment, filters))?.page ?? null;
}

/** `readNotePage`, also telling which project the environment belongs to. */
export async function readScopedNotePage(
  context: AppContext,
  environment: NotePageEnvironment,
  filters: NoteFilters,
): Promise<ScopedNotePage | null> {
  const conditions = [Prisma.sql`n."environmentId" = e.id`, ...filterConditions(filters)];
  // The note's timestamps are `timestamptz`: both drivers (pg, Prisma's PGlite adapter) return Dates.
  const rows = await runHotQuery(
    context,
    Prisma.sql`
    SELECT e.id AS "environmentId", e."projectId" AS "projectId", page.*
    FROM "Environment" e
    LEFT JOIN LATERAL (
      SELECT n.id, n."collectionName", n."recordId", n.title, n."userId", n."teamId",
             n."createdAt", n."updatedAt", n."archivedAt",
             u.username AS "userUsername", u.email AS "userEmail", t.name AS "teamName",
             COALESCE((
               SELECT json_agg(json_build_object(
                        'id', m.id, 'content', m.content, 'createdAt', m."createdAt" AT TIME ZONE 'UTC',
                        'user', json_build_object('id', mu.id, 'username', mu.username, 'email', mu.email)
                      ) ORDER BY m.id)
               FROM "NoteMessage" m JOIN "User" mu ON mu.id = m."userId"
               WHERE m."noteId" = n.id
             ), '[]') AS messages
      FROM "Note" n
      JOIN "User" u ON u.id = n."userId"
      LEFT JOIN "Team" t ON t.id = n."teamId"
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY n.id DESC
      LIMIT ${filters.limit + 1}
    ) page ON true
    WHERE ${environmentCondition(environment)}`,
  );

  const first = rows[0];
  if (first === undefined) return null;
  const { environmentId, projectId, id } = environmentRowSchema.parse(first);
  // The environment exists but no note matched: LEFT JOIN LATERAL leaves one row of nulls.
  if (id === null) return { projectId, page: { notes: [], hasMore: false } };
  // The page's order is the lateral subquery's; the outer join may not keep it, so it is restored
  // here (at most limit + 1 rows): an outer ORDER BY cost PostgreSQL about 0.4 ms per page.
  const notes = rows
    .map((row) => noteRowSchema.parse(row))
    .sort((a, b) => b.id - a.id)
    .slice(0, filters.limit)
    .map((row) => toNoteRecord(row, environmentId));
  return { projectId, page: { notes, hasMore: rows.length > filters.limit } };
}

function environmentCondition(environment: NotePageEnvironment): Prisma.Sql {
  if ('environmentId' in environment) return Prisma.sql`e.id = ${environment.environmentId}`;
  const projectId =
    'projectId' in environment
      ? Prisma.sql`${environment.projectId}`
      : Prisma.sql`(SELECT t."projectId" FROM "ApplicationToken" t JOIN "Project" p ON p.id = t."projectId"
                    WHERE t."tokenHash" = ${environment.tokenHash} AND p.name = ${environment.projectName})`;
  return Prisma.sql`e."projectId" = ${projectId} AND e.name = ${environment.environmentName}`;
}

function toNoteRecord(row: z.output<typeof noteRowSchema>, environmentId: number): NoteRecord {
  return {
    id: row.id,
    environmentId,
    collectionName: row.collectionName,
    recordId: row.recordId,
    title: row.title,
    userId: row.userId,
    teamId: row.teamId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    archivedAt: row.archivedAt,
    user: { id: row.userId, username: row.userUsername, email: row.userEmail },
    team: row.teamName === null ? null : { name: row.teamName },
    messages: row.messages,
  };
}

/** The listing's filters as SQL conditions on `n` (note), `u` (creator) and `t` (team); ANDed. */
function filterConditions(filters: NoteFilters): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.userId !== undefined) conditions.push(Prisma.sql`n."userId" = ${filters.userId}`);
  if (filters.userEmail !== undefined) conditions.push(Prisma.sql`u.email = ${filters.userEmail}`);
  // A note without a team has no team name: it never matches a team filter.
  if (filters.teamName !== undefined) conditions.push(Prisma.sql`t.name = ${filters.teamName}`);
  if (filters.collectionName !== undefined) {
    conditions.push(Prisma.sql`n."collectionName" = ${filters.collectionName}`);
  }
  if (filters.recordId !== undefined) conditions.push(Prisma.sql`n."recordId" = ${filters.recordId}`);
  conditions.push(...rangeConditions(Prisma.sql`n."createdAt"`, dateBounds(filters.createdAt)));
  conditions.push(...rangeConditions(Prisma.sql`n."updatedAt"`, dateBounds(filters.updatedAt)));
  // A bound on archivedAt never matches a note that is not archived (NULL compares to nothing).
  conditions.push(...rangeConditions(Prisma.sql`n."archivedAt"`, dateBounds(filters.archivedAt)));
  conditions.push(...rangeConditions(Prisma.sql`n.id`, filters.id));
  return conditions;
}

/**
 * Dates are bound as ISO 8601 text with its `Z` and cast to timestamptz, so the session's time
 * zone never shifts a bound (the driver adapters would send a Date as zone-less wall time).
 */
function dateBounds(range: Range<Date> | undefined): Range<Prisma.Sql> | undefined {
  if (!range) return undefined;
  const cast = (date: Date | undefined) =>
    date === undefined ? undefined : Prisma.sql`${date.toISOString()}::timestamptz`;
  return { eq: cast(range.eq), lt: cast(range.lt), lte: cast(range.lte), gt: cast(range.gt), gte: cast(range.gte) };
}

/** Every bound given must hold, as the public API's `<field>.eq|lt|lte|gt|gte` parameters say. */
function rangeConditions(column: Prisma.Sql, range: Range<number | Prisma.Sql> | undefined): Prisma.Sql[] {
  if (!range) return [];
  const conditions: Prisma.Sql[] = [];
  if (range.eq !== undefined) conditions.push(Prisma.sql`${column} = ${range.eq}`);
  if (range.lt !== undefined) conditions.push(Prisma.sql`${column} < ${range.lt}`);
  if (range.lte !== undefined) conditions.push(Prisma.sql`${column} <= ${range.lte}`);
  if (range.gt !== undefined) conditions.push(Prisma.sql`${column} > ${range.gt}`);
  if (range.gte !== undefined) conditions.push(Prisma.sql`${column} >= ${range.gte}`);
  return conditions;
}

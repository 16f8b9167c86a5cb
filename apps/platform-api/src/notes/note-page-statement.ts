import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { Range } from '../logs/range';
import type { NoteFilters } from './note-filters';

/**
 * The one statement of a notes page: the environment named `environmentName` in project
 * `projectId` (so another project's environment is never read), and as its one column `notes`
 * the page as a JSON array: `limit + 1` notes by id descending (the extra one tells `hasMore`
 * without a count), each with its creator, team and thread (messages oldest first, with their
 * authors). No row when the project has no such environment.
 *
 * Every value is a bound parameter (`Prisma.sql`); only fixed column names are written into the
 * text, so its text depends only on which filters are given. Runs unchanged on PostgreSQL and PGlite.
 */
export function notePageStatement(projectId: number, environmentName: string, filters: NoteFilters): Prisma.Sql {
  const conditions = [Prisma.sql`n."environmentId" = e.id`, ...filterConditions(filters)];
  return Prisma.sql`
    SELECT COALESCE((
      SELECT json_agg(page ORDER BY page.id DESC)
      FROM (
        SELECT n.id, n."environmentId", n."collectionName", n."recordId", n.title, n."userId", n."teamId",
               n."createdAt", n."updatedAt", n."archivedAt",
               json_build_object('id', u.id, 'username', u.username, 'email', u.email) AS "user",
               CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('name', t.name) END AS team,
               COALESCE((
                 SELECT json_agg(json_build_object(
                          'id', m.id, 'content', m.content, 'createdAt', m."createdAt",
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
      ) page
    ), '[]') AS notes
    FROM "Environment" e
    WHERE e."projectId" = ${projectId} AND e.name = ${environmentName}`;
}

/** A timestamp as JSON writes it (ISO 8601 with the session's offset). */
const timestamp = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const user = z.object({ id: z.int(), username: z.string(), email: z.string() });
const note = z.object({
  id: z.int(),
  environmentId: z.int(),
  collectionName: z.string().nullable(),
  recordId: z.string(),
  title: z.string(),
  userId: z.int(),
  teamId: z.int().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  archivedAt: timestamp.nullable(),
  user,
  team: z.object({ name: z.string() }).nullable(),
  messages: z.array(z.object({ id: z.int(), content: z.string(), createdAt: timestamp, user })),
});

/** The rows of `notePageStatement`: none (no such environment) or one. */
export const notePageRowsSchema = z.array(z.object({ notes: z.array(note) })).max(1);

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

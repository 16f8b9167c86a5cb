import type { AppContext } from '../context';
import { mapHotQuery } from '../db/hot-query';
import { Prisma } from '../generated/prisma/client';
import type { Range } from '../logs/range';
import type { NoteFilters } from './note-filters';
import { readNotePageRow } from './note-page-row';
import type { NoteView } from './note-record';

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

/** A page of notes, each as `T` (the view itself unless the reader was given a `present` function). */
export interface NotePage<T = NoteView> {
  /** Ordered by id descending (most recent first). */
  readonly notes: readonly T[];
  readonly hasMore: boolean;
}

/** A page with the project it was read from (callers holding an authorization compare the two). */
export interface ScopedNotePage<T = NoteView> {
  readonly projectId: number;
  readonly page: NotePage<T>;
}

/** One row of the page statement, read as it arrives: the environment's project, and the note if any. */
export interface NotePageRowOf<T> {
  readonly projectId: number;
  /** Absent when the environment exists but no note matched (the LEFT JOIN's row of nulls). */
  readonly note?: { readonly id: number; readonly presented: T };
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
  return (await readScopedNotePage(context, environment, filters, (note) => note))?.page ?? null;
}

/**
 * `readNotePage`, also telling which project the environment belongs to, with each note turned
 * into `present(note)` as its row arrives (e.g. the public API's JSON text for it), so that this
 * work overlaps with the statement still running. `onRow`, when given, sees each row as it arrives,
 * in the statement's order (id descending: the page is one LATERAL subquery under at most one
 * environment row), e.g. to write it out before the last one is read.
 */
export async function readScopedNotePage<T>(
  context: AppContext,
  environment: NotePageEnvironment,
  filters: NoteFilters,
  present: (note: NoteView) => T,
  onRow?: (row: NotePageRowOf<T>) => void,
): Promise<ScopedNotePage<T> | null> {
  const conditions = [Prisma.sql`n."environmentId" = e.id`, ...filterConditions(filters)];
  // Timestamps come as JSON text in UTC (see note-page-row.ts): parsing each into a Date and
  // writing it back with toISOString cost about 0.25 ms per page of 100 (bench/README.md).
  const rows = await mapHotQuery(
    context,
    Prisma.sql`
    SELECT e.id AS "environmentId", e."projectId" AS "projectId", page.*
    FROM "Environment" e
    LEFT JOIN LATERAL (
      SELECT n.id, n."collectionName", n."recordId", n.title, n."userId", n."teamId",
             to_json(n."createdAt" AT TIME ZONE 'UTC') AS "createdAt",
             to_json(n."updatedAt" AT TIME ZONE 'UTC') AS "updatedAt",
             to_json(n."archivedAt" AT TIME ZONE 'UTC') AS "archivedAt",
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
    (row) => {
      const read = readPageRow(row, present);
      onRow?.(read);
      return read;
    },
  );

  const first = rows[0];
  if (first === undefined) return null;
  const { projectId } = first;
  const notes: { readonly id: number; readonly presented: T }[] = [];
  for (const row of rows) if (row.note) notes.push(row.note);
  // The page's order is the lateral subquery's; the outer join may not keep it, so it is restored
  // here when needed (at most limit + 1 rows): an outer ORDER BY cost PostgreSQL about 0.4 ms per page.
  if (!isDescending(notes)) notes.sort((a, b) => b.id - a.id);
  return {
    projectId,
    page: { notes: notes.slice(0, filters.limit).map((note) => note.presented), hasMore: notes.length > filters.limit },
  };
}

function readPageRow<T>(row: unknown, present: (note: NoteView) => T): NotePageRowOf<T> {
  const { projectId, note } = readNotePageRow(row);
  return note ? { projectId, note: { id: note.id, presented: present(note) } } : { projectId };
}

function isDescending(notes: readonly { readonly id: number }[]): boolean {
  let previous = Number.POSITIVE_INFINITY;
  for (const { id } of notes) {
    if (id >= previous) return false;
    previous = id;
  }
  return true;
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

import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { Range } from '../http/listing/range';
import { TOKEN_COLUMNS, TOKEN_SOURCE } from '../tokens/token-authenticator';
import type { TokenRule } from '../tokens/token-rule';
import { tokenRulePredicate } from '../tokens/token-rule-predicate';
import type { NoteFilters } from './note-filters';
import type { ShownNote } from './note-record';

export interface NotePageRequest {
  /** The hash of the presented token (`presentedTokenHash`). */
  readonly tokenHash: string;
  /** What the route requires of the token, and the project and time it is checked for. */
  readonly rule: TokenRule;
  readonly projectName: string;
  readonly now: Date;
  readonly environmentName: string;
  readonly filters: NoteFilters;
}

/**
 * The one statement of a notes listing: it authenticates the token and reads the page in the same
 * round trip (bench/public-api-notes measures it against a bare server running it). One row when
 * a token has the hash, none otherwise, with:
 * - the token's columns (`TOKEN_COLUMNS`), for the middleware to authenticate and authorize;
 * - `pageAllowed`: `tokenRulePredicate`, the middleware's checks in SQL, which gates the read, so
 *   nothing is read for a caller the middleware will refuse;
 * - `notes`: null when not allowed or when the token's project has no environment of that name;
 *   otherwise `limit + 1` notes by id descending (the extra one tells `hasMore` without a count),
 *   each with its creator, team and thread (messages oldest first), as JSON (`readNotePageRow`).
 *
 * Every value is a bound parameter; only fixed column names are written into the text, so its text
 * depends only on the rule and on which filters are given. Runs unchanged on PostgreSQL and PGlite.
 */
export function notePageStatement(request: NotePageRequest): Prisma.Sql {
  const { tokenHash, rule, projectName, now, environmentName, filters } = request;
  const conditions = [Prisma.sql`n."environmentId" = e.id`, ...filterConditions(filters)];
  const page = Prisma.sql`
    SELECT json_agg(page ORDER BY page.id DESC)
    FROM (
      SELECT n.id, n."collectionName", n."recordId", n.title, n."createdAt", n."updatedAt", n."archivedAt",
             json_build_object('id', u.id, 'username', u.username, 'email', u.email) AS "user",
             CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('name', t.name) END AS team,
             COALESCE((
               SELECT json_agg(json_build_object(
                        'content', m.content, 'createdAt', m."createdAt",
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
    ) page`;
  return Prisma.sql`
    WITH token AS (SELECT ${TOKEN_COLUMNS} FROM ${TOKEN_SOURCE} WHERE t."tokenHash" = ${tokenHash}),
    allowed AS (SELECT token."projectId" FROM token WHERE ${tokenRulePredicate(rule, projectName, now)})
    SELECT token.*,
           EXISTS (SELECT 1 FROM allowed) AS "pageAllowed",
           (SELECT COALESCE((${page}), '[]')
            FROM "Environment" e JOIN allowed ON e."projectId" = allowed."projectId"
            WHERE e.name = ${environmentName}) AS notes
    FROM token`;
}

/** A note of the page as the statement writes it: timestamps as JSON text with their offset. */
interface PageNoteJson {
  readonly id: number;
  readonly collectionName: string | null;
  readonly recordId: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archivedAt: string | null;
  readonly user: ShownNote['user'];
  readonly team: ShownNote['team'];
  readonly messages: readonly { content: string; createdAt: string; user: ShownNote['user'] }[];
}

const notePageRowSchema = z.object({
  pageAllowed: z.boolean(),
  notes: z.array(z.unknown()).nullable(),
});

/** `notePageStatement`'s own columns (the token's are read by `toAuthenticatedToken`). */
export interface NotePageRow {
  readonly pageAllowed: boolean;
  /** Null when not allowed, or when the token's project has no environment of that name. */
  readonly notes: readonly ShownNote[] | null;
}

/**
 * The page of a `notePageStatement` row. The notes are converted, not checked field by field: a
 * zod pass over a page of notes with their threads is a visible share of the listing's time
 * (bench/public-api-notes). The statement is ours and fixed; the listing tests check every answer
 * against the OpenAPI document.
 */
export function readNotePageRow(row: unknown): NotePageRow {
  const { pageAllowed, notes } = notePageRowSchema.parse(row);
  return { pageAllowed, notes: notes === null ? null : (notes as PageNoteJson[]).map(toShownNote) };
}

function toShownNote(note: PageNoteJson): ShownNote {
  return {
    ...note,
    createdAt: new Date(note.createdAt),
    updatedAt: new Date(note.updatedAt),
    archivedAt: note.archivedAt === null ? null : new Date(note.archivedAt),
    messages: note.messages.map((message) => ({ ...message, createdAt: new Date(message.createdAt) })),
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

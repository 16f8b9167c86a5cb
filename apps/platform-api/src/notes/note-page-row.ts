import type { NoteView } from './note-record';

/**
 * Reading one row of the notes page statement (`note-page.ts`) into the environment's ids and, when
 * the row holds a note, its `NoteView`.
 *
 * Checked by hand rather than by a zod schema, as an exception to our habit, because this runs for
 * every row of every listing: on the benchmark (bench/README.md, public-api-notes), zod's parse of a
 * page's 101 rows allocated about 200 KB per request, and each young-generation garbage collection
 * of the server took 4.5 ms at the median against 1.5 ms with this reader, with a quarter more of
 * them. The checks are the same: every field's type, and the timestamps' shape.
 */

/** The environment's ids, and the note when the row holds one (the LEFT JOIN gives one row of nulls otherwise). */
export interface NotePageRow {
  readonly environmentId: number;
  readonly projectId: number;
  readonly note?: NoteView;
}

/** A row that is not what the page statement selects: a bug, never bad input. */
export class NotePageRowError extends Error {
  constructor(field: string, value: unknown) {
    super(`Unexpected ${field} in a notes page row: ${describe(value)}.`);
    this.name = 'NotePageRowError';
  }
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  const written = JSON.stringify(value) ?? String(value);
  return written.length > 80 ? `${written.slice(0, 80)}...` : written;
}

export function readNotePageRow(row: unknown): NotePageRow {
  const fields = record(row, 'row');
  const environmentId = integer(fields.environmentId, 'environmentId');
  const projectId = integer(fields.projectId, 'projectId');
  if (fields.id === null) return { environmentId, projectId };
  const userId = integer(fields.userId, 'userId');
  const teamName = nullable(fields.teamName, 'teamName', text);
  const note: NoteView = {
    id: integer(fields.id, 'id'),
    environmentId,
    collectionName: nullable(fields.collectionName, 'collectionName', text),
    recordId: text(fields.recordId, 'recordId'),
    title: text(fields.title, 'title'),
    userId,
    teamId: nullable(fields.teamId, 'teamId', integer),
    createdAt: utcTimestamp(fields.createdAt, 'createdAt'),
    updatedAt: utcTimestamp(fields.updatedAt, 'updatedAt'),
    archivedAt: nullable(fields.archivedAt, 'archivedAt', utcTimestamp),
    user: {
      id: userId,
      username: text(fields.userUsername, 'userUsername'),
      email: text(fields.userEmail, 'userEmail'),
    },
    team: teamName === null ? null : { name: teamName },
    messages: list(fields.messages, 'messages').map((message, index) => readMessage(message, `messages[${index}]`)),
  };
  return { environmentId, projectId, note };
}

function readMessage(value: unknown, path: string): NoteView['messages'][number] {
  const message = record(value, path);
  const user = record(message.user, `${path}.user`);
  return {
    id: integer(message.id, `${path}.id`),
    content: text(message.content, `${path}.content`),
    createdAt: utcTimestamp(message.createdAt, `${path}.createdAt`),
    user: {
      id: integer(user.id, `${path}.user.id`),
      username: text(user.username, `${path}.user.username`),
      email: text(user.email, `${path}.user.email`),
    },
  };
}

/**
 * A `timestamp` in UTC (`AT TIME ZONE 'UTC'`) as JSON writes it, on PostgreSQL and PGlite alike
 * and whatever the session's DateStyle: `2026-01-31T12:00:00`, with 1 to 6 fractional digits when
 * there are any. Read as the text `Date#toISOString` writes (milliseconds, `Z`), without a Date.
 */
const JSON_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

function utcTimestamp(value: unknown, field: string): string {
  if (typeof value !== 'string' || !JSON_TIMESTAMP.test(value)) throw new NotePageRowError(field, value);
  return value.length === 19 ? `${value}.000Z` : `${value.slice(0, 23).padEnd(23, '0')}Z`;
}

function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new NotePageRowError(field, value);
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new NotePageRowError(field, value);
  return value;
}

function nullable<T>(value: unknown, field: string, read: (value: unknown, field: string) => T): T | null {
  return value === null ? null : read(value, field);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotePageRowError(field, value);
  return value as Record<string, unknown>;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new NotePageRowError(field, value);
  return value;
}

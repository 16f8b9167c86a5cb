import { readRange } from '../http/listing/query-params';
import type { NoteFilters } from './note-filters';
import type { NotesQuery } from './notes-schemas';

/** The validated query of `GET .../notes` as the notes feature's filters. */
export function toNoteFilters(query: NotesQuery): NoteFilters {
  return {
    limit: query.limit,
    userId: query.userId,
    userEmail: query.userEmail,
    teamName: query.teamName,
    collectionName: query.collectionName,
    recordId: query.recordId,
    createdAt: readRange(query, 'createdAt'),
    updatedAt: readRange(query, 'updatedAt'),
    archivedAt: readRange(query, 'archivedAt'),
    id: readRange(query, 'id'),
  };
}

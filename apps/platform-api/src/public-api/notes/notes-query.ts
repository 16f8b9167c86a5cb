import type { NoteFilters } from '../../notes/note-filters';
import { readRange } from '../query/query-params';
import type { NotesQuery } from './note-schemas';

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

import type { NoteRecord, ShownNote } from './note-record';
import type { NoteObject } from './notes-schemas';

type UserRecord = NoteRecord['user'];

const toUser = (user: UserRecord) =>
  ({ object: 'user', id: user.id, username: user.username, email: user.email }) as const;

/** A note as the public API writes it (spec §2): optional fields are left out, never null. */
export function toNoteObject(note: ShownNote, environmentName: string): NoteObject {
  return {
    object: 'note',
    id: note.id,
    title: note.title,
    recordId: note.recordId,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    ...(note.archivedAt ? { archivedAt: note.archivedAt.toISOString() } : {}),
    user: toUser(note.user),
    environment: { object: 'environment', name: environmentName },
    ...(note.team ? { team: { object: 'team', name: note.team.name } } : {}),
    ...(note.collectionName === null ? {} : { collection: { object: 'collection', name: note.collectionName } }),
    messages: note.messages.map((message) => ({
      object: 'note-message',
      content: message.content,
      createdAt: message.createdAt.toISOString(),
      user: toUser(message.user),
    })),
  };
}

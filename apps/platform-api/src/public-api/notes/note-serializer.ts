import type { NotePage } from '../../notes/note-page';
import type { NoteView } from '../../notes/note-record';
import type { NoteObject, NotesListingObject } from './note-schemas';

interface UserRow {
  readonly id: number;
  readonly username: string;
  readonly email: string;
}

const toUser = (user: UserRow) =>
  ({ object: 'user', id: user.id, username: user.username, email: user.email }) as const;

/**
 * A note as the public API writes it (spec §2): optional fields are left out, never null. Takes the
 * view (`toNoteView` for a record read through Prisma): timestamps are already ISO 8601 text.
 */
export function toNoteObject(note: NoteView, environmentName: string): NoteObject {
  return {
    object: 'note',
    id: note.id,
    title: note.title,
    recordId: note.recordId,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    ...(note.archivedAt ? { archivedAt: note.archivedAt } : {}),
    user: toUser(note.user),
    environment: { object: 'environment', name: environmentName },
    ...(note.team ? { team: { object: 'team', name: note.team.name } } : {}),
    ...(note.collectionName === null ? {} : { collection: { object: 'collection', name: note.collectionName } }),
    messages: note.messages.map((message) => ({
      object: 'note-message',
      content: message.content,
      createdAt: message.createdAt,
      user: toUser(message.user),
    })),
  };
}

/** A note's JSON text as the public API writes it (`toNoteObject`, stringified). */
export type NoteJson = string & { readonly __noteJson: unique symbol };

/**
 * `toNoteObject` as JSON text: given to the page reader, it runs as each note's row arrives.
 *
 * Written field by field rather than as `JSON.stringify(toNoteObject(note))`: the same text (every
 * string still goes through `JSON.stringify`, the keys in the same order; note-serializer.test.ts
 * compares the two over many notes), in about half the time and without the intermediate objects.
 * The listing writes 100 notes per page: 0.23 to 0.32 ms per page in a loop on the benchmark
 * machine, against 0.35 to 0.56 ms (bench/README.md, public-api-notes, fifth pass).
 */
export function noteJsonIn(environmentName: string): (note: NoteView) => NoteJson {
  const environment = JSON.stringify({ object: 'environment', name: environmentName });
  return (note) => noteJson(note, environment);
}

const text = JSON.stringify;

function noteJson(note: NoteView, environmentJson: string): NoteJson {
  let json = `{"object":"note","id":${note.id},"title":${text(note.title)},"recordId":${text(note.recordId)}`;
  json += `,"createdAt":${text(note.createdAt)},"updatedAt":${text(note.updatedAt)}`;
  if (note.archivedAt) json += `,"archivedAt":${text(note.archivedAt)}`;
  json += `,"user":${userJson(note.user)},"environment":${environmentJson}`;
  if (note.team) json += `,"team":{"object":"team","name":${text(note.team.name)}}`;
  if (note.collectionName !== null) json += `,"collection":{"object":"collection","name":${text(note.collectionName)}}`;
  json += ',"messages":[';
  note.messages.forEach((message, index) => {
    if (index > 0) json += ',';
    json += `{"object":"note-message","content":${text(message.content)},"createdAt":${text(message.createdAt)}`;
    json += `,"user":${userJson(message.user)}}`;
  });
  return `${json}]}` as NoteJson;
}

function userJson(user: UserRow): string {
  return `{"object":"user","id":${user.id},"username":${text(user.username)},"email":${text(user.email)}}`;
}

/**
 * The notes listing's body (a `NotesListingObject`) as JSON text, around notes already written as
 * JSON (`noteJsonIn`): the same text `JSON.stringify` gives for the whole object. `hasMore` comes
 * last, so that a listing can be sent while its page is still being read (`streamNotesListing`):
 * the body is `notesListingStart`, the notes joined by commas, then `notesListingEnd`.
 */
export function notesListingJson(page: NotePage<NoteJson>, parameters: NotesListingObject['parameters']): string {
  return `${notesListingStart(parameters)}${page.notes.join(',')}${notesListingEnd(page.hasMore)}`;
}

/** The listing's text before its first note. */
export function notesListingStart(parameters: NotesListingObject['parameters']): string {
  return `{"parameters":${JSON.stringify(parameters)},"data":[`;
}

/** The listing's text after its last note. */
export function notesListingEnd(hasMore: boolean): string {
  return `],"hasMore":${hasMore}}`;
}

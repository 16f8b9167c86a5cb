import type { AppContext } from '../context';
import { queryRows } from '../db/driver-shortcuts';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { NOTE_ACTIVITY_ACTIONS } from '../logs/activity-log-entry';
import { recordActivityLog } from '../logs/activity-log-service';
import { type NotePageRequest, type NotePageRow, notePageStatement, readNotePageRow } from './note-page-statement';
import { NOTE_INCLUDE, type NoteActor, type NoteRecord, type NoteScope } from './note-record';
import type { AddNoteMessageInput, CreateNoteInput } from './notes-schemas';

/** What `notePageStatement` read: the token's row for `toAuthenticatedToken`, and the page. */
export interface NotePageRead {
  /** Undefined when no token has the hash. */
  readonly tokenRow: unknown;
  readonly page: NotePageRow | undefined;
}

/**
 * Authenticates a token and reads a page of notes of an environment in one statement
 * (`notePageStatement`: the page is read only when the token passes `request.rule`).
 */
export async function readNotePage(context: AppContext, request: NotePageRequest): Promise<NotePageRead> {
  const [row] = await queryRows(context, notePageStatement(request));
  return { tokenRow: row, page: row === undefined ? undefined : readNotePageRow(row) };
}

/** The note `noteId` of the scope's environment; NotFoundError otherwise. */
export async function getNote(context: AppContext, scope: NoteScope, noteId: number): Promise<NoteRecord> {
  const note = await context.prisma.note.findFirst({
    where: { id: noteId, environmentId: scope.environmentId },
    include: NOTE_INCLUDE,
  });
  if (!note) throw noteNotFound(noteId);
  return note;
}

/** Creates a note on a record with its first message, attributed to `actor`. */
export async function createNote(
  context: AppContext,
  scope: NoteScope,
  actor: NoteActor,
  input: CreateNoteInput,
): Promise<NoteRecord> {
  const teamId = input.teamName === undefined ? null : await findTeamId(context, scope, input.teamName);
  const now = context.now();
  const note = await context.prisma.note.create({
    data: {
      environmentId: scope.environmentId,
      collectionName: input.collectionName,
      recordId: input.recordId,
      title: input.title,
      userId: actor.userId,
      teamId,
      createdAt: now,
      updatedAt: now,
      messages: { create: { userId: actor.userId, content: input.content, createdAt: now } },
    },
    include: NOTE_INCLUDE,
  });
  await recordNoteActivity(context, scope, actor, note, NOTE_ACTIVITY_ACTIONS.create, { title: note.title });
  return note;
}

/** Adds a message to a note's thread and moves the note's `updatedAt`. Archived notes refuse it. */
export async function addNoteMessage(
  context: AppContext,
  scope: NoteScope,
  actor: NoteActor,
  noteId: number,
  input: AddNoteMessageInput,
): Promise<NoteRecord> {
  const now = context.now();
  const messageId = await context.prisma.$transaction(async (tx) => {
    // The conditional update both checks the note and takes its row lock, so the message and the
    // new updatedAt land together and an archive racing with this call is seen.
    const { count } = await tx.note.updateMany({
      where: { id: noteId, environmentId: scope.environmentId, archivedAt: null },
      data: { updatedAt: now },
    });
    if (count === 0) {
      const note = await tx.note.findFirst({ where: { id: noteId, environmentId: scope.environmentId } });
      if (!note) throw noteNotFound(noteId);
      throw new ConflictError(`Note ${noteId} is archived; unarchive it before adding a message.`);
    }
    const message = await tx.noteMessage.create({
      data: { noteId, userId: actor.userId, content: input.content, createdAt: now },
    });
    return message.id;
  });
  const note = await getNote(context, scope, noteId);
  await recordNoteActivity(context, scope, actor, note, NOTE_ACTIVITY_ACTIONS.message, { messageId });
  return note;
}

/** Archives a note (sets `archivedAt`, moves `updatedAt`). Archiving an archived note changes nothing. */
export function archiveNote(context: AppContext, scope: NoteScope, actor: NoteActor, noteId: number) {
  return setArchived(context, scope, actor, noteId, true);
}

/** Unarchives a note. Unarchiving a note that is not archived changes nothing. */
export function unarchiveNote(context: AppContext, scope: NoteScope, actor: NoteActor, noteId: number) {
  return setArchived(context, scope, actor, noteId, false);
}

async function setArchived(
  context: AppContext,
  scope: NoteScope,
  actor: NoteActor,
  noteId: number,
  isArchived: boolean,
): Promise<NoteRecord> {
  const now = context.now();
  // Conditional, so that of two concurrent calls only one changes the note and logs.
  const { count } = await context.prisma.note.updateMany({
    where: { id: noteId, environmentId: scope.environmentId, archivedAt: isArchived ? null : { not: null } },
    data: { archivedAt: isArchived ? now : null, updatedAt: now },
  });
  const note = await getNote(context, scope, noteId);
  if (count === 1) {
    const action = isArchived ? NOTE_ACTIVITY_ACTIONS.archive : NOTE_ACTIVITY_ACTIONS.unarchive;
    await recordNoteActivity(context, scope, actor, note, action, {});
  }
  return note;
}

async function findTeamId(context: AppContext, scope: NoteScope, teamName: string): Promise<number> {
  const team = await context.prisma.team.findUnique({
    where: { projectId_name: { projectId: scope.projectId, name: teamName } },
    select: { id: true },
  });
  if (team) return team.id;
  const teams = await context.prisma.team.findMany({
    where: { projectId: scope.projectId },
    select: { name: true },
    orderBy: { name: 'asc' },
  });
  const known =
    teams.length > 0 ? `the project's teams are ${teams.map((t) => t.name).join(', ')}` : 'the project has no team';
  const message = `No team named "${teamName}" (names are case sensitive); ${known}.`;
  throw new ValidationError(message, [{ path: 'teamName', message }]);
}

function recordNoteActivity(
  context: AppContext,
  scope: NoteScope,
  actor: NoteActor,
  note: NoteRecord,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  return recordActivityLog(context, {
    projectId: scope.projectId,
    environmentId: scope.environmentId,
    userId: actor.userId,
    userEmail: actor.userEmail,
    source: actor.source ?? 'platform',
    action,
    collectionName: note.collectionName,
    recordId: note.recordId,
    details: { noteId: note.id, ...details, ...(actor.tokenId === undefined ? {} : { tokenId: actor.tokenId }) },
  });
}

function noteNotFound(noteId: number): NotFoundError {
  return new NotFoundError(`No note ${noteId} in this environment.`);
}

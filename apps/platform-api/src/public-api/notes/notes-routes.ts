import { type Request, type Response, Router } from 'express';
import { getTokenAuth } from '../../auth/require-token';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../errors';
import type { NoteFilters } from '../../notes/note-filters';
import { addNoteMessageInputSchema, createNoteInputSchema } from '../../notes/note-inputs';
import type { NoteActor, NoteScope } from '../../notes/note-record';
import {
  addNoteMessage,
  archiveNote,
  createNote,
  listEnvironmentNotes,
  unarchiveNote,
} from '../../notes/notes-service';
import type { TokensService } from '../../tokens/tokens-service';
import { authorize } from '../auth/public-api-auth';
import { environmentNotFound, findEnvironment } from '../environment-scope';
import { readRange } from '../query/query-params';
import { readQuery } from '../query/read-query';
import { type NotesListingObject, type NotesQuery, notePathSchema, notesQuerySchema } from './note-schemas';
import { toNoteObject } from './note-serializer';

export const NOTES_PATH = '/project/:projectName/environment/:environmentName/notes';
export const NOTE_PATH = `${NOTES_PATH}/:noteId`;

/** Notes endpoints of the public API v1 (docs/public-api.md, "Notes"). */
export function notesRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  const canRead = authorize(context, tokens, { scopes: ['notes:read'] });
  const canWrite = authorize(context, tokens, { scopes: ['notes:write'], requireWrite: true });

  router.get(NOTES_PATH, canRead, async (req, res) => {
    const query = parseOrThrow(notesQuerySchema, readQuery(req), 'query');
    const { project } = getTokenAuth(res);
    const environmentName = String(req.params.environmentName);
    // The environment is resolved inside the page's statement: one round trip for both.
    const page = await listEnvironmentNotes(context, project.id, environmentName, toNoteFilters(query));
    if (!page) throw environmentNotFound(project, environmentName);
    const body: NotesListingObject = {
      hasMore: page.hasMore,
      parameters: { projectName: project.name, environmentName, limit: query.limit },
      data: page.notes.map((note) => toNoteObject(note, environmentName)),
    };
    res.json(body);
  });

  router.post(NOTES_PATH, canWrite, async (req, res) => {
    const input = parseOrThrow(createNoteInputSchema, req.body, 'body');
    const { scope, environmentName, actor } = await resolveScope(context, req, res);
    const note = await createNote(context, scope, actor, input);
    res.status(201).json(toNoteObject(note, environmentName));
  });

  router.post(`${NOTE_PATH}/messages`, canWrite, async (req, res) => {
    const { noteId } = parseOrThrow(notePathSchema.pick({ noteId: true }), req.params, 'path');
    const input = parseOrThrow(addNoteMessageInputSchema, req.body, 'body');
    const { scope, environmentName, actor } = await resolveScope(context, req, res);
    const note = await addNoteMessage(context, scope, actor, noteId, input);
    res.status(201).json(toNoteObject(note, environmentName));
  });

  for (const [verb, change] of [
    ['archive', archiveNote],
    ['unarchive', unarchiveNote],
  ] as const) {
    router.post(`${NOTE_PATH}/${verb}`, canWrite, async (req, res) => {
      const { noteId } = parseOrThrow(notePathSchema.pick({ noteId: true }), req.params, 'path');
      const { scope, environmentName, actor } = await resolveScope(context, req, res);
      const note = await change(context, scope, actor, noteId);
      res.json(toNoteObject(note, environmentName));
    });
  }
  return router;
}

async function resolveScope(context: AppContext, req: Request, res: Response) {
  const { project, user, token } = getTokenAuth(res);
  const environment = await findEnvironment(context, project, String(req.params.environmentName));
  const scope: NoteScope = { projectId: project.id, environmentId: environment.id };
  const actor: NoteActor = { userId: user.id, userEmail: user.email, tokenId: token.id };
  return { scope, actor, projectName: project.name, environmentName: environment.name };
}

function toNoteFilters(query: NotesQuery): NoteFilters {
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

import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../errors';
import { addNoteMessageInputSchema, createNoteInputSchema } from '../../notes/note-inputs';
import type { NoteActor, NoteScope } from '../../notes/note-record';
import { addNoteMessage, archiveNote, createNote, listNotes, unarchiveNote } from '../../notes/notes-service';
import { authorize } from '../../tokens/public-api-auth';
import { getTokenAuth } from '../../tokens/require-token';
import type { TokensService } from '../../tokens/tokens-service';
import { environmentNotFound, findEnvironment } from '../environment-scope';
import { readQuery } from '../query/read-query';
import { type NotesListingObject, notePathSchema, notesQuerySchema } from './note-schemas';
import { toNoteFilters } from './notes-query';
import { toNoteObject } from './to-note-object';

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
    const page = await listNotes(context, project.id, environmentName, toNoteFilters(query));
    if (!page) throw environmentNotFound(project, environmentName);
    const listing: NotesListingObject = {
      parameters: { projectName: project.name, environmentName, limit: query.limit },
      data: page.notes.map((note) => toNoteObject(note, environmentName)),
      hasMore: page.hasMore,
    };
    res.json(listing);
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

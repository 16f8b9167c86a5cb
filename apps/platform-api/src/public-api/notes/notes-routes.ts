import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../errors';
import { sendJsonText } from '../../http/json-text';
import { addNoteMessageInputSchema, createNoteInputSchema } from '../../notes/note-inputs';
import { type NoteActor, type NoteScope, toNoteView } from '../../notes/note-record';
import {
  addNoteMessage,
  archiveNote,
  createNote,
  listEnvironmentNotes,
  unarchiveNote,
} from '../../notes/notes-service';
import { authorize } from '../../tokens/public-api-auth';
import { getTokenAuth } from '../../tokens/require-token';
import type { TokensService } from '../../tokens/tokens-service';
import { environmentNotFound, findEnvironment } from '../environment-scope';
import { readQuery } from '../query/read-query';
import { notePathSchema, notesQuerySchema } from './note-schemas';
import { noteJsonIn, notesListingJson, toNoteObject } from './note-serializer';
import { takePrefetchedNotesListing } from './notes-listing-prefetch';
import { streamNotesListing } from './notes-listing-stream';
import { toNoteFilters } from './notes-query';

export const NOTES_PATH = '/project/:projectName/environment/:environmentName/notes';
export const NOTE_PATH = `${NOTES_PATH}/:noteId`;

/** Notes endpoints of the public API v1 (docs/public-api.md, "Notes"). */
export function notesRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  const canRead = authorize(context, tokens, { scopes: ['notes:read'] });
  const canWrite = authorize(context, tokens, { scopes: ['notes:write'], requireWrite: true });

  router.get(NOTES_PATH, canRead, async (req, res) => {
    // Usually started by `prefetchNotesListing` while the token was being checked, for the same
    // (then already validated) query, and sent as its rows arrive; read again here when it was not,
    // or when it found nothing (then the environment is unknown: 404).
    const prefetch = takePrefetchedNotesListing(res);
    const query = prefetch?.query ?? parseOrThrow(notesQuerySchema, readQuery(req), 'query');
    const { project } = getTokenAuth(res);
    const environmentName = String(req.params.environmentName);
    const parameters = { projectName: project.name, environmentName, limit: query.limit };
    if (prefetch && (await prefetch.first)?.projectId === project.id) {
      await streamNotesListing(res, prefetch, parameters, req.log ?? context.logger);
      return;
    }
    const prefetched = await prefetch?.page;
    const page =
      prefetched?.projectId === project.id
        ? prefetched.page
        : await listEnvironmentNotes(
            context,
            project.id,
            environmentName,
            toNoteFilters(query),
            noteJsonIn(environmentName),
          );
    if (!page) throw environmentNotFound(project, environmentName);
    // The notes are JSON text already, written as their rows arrived (see `readScopedNotePage`).
    // No ETag: each page is read fresh, and clients page with cursors (docs/public-api.md).
    sendJsonText(res, notesListingJson(page, parameters));
  });

  router.post(NOTES_PATH, canWrite, async (req, res) => {
    const input = parseOrThrow(createNoteInputSchema, req.body, 'body');
    const { scope, environmentName, actor } = await resolveScope(context, req, res);
    const note = await createNote(context, scope, actor, input);
    res.status(201).json(toNoteObject(toNoteView(note), environmentName));
  });

  router.post(`${NOTE_PATH}/messages`, canWrite, async (req, res) => {
    const { noteId } = parseOrThrow(notePathSchema.pick({ noteId: true }), req.params, 'path');
    const input = parseOrThrow(addNoteMessageInputSchema, req.body, 'body');
    const { scope, environmentName, actor } = await resolveScope(context, req, res);
    const note = await addNoteMessage(context, scope, actor, noteId, input);
    res.status(201).json(toNoteObject(toNoteView(note), environmentName));
  });

  for (const [verb, change] of [
    ['archive', archiveNote],
    ['unarchive', unarchiveNote],
  ] as const) {
    router.post(`${NOTE_PATH}/${verb}`, canWrite, async (req, res) => {
      const { noteId } = parseOrThrow(notePathSchema.pick({ noteId: true }), req.params, 'path');
      const { scope, environmentName, actor } = await resolveScope(context, req, res);
      const note = await change(context, scope, actor, noteId);
      res.json(toNoteObject(toNoteView(note), environmentName));
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

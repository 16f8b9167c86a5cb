import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { isErrorNamed, parseOrThrow } from '../errors';
import { readQuery } from '../http/listing/read-query';
import { environmentNotFound, findEnvironment } from '../projects/environment-lookup';
import { readBearerToken } from '../tokens/bearer-token';
import { authenticateRequest, authorize, storeAuthentication } from '../tokens/public-api-auth';
import { getTokenAuth } from '../tokens/require-token';
import { presentedTokenHash, toAuthenticatedToken } from '../tokens/token-authenticator';
import type { TokenRule } from '../tokens/token-rule-predicate';
import type { TokensService } from '../tokens/tokens-service';
import type { NotePageRequest, NotePageRow } from './note-page-statement';
import type { NoteActor, NoteScope } from './note-record';
import { toNoteFilters } from './notes-query';
import { addNoteMessageInputSchema, createNoteInputSchema, notePathSchema, notesQuerySchema } from './notes-schemas';
import { addNoteMessage, archiveNote, createNote, readNotePage, unarchiveNote } from './notes-service';
import { toNoteObject } from './to-note-object';

export const NOTES_PATH = '/project/:projectName/environment/:environmentName/notes';
export const NOTE_PATH = `${NOTES_PATH}/:noteId`;

/**
 * `GET .../notes` (docs/public-api.md, "Notes"), to mount before `authenticateRequest`: it
 * authenticates the token in its own page statement (`notePageStatement`, one round trip), keeps
 * the outcome as `authenticateRequest` would, then the limiter's second pass (`limiter`) and
 * `authorize` run on it as on every route, so every refusal is worded and counted the same way.
 */
export function notesListingRoute(context: AppContext, tokens: TokensService, limiter: RequestHandler): Router {
  const router = Router();
  const rule: TokenRule = { scopes: ['notes:read'] };
  const authenticateAndRead = authenticateReadingPage(context, tokens, rule);
  router.get(NOTES_PATH, authenticateAndRead, limiter, authorize(context, tokens, rule), (req, res) => {
    // After the token checks, as on every route: a bad query of a refused token is a 401/403.
    const query = parseOrThrow(notesQuerySchema, readQuery(req), 'query');
    const page = readPage(res);
    if (!page?.pageAllowed) {
      throw new Error('The notes page statement refused a token that requireApplicationToken accepts.');
    }
    const { project } = getTokenAuth(res);
    const environmentName = String(req.params.environmentName);
    if (page.notes === null) throw environmentNotFound(project, environmentName);
    const listing = {
      parameters: { projectName: project.name, environmentName, limit: query.limit },
      data: page.notes.slice(0, query.limit).map((note) => toNoteObject(note, environmentName)),
      hasMore: page.notes.length > query.limit,
    };
    res.json(listing);
  });
  return router;
}

const PAGE_KEY = 'notePage';

function readPage(res: Response): NotePageRow | undefined {
  return res.locals[PAGE_KEY] as NotePageRow | undefined;
}

/**
 * `authenticateRequest` for the listing: the token statement is the page statement. A query that
 * does not parse cannot build it: then the token alone is authenticated, and the handler answers
 * the 400 after the token checks.
 */
function authenticateReadingPage(context: AppContext, tokens: TokensService, rule: TokenRule): RequestHandler {
  const authenticateOnly = authenticateRequest(tokens);
  return async function authenticateReadingNotesPage(req, res, next) {
    const query = notesQuerySchema.safeParse(readQuery(req));
    if (!query.success) {
      await authenticateOnly(req, res, next);
      return;
    }
    let tokenHash: string;
    try {
      tokenHash = presentedTokenHash(readBearerToken(req.headers.authorization));
    } catch (error) {
      storeAuthentication(res, { isAuthenticated: false, failure: error });
      next();
      return;
    }
    try {
      const request: NotePageRequest = {
        tokenHash,
        rule,
        projectName: String(req.params.projectName),
        now: context.now(),
        environmentName: String(req.params.environmentName),
        filters: toNoteFilters(query.data),
      };
      const { tokenRow, page } = await readNotePage(context, request);
      res.locals[PAGE_KEY] = page;
      storeAuthentication(res, { isAuthenticated: true, token: toAuthenticatedToken(context, tokenRow, tokenHash) });
    } catch (error) {
      if (!isErrorNamed(error, 'AuthenticationError')) {
        next(error);
        return;
      }
      storeAuthentication(res, { isAuthenticated: false, failure: error });
    }
    next();
  };
}

/** The other notes endpoints of the public API v1 (docs/public-api.md, "Notes"). */
export function notesRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  const canWrite = authorize(context, tokens, { scopes: ['notes:write'], requireWrite: true });

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

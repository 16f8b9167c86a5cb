import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { readQuery } from '../http/listing/read-query';
import { environmentNotFound, findEnvironment } from '../projects/environment-lookup';
import { readBearerToken } from '../tokens/bearer-token';
import { getTokenAuth, requireToken } from '../tokens/require-token';
import { authenticationOf, storeAuthentication } from '../tokens/token-authentication';
import { presentedTokenHash, toAuthenticatedToken } from '../tokens/token-authenticator';
import type { TokenRule } from '../tokens/token-rule';
import type { TokensService } from '../tokens/tokens-service';
import type { NotePageRequest, NotePageRow } from './note-page-statement';
import type { NoteActor, NoteScope } from './note-record';
import { toNoteFilters } from './notes-query';
import {
  addNoteMessageInputSchema,
  createNoteInputSchema,
  type NotesQuery,
  notePathSchema,
  notesQuerySchema,
} from './notes-schemas';
import { addNoteMessage, archiveNote, createNote, readNotePage, unarchiveNote } from './notes-service';
import { toNoteObject } from './to-note-object';

export const NOTES_PATH = '/project/:projectName/environment/:environmentName/notes';
export const NOTE_PATH = `${NOTES_PATH}/:noteId`;

const LISTING_RULE: TokenRule = { scopes: ['notes:read'] };
const LISTING_READ_KEY = 'notesListingRead';

/** What the listing's authentication step read: the parsed query and the gated page. */
interface ListingRead {
  readonly query: NotesQuery;
  /** Undefined when no token has the presented hash. */
  readonly page: NotePageRow | undefined;
}

/**
 * The authentication step of `GET .../notes` (docs/public-api.md, "Notes"), to mount before
 * `authenticateRequest`: the token statement is the page statement (`notePageStatement`, one round
 * trip), gated by the listing's rule; it keeps the outcome as `authenticateRequest` would, so the
 * limiter and `requireToken` then run on it as on every route. A query that does not parse cannot
 * build the statement: `authenticateRequest` authenticates the token alone, and the listing answers
 * the 400 after the token checks.
 */
export function notesListingAuthentication(context: AppContext): Router {
  const router = Router();
  router.get(NOTES_PATH, async function authenticateReadingNotesPage(req, res, next) {
    const query = notesQuerySchema.safeParse(readQuery(req));
    if (!query.success) {
      next();
      return;
    }
    try {
      const authentication = await authenticationOf(async () => {
        const tokenHash = presentedTokenHash(readBearerToken(req.headers.authorization));
        const request: NotePageRequest = {
          tokenHash,
          rule: LISTING_RULE,
          projectName: String(req.params.projectName),
          now: context.now(),
          environmentName: String(req.params.environmentName),
          filters: toNoteFilters(query.data),
        };
        const { tokenRow, page } = await readNotePage(context, request);
        res.locals[LISTING_READ_KEY] = { query: query.data, page } satisfies ListingRead;
        return toAuthenticatedToken(context, tokenRow, tokenHash);
      });
      storeAuthentication(res, authentication);
    } catch (error) {
      next(error);
      return;
    }
    next();
  });
  return router;
}

function listingRead(res: Response): ListingRead | undefined {
  return res.locals[LISTING_READ_KEY] as ListingRead | undefined;
}

/**
 * The notes endpoints of the public API v1 (docs/public-api.md, "Notes"), behind the request's
 * authentication (`notesListingAuthentication`, then `authenticateRequest`).
 */
export function notesRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  const canWrite = requireToken(context, tokens, { scopes: ['notes:write'], requireWrite: true });

  router.get(NOTES_PATH, requireToken(context, tokens, LISTING_RULE), (req, res) => {
    const read = listingRead(res);
    // A query that did not parse left no read: its 400 comes after the token checks, as on every
    // route (a bad query of a refused token is a 401/403).
    const query = read?.query ?? parseOrThrow(notesQuerySchema, readQuery(req), 'query');
    const page = read?.page;
    if (!page?.pageAllowed) {
      throw new Error('The notes page statement refused a token that requireToken accepts.');
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
  const environment = await findEnvironment(context, project, String(req.params.environmentName), environmentNotFound);
  const scope: NoteScope = { projectId: project.id, environmentId: environment.id };
  const actor: NoteActor = { userId: user.id, userEmail: user.email, tokenId: token.id };
  return { scope, actor, projectName: project.name, environmentName: environment.name };
}

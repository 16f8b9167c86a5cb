import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../../context';
import { type NotePageRowOf, readScopedNotePage, type ScopedNotePage } from '../../notes/note-page';
import { wellFormedBearerHash } from '../../tokens/bearer-hash';
import { readQuery } from '../query/read-query';
import { NotePageFeed } from './note-page-feed';
import { type NotesQuery, notesQuerySchema } from './note-schemas';
import { type NoteJson, noteJsonIn } from './note-serializer';
import { toNoteFilters } from './notes-query';

const LOCALS_KEY = 'notesListingPrefetch';

/**
 * Starts the notes listing's page statement BEFORE the token is authenticated, so that the two
 * statements of a listing overlap instead of adding up (bench/README.md, public-api-notes).
 *
 * Safe by construction: the statement reads the environment of the project of the token whose hash
 * the request carries, and only if that project has the path's name, so it can never read another
 * project's notes. Its result is used only by the listing handler, i.e. once authentication, the
 * rate limit, scope, role and SSO checks have all passed; on any refusal it is dropped unread.
 * Mount it after the rate limiter (a refused request must cost no statement) and before
 * `authenticateRequest`. Requests without a well-formed token or with an invalid query start
 * nothing: the handler answers them as before.
 */
export function prefetchNotesListing(context: AppContext, path: string): Router {
  const router = Router();
  const prefetch: RequestHandler = (req, res, next) => {
    const tokenHash = wellFormedBearerHash(req);
    const query = tokenHash === undefined ? undefined : validQuery(req);
    if (tokenHash !== undefined && query !== undefined) {
      const scope = {
        tokenHash,
        projectName: String(req.params.projectName),
        environmentName: String(req.params.environmentName),
      };
      const feed = new NotePageFeed<NoteJson>();
      const filters = toNoteFilters(query);
      // The feed sees each row as it arrives, so that the handler can send the notes before the last one.
      const page = readScopedNotePage(context, scope, filters, noteJsonIn(scope.environmentName), feed.push);
      const first = Promise.race([feed.first, page.then(() => undefined)]);
      // Dropped unread when the request is refused: a failure must not become an unhandled rejection.
      page.catch(() => {});
      first.catch(() => {});
      res.locals[LOCALS_KEY] = { query, page, feed, first } satisfies PrefetchedNotesListing;
    }
    next();
  };
  router.get(path, prefetch);
  return router;
}

/** The listing's query when valid; an invalid one is refused by the handler, after authorization, as before. */
function validQuery(req: Request): NotesQuery | undefined {
  try {
    const parsed = notesQuerySchema.safeParse(readQuery(req));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // a repeated parameter
  }
}

/** What `prefetchNotesListing` started: the page, and the valid query it was started for. */
export interface PrefetchedNotesListing {
  readonly query: NotesQuery;
  /** Each note as its public API JSON text. */
  readonly page: Promise<ScopedNotePage<NoteJson> | null>;
  /** The page's rows as they arrive (`streamNotesListing` follows them). */
  readonly feed: NotePageFeed<NoteJson>;
  /** The first row once it arrives (its project is the environment's), or undefined when there is none (no such environment). */
  readonly first: Promise<NotePageRowOf<NoteJson> | undefined>;
}

/**
 * What `prefetchNotesListing` started for this request, if anything (await the page once
 * authorized). Its query is the request's, already validated: the handler need not parse it again.
 */
export function takePrefetchedNotesListing(res: Response): PrefetchedNotesListing | undefined {
  const prefetched = res.locals[LOCALS_KEY] as PrefetchedNotesListing | undefined;
  res.locals[LOCALS_KEY] = undefined;
  return prefetched;
}

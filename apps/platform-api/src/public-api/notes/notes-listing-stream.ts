import type { Response } from 'express';
import type { Logger } from 'pino';
import type { NotePageFeed } from './note-page-feed';
import type { NotesListingObject } from './note-schemas';
import { type NoteJson, notesListingEnd, notesListingStart } from './note-serializer';

/**
 * Sends an authorized notes listing (status 200) while its page statement is still running: each
 * note's JSON goes out as its row arrives, batched per chunk PostgreSQL sent, so that the client
 * receives most of the page before the last row is read, as it would from the raw driver
 * (bench/README.md, public-api-notes, seventh pass). The body is `notesListingJson`'s text (whose
 * `hasMore` comes last, since only the page's extra row tells it), sent without `Content-Length`
 * (chunked). HEAD gets the same headers and no body.
 *
 * The page's extra row (`limit + 1`, the statement's last) completes the page: the response ends as
 * it arrives, without waiting for the statement's end to come back through the page reader (ninth
 * pass). Without it, the response ends with the statement.
 *
 * Call it once the page's first row has arrived and shown the token's project: from then on the
 * status is known. If the statement fails before the page is complete, or a row comes out of id
 * order (the statement guarantees that order; a row out of it is a bug), the error is logged and the
 * connection is cut before the body's end, so that the client sees an incomplete response rather
 * than a wrong page. A failure once the page was complete and sent is only logged. Rejects only when
 * nothing was sent yet: the app's error handler then answers as for any error.
 */
export async function streamNotesListing(
  res: Response,
  listing: { readonly feed: NotePageFeed<NoteJson>; readonly page: Promise<unknown> },
  parameters: NotesListingObject['parameters'],
  logger: Logger,
): Promise<void> {
  res.status(200).type('json');
  let pending = notesListingStart(parameters);
  let written = 0;
  let isComplete = false;
  let isFlushQueued = false;
  let previousId = Number.POSITIVE_INFINITY;
  let disorder: Error | undefined;

  const isOpen = () => !res.destroyed && !res.writableEnded;
  // Rows of one chunk arrive in one synchronous run of the driver's parser: one write per chunk.
  const flush = () => {
    isFlushQueued = false;
    if (pending !== '' && isOpen()) res.write(pending);
    pending = '';
  };
  const complete = (hasMore: boolean) => {
    isComplete = true;
    const last = pending;
    pending = '';
    if (isOpen()) res.end(`${last}${notesListingEnd(hasMore)}`);
  };
  listing.feed.follow(({ note }) => {
    if (note === undefined || disorder || isComplete) return;
    if (note.id >= previousId) {
      disorder = new Error(`Notes page rows out of id order: ${note.id} after ${previousId}.`);
      return;
    }
    previousId = note.id;
    if (written === parameters.limit) {
      complete(true); // the extra row: there are more notes, and this page is whole
      return;
    }
    pending += written === 0 ? note.presented : `,${note.presented}`;
    written += 1;
    if (!isFlushQueued) {
      isFlushQueued = true;
      queueMicrotask(flush);
    }
  });

  try {
    await listing.page;
    if (disorder) throw disorder;
  } catch (error) {
    if (!res.headersSent) throw error; // nothing sent yet: the error handler answers as usual
    if (isComplete) {
      logger.error({ err: error }, 'notes listing statement failed after its whole page was sent');
      return;
    }
    logger.error({ err: error }, 'notes listing failed after its response started; the response is cut short');
    res.destroy();
    return;
  }
  if (!isComplete) complete(false);
}

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '../../../src/logger';
import type { NotePageRowOf } from '../../../src/notes/note-page';
import { NotePageFeed } from '../../../src/public-api/notes/note-page-feed';
import type { NoteJson } from '../../../src/public-api/notes/note-serializer';
import { streamNotesListing } from '../../../src/public-api/notes/notes-listing-stream';

const PROJECT_ID = 4;
const parameters = { projectName: 'Shop', environmentName: 'production', limit: 2 };
const noteRow = (id: number): NotePageRowOf<NoteJson> => ({
  projectId: PROJECT_ID,
  note: { id, presented: JSON.stringify({ object: 'note', id }) as NoteJson },
});

/** One listing served over a real socket, its rows and its statement's end given by the test. */
async function servedListing() {
  const feed = new NotePageFeed<NoteJson>();
  let endPage!: () => void;
  let failPage!: (error: Error) => void;
  const page = new Promise<void>((resolve, reject) => {
    endPage = resolve;
    failPage = reject;
  });
  const logged: { msg: string; err?: { message: string } }[] = [];
  const logger = createLogger(
    { PLATFORM_LOG_LEVEL: 'warn' },
    new Writable({
      write(chunk, _encoding, callback) {
        logged.push(JSON.parse(String(chunk)));
        callback();
      },
    }),
  );
  const app = express();
  app.get('/notes', async (_req, res, next) => {
    await feed.first;
    await streamNotesListing(res, { feed, page }, parameters, logger).catch(next);
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ code: 'internal_error', message: 'Unexpected error' });
  });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { feed, endPage, failPage, logged, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A GET whose body chunks are collected as they come, with how the response ended. */
function get(port: number) {
  const received: string[] = [];
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; ending: Promise<string> }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/notes', agent: false }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => received.push(chunk));
          const ending = new Promise<string>((settle) => {
            res.on('end', () => settle('complete'));
            res.on('aborted', () => settle('aborted'));
            res.on('error', () => settle('aborted'));
          });
          resolve({ status: res.statusCode ?? 0, headers: res.headers, ending });
        })
        .on('error', reject);
    },
  );
  return { received, response };
}

const until = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('streamNotesListing', () => {
  test('sends the notes that arrived before the statement ends, then the rest, as the listing JSON', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    listing.feed.push(noteRow(9));
    const { status, headers, ending } = await response;
    await until(() => received.join('').includes('"id":9'));
    const beforeEnd = received.join('');
    listing.feed.push(noteRow(8));
    listing.endPage();

    expect(await ending).toBe('complete');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(beforeEnd).toBe(
      '{"parameters":{"projectName":"Shop","environmentName":"production","limit":2},"data":[{"object":"note","id":9}',
    );
    expect(JSON.parse(received.join(''))).toEqual({
      parameters,
      data: [
        { object: 'note', id: 9 },
        { object: 'note', id: 8 },
      ],
      hasMore: false,
    });
    await listing.close();
  });

  test('writes hasMore true, and not the extra note, as the extra row arrives, before the statement ends', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    for (const id of [9, 8, 7]) listing.feed.push(noteRow(id));
    const { ending } = await response;

    expect(await ending).toBe('complete');
    expect(JSON.parse(received.join(''))).toEqual({
      parameters,
      data: [
        { object: 'note', id: 9 },
        { object: 'note', id: 8 },
      ],
      hasMore: true,
    });
    listing.endPage();
    await listing.close();
  });

  test('only logs a statement failure that comes after the whole page was sent', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    for (const id of [9, 8, 7]) listing.feed.push(noteRow(id));
    const { ending } = await response;
    expect(await ending).toBe('complete');
    listing.failPage(new Error('connection lost after the last row'));
    await until(() => listing.logged.length > 0);

    expect(JSON.parse(received.join('')).hasMore).toBe(true);
    expect(listing.logged).toEqual([
      expect.objectContaining({
        msg: 'notes listing statement failed after its whole page was sent',
        err: expect.objectContaining({ message: 'connection lost after the last row' }),
      }),
    ]);
    await listing.close();
  });

  test('writes an empty page when the environment has no matching note (its row holds no note)', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    listing.feed.push({ projectId: PROJECT_ID });
    listing.endPage();
    const { ending } = await response;

    expect(await ending).toBe('complete');
    expect(JSON.parse(received.join(''))).toEqual({ parameters, data: [], hasMore: false });
    await listing.close();
  });

  test('cuts the response short, never ending the JSON, and logs when the statement fails after notes were sent', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    listing.feed.push(noteRow(9));
    const { status, ending } = await response;
    await until(() => received.join('').includes('"id":9'));
    listing.failPage(new Error('connection lost'));

    expect(status).toBe(200);
    expect(await ending).toBe('aborted');
    expect(() => JSON.parse(received.join(''))).toThrow();
    expect(listing.logged).toEqual([
      expect.objectContaining({
        msg: 'notes listing failed after its response started; the response is cut short',
        err: expect.objectContaining({ message: 'connection lost' }),
      }),
    ]);
    await listing.close();
  });

  test('cuts the response short when a row comes out of id order, rather than send a wrong page', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    listing.feed.push(noteRow(8));
    const { ending } = await response;
    await until(() => received.join('').includes('"id":8'));
    listing.feed.push(noteRow(9));
    listing.endPage();

    expect(await ending).toBe('aborted');
    expect(received.join('')).not.toContain('"id":9');
    expect(listing.logged[0]?.err?.message).toBe('Notes page rows out of id order: 9 after 8.');
    await listing.close();
  });

  test('leaves the answer to the error handler when the statement fails before anything was sent', async () => {
    const listing = await servedListing();
    const { received, response } = get(listing.port);

    listing.feed.push({ projectId: PROJECT_ID });
    listing.failPage(new Error('statement timeout'));
    const { status, ending } = await response;

    expect(await ending).toBe('complete');
    expect(status).toBe(500);
    expect(JSON.parse(received.join(''))).toEqual({ code: 'internal_error', message: 'Unexpected error' });
    expect(listing.logged).toEqual([]);
    await listing.close();
  });
});

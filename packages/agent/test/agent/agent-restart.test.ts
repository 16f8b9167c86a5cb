import { Agent as HttpAgent, request } from 'node:http';
import { createInMemoryDataSource, type DataSource } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { makeAgent, makeWorkDir } from '../factories/make-agent';
import { overrideCollections } from '../factories/override-collections';
import { signToken } from '../factories/tokens';

/** A GET over `httpAgent` (keep-alive), resolving with the status, body and whether the socket was reused. */
function get(port: number, path: string, token: string, httpAgent?: HttpAgent) {
  return new Promise<{ status: number; body: unknown; reusedSocket: boolean }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: httpAgent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), reusedSocket: req.reusedSocket }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function magazines(): DataSource {
  return createInMemoryDataSource(
    { magazines: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } } },
    { magazines: [{ id: 1 }] },
  );
}

describe('agent.restart', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  let token: string;
  beforeEach(async () => {
    work = await makeWorkDir();
    token = await signToken();
  });
  afterEach(() => work.cleanUp());

  test('serves a collection added since start, on the same listening socket', async () => {
    const { agent } = makeAgent(work.dir);
    await agent.addDataSource(async () => makeLibraryDataSource()).start();
    const port = agent.standaloneServerPort as number;
    const keepAlive = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const before = await get(port, '/platform/magazines', token, keepAlive);

    await agent.addDataSource(async () => magazines()).restart();
    const after = await get(port, '/platform/magazines', token, keepAlive);

    expect(before.status).toBe(404);
    expect(after).toMatchObject({ status: 200, reusedSocket: true });
    expect(agent.standaloneServerPort).toBe(port);
    keepAlive.destroy();
    await agent.stop();
  });

  test('lets a request in flight finish while it restarts', async () => {
    let entered!: () => void;
    const listEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = makeLibraryDataSource();
    const books = inner.getCollection('books');
    const slow = overrideCollections(inner, {
      books: {
        list: async (...args) => {
          entered();
          await released;
          return books.list(...args);
        },
      },
    });
    const { agent } = makeAgent(work.dir);
    await agent.addDataSource(async () => slow).start();
    const port = agent.standaloneServerPort as number;

    const inFlight = get(port, '/platform/books', token);
    await listEntered;
    await agent.addDataSource(async () => magazines()).restart();
    release();
    const response = await inFlight;
    const added = await get(port, '/platform/magazines', token);

    expect(response.status).toBe(200);
    expect((response.body as { data: unknown[] }).data).toHaveLength(3);
    expect(added.status).toBe(200);
    await agent.stop();
  });

  test('keeps the previous routes when the rebuild fails, and reports the error', async () => {
    const { agent, logger } = makeAgent(work.dir);
    await agent.addDataSource(async () => makeLibraryDataSource()).start();
    const port = agent.standaloneServerPort as number;

    const restarted = agent.customizeCollection('nope', (collection) => collection.disableCount()).restart();

    await expect(restarted).rejects.toThrow(/nope/);
    expect((await get(port, '/platform/books', token)).status).toBe(200);
    expect(logger).toHaveBeenCalledWith('Error', expect.stringContaining('could not restart'), expect.any(Error));
    await agent.stop();
  });

  test('is refused before start', async () => {
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource());

    await expect(agent.restart()).rejects.toThrow('call start() first');
  });
});

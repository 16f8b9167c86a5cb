import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { makeAgent, makeWorkDir } from '../factories/make-agent';
import { signToken } from '../factories/tokens';

describe('agent action routes', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  async function post(port: number, path: string) {
    const response = await fetch(`http://127.0.0.1:${port}/platform${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signToken()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }

  async function startWithAction(useUnsafeActionEndpoint: boolean) {
    const { agent } = makeAgent(work.dir, { useUnsafeActionEndpoint });
    agent
      .addDataSource(async () => makeLibraryDataSource())
      .customizeCollection('books', (books) =>
        books
          .addAction('Refresh', { scope: 'Global', execute: (_context, result) => result.success('ok') })
          .addAction('Ping all!', { scope: 'Global', execute: (_context, result) => result.success('pong') }),
      );
    await agent.start();
    return agent;
  }

  test('serves each action at the route written in the schema file', async () => {
    const agent = await startWithAction(false);
    const port = agent.standaloneServerPort as number;

    const statuses = [await post(port, '/_actions/books/1/ping-all'), await post(port, '/_actions/books/0/ping-all')];

    expect(statuses).toEqual([200, 404]);
    await agent.stop();
  });

  test('serves actions without their index with useUnsafeActionEndpoint', async () => {
    const agent = await startWithAction(true);

    const status = await post(agent.standaloneServerPort as number, '/_actions/books/ping-all');

    expect(status).toBe(200);
    await agent.stop();
  });
});

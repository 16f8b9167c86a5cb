import type { AddressInfo } from 'node:net';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import express from 'express';
import { makeAgent, makeWorkDir } from '../factories/make-agent';

describe('agent lifecycle', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  const cleanUps: Array<() => Promise<unknown>> = [];
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
    await work.cleanUp();
  });

  function libraryAgent(overrides: Parameters<typeof makeAgent>[1] = {}) {
    const dataSource = makeLibraryDataSource();
    const close = jest.spyOn(dataSource, 'close');
    const made = makeAgent(work.dir, overrides);
    made.agent.addDataSource(async () => dataSource);
    cleanUps.push(() => made.agent.stop());
    return { ...made, close };
  }

  test('serves the healthcheck from a standalone server when nothing was mounted', async () => {
    const { agent } = libraryAgent();

    await agent.start();
    const response = await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('serves under a custom prefix', async () => {
    const { agent } = libraryAgent({ prefix: '/admin' });

    await agent.start();
    const response = await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/admin/`);

    expect(response.status).toBe(200);
  });

  test('stop closes the server and the data source', async () => {
    const { agent, close } = libraryAgent();
    await agent.start();
    const url = `http://127.0.0.1:${agent.standaloneServerPort}/platform/`;

    await agent.stop();

    await expect(fetch(url)).rejects.toThrow();
    expect(close).toHaveBeenCalledTimes(1);
    expect(agent.standaloneServerPort).toBeUndefined();
  });

  test('stop twice is safe and closes once', async () => {
    const { agent, close } = libraryAgent();
    await agent.start();

    await agent.stop();
    await agent.stop();

    expect(close).toHaveBeenCalledTimes(1);
  });

  test('stop before start is safe', async () => {
    const { agent, close } = libraryAgent();

    await expect(agent.stop()).resolves.toBeUndefined();
    expect(close).not.toHaveBeenCalled();
  });

  test('start twice is refused, pointing at restart', async () => {
    const { agent } = libraryAgent();
    await agent.start();

    await expect(agent.start()).rejects.toThrow('call restart()');
  });

  test('a stopped agent does not start again', async () => {
    const { agent } = libraryAgent();
    await agent.start();
    await agent.stop();

    await expect(agent.start()).rejects.toThrow('create a new agent');
  });

  test('rejects when the port is taken, and closes the data source it opened', async () => {
    const first = libraryAgent();
    await first.agent.start();
    const second = libraryAgent({ port: first.agent.standaloneServerPort });

    await expect(second.agent.start()).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(second.close).toHaveBeenCalledTimes(1);
    expect(second.logger).toHaveBeenCalledWith('Error', 'The agent could not start.', expect.any(Error));
  });

  test('logs that it started', async () => {
    const { agent, logger } = libraryAgent();

    await agent.start();

    expect(logger).toHaveBeenCalledWith(
      'Info',
      expect.stringMatching(/^Agent started: serving \/platform on port \d+/),
      undefined,
    );
  });
});

describe('mountOnExpress', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  async function listen(app: express.Express) {
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  test('serves the routes under the prefix of the host app, next to its own routes', async () => {
    const app = express();
    app.get('/hello', (_req, res) => {
      res.send('world');
    });
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource()).mountOnExpress(app);
    const { server, base } = await listen(app);

    await agent.start();
    const health = await fetch(`${base}/platform/`);
    const own = await fetch(`${base}/hello`);

    expect(health.status).toBe(200);
    expect(await own.text()).toBe('world');
    expect(agent.standaloneServerPort).toBeUndefined();
    await agent.stop();
    server.close();
  });

  test('passes requests on to the host app before start and after stop', async () => {
    const app = express();
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource()).mountOnExpress(app);
    app.use((_req, res) => {
      res.status(404).send('host 404');
    });
    const { server, base } = await listen(app);

    const before = await fetch(`${base}/platform/`);
    await agent.start();
    const during = await fetch(`${base}/platform/`);
    await agent.stop();
    const after = await fetch(`${base}/platform/`);

    expect([before.status, during.status, after.status]).toEqual([404, 200, 404]);
    expect(await after.text()).toBe('host 404');
    server.close();
  });

  test('also starts a standalone server when asked', async () => {
    const app = express();
    const { agent } = makeAgent(work.dir);
    agent
      .addDataSource(async () => makeLibraryDataSource())
      .mountOnExpress(app)
      .mountOnStandaloneServer(0);

    await agent.start();
    const response = await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/`);

    expect(response.status).toBe(200);
    await agent.stop();
  });
});

import type { Logger } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { createAgent } from '../../src';
import { makeAgent, makeWorkDir } from '../factories/make-agent';
import { ENV_SECRET } from '../factories/tokens';

describe('createAgent', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test('reads the secrets from PLATFORM_AUTH_SECRET and PLATFORM_ENV_SECRET', () => {
    process.env.PLATFORM_AUTH_SECRET = 'from-env';
    process.env.PLATFORM_ENV_SECRET = ENV_SECRET;

    expect(() => createAgent()).not.toThrow();
  });

  test('fails at creation on a bad option, naming it', () => {
    expect(() => createAgent({ authSecret: 'secret', envSecret: ENV_SECRET, loggerLevel: 'Loud' as never })).toThrow(
      expect.objectContaining({ name: 'AgentOptionsError', message: expect.stringContaining('loggerLevel:') }),
    );
  });

  test('fails at creation without secrets, naming both', () => {
    delete process.env.PLATFORM_AUTH_SECRET;
    delete process.env.PLATFORM_ENV_SECRET;

    expect(() => createAgent()).toThrow(/authSecret: .*envSecret: /);
  });

  test('returns the agent from every configuration method, for chaining', () => {
    const agent = createAgent({ authSecret: 'secret', envSecret: ENV_SECRET });

    const chained = agent
      .addDataSource(async () => makeLibraryDataSource())
      .customizeCollection('books', (books) => books.disableCount())
      .addChart('total', (_context, result) => result.value(1))
      .removeCollection('authors')
      .use(() => undefined)
      .mountOnStandaloneServer(0);

    expect(chained).toBe(agent);
  });
});

describe('agent logging', () => {
  test('logs one line per request through the logger', async () => {
    const work = await makeWorkDir();
    const { agent, logger } = makeAgent(work.dir);
    await agent.addDataSource(async () => makeLibraryDataSource()).start();

    await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/`);
    await agent.stop();

    expect(logger).toHaveBeenCalledWith('Info', expect.stringMatching(/^\[200\] GET \/platform\/ - \d+ms$/), undefined);
    await work.cleanUp();
  });

  test('filters messages below loggerLevel', async () => {
    const work = await makeWorkDir();
    const { agent, logger } = makeAgent(work.dir, { loggerLevel: 'Warn' });
    await agent.addDataSource(async () => makeLibraryDataSource()).start();

    await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/`);
    await agent.stop();

    expect(logger.mock.calls.filter(([level]: Parameters<Logger>) => level === 'Info')).toEqual([]);
    await work.cleanUp();
  });
});

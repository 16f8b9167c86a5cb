import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { createAgent } from '../../src';
import { makeAgent, makeWorkDir } from '../factories/make-agent';
import { AUTH_SECRET, ENV_SECRET } from '../factories/tokens';

describe('an offline agent', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  test('says once, at start, that everything is allowed', async () => {
    const { agent, logger } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource());

    await agent.start();
    await agent.restart();
    await agent.stop();

    const warnings = logger.mock.calls.filter(([level]) => level === 'Warn').map(([, message]) => message);
    expect(warnings).toEqual([expect.stringMatching(/^Offline agent: .*may do everything/)]);
  });

  test('cannot run in production', () => {
    expect(() =>
      createAgent({ authSecret: AUTH_SECRET, envSecret: ENV_SECRET, offline: true, isProduction: true }),
    ).toThrow(expect.objectContaining({ name: 'AgentOptionsError', message: expect.stringContaining('offline') }));
  });
});

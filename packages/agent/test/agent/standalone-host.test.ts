import { networkInterfaces } from 'node:os';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { AgentOptionsError } from '../../src';
import { makeAgent, makeWorkDir } from '../factories/make-agent';

/** An address of this machine other than 127.0.0.1: a network interface's, else another loopback one (Linux). */
function otherAddress(): string {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);

  return external?.address ?? '127.0.0.2';
}

async function reach(host: string, port: number | undefined): Promise<number | string> {
  try {
    return (await fetch(`http://${host}:${port}/platform/`)).status;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
}

describe('standalone server host', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  let stop: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    await work.cleanUp();
  });

  async function startAgent(host?: string) {
    const { agent } = makeAgent(work.dir, host === undefined ? {} : { host });
    agent.addDataSource(async () => makeLibraryDataSource());
    stop = () => agent.stop();
    await agent.start();
    return agent;
  }

  test('with host 127.0.0.1, answers on 127.0.0.1 only', async () => {
    const agent = await startAgent('127.0.0.1');

    expect(await reach('127.0.0.1', agent.standaloneServerPort)).toBe(200);
    expect(await reach(otherAddress(), agent.standaloneServerPort)).toBe('ECONNREFUSED');
  });

  test('without host, listens on every interface', async () => {
    const agent = await startAgent();

    expect(await reach('127.0.0.1', agent.standaloneServerPort)).toBe(200);
    expect(await reach(otherAddress(), agent.standaloneServerPort)).toBe(200);
  });

  test('refuses an empty host with an AgentOptionsError', () => {
    expect(() => makeAgent(work.dir, { host: '' })).toThrow(AgentOptionsError);
  });
});

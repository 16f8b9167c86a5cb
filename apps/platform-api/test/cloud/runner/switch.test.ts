import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mintUserToken } from '../../../src/agents/mint-user-token';
import type { CloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { bundleCode, publishBundle } from './cloud-factory';
import { createRunnerHarness, eventually, getOnNewConnection, type RunnerHarness } from './runner-harness';

/**
 * A bundle whose computed field `version` says `name`. Reading order 3 writes `<gate>.entered`, then
 * waits until the file `gate` exists: a request kept in flight for as long as the test wants.
 */
const versionBundle = (name: string, gate: string) =>
  bundleCode(`
  const fs = require('node:fs');
  agent.customizeCollection('orders', (orders) => {
    orders.addField('version', {
      columnType: 'String',
      dependencies: ['id'],
      getValues: async (records) => {
        if (records.some((record) => record.id === 3)) {
          fs.writeFileSync(${JSON.stringify(`${gate}.entered`)}, '');
          while (!fs.existsSync(${JSON.stringify(gate)})) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return records.map(() => ${JSON.stringify(name)});
      },
    });
  });`);

interface Answer {
  readonly status: number;
  readonly version: string | undefined;
}

describe('a new version taking over the port', () => {
  let harness: RunnerHarness;
  let runner: CloudRunner;
  let gate: string;

  const settled = (version: number) =>
    eventually(
      () => harness.bundle(version),
      (row) => row !== null && row.status !== 'Pending',
    );

  beforeAll(async () => {
    harness = await createRunnerHarness();
    gate = path.join(harness.dir, 'gate');
    runner = await harness.startRunner();
    await publishBundle(harness.platform.context, harness.environmentId, versionBundle('v1', gate));
    await settled(1);
  });

  afterAll(async () => {
    await runner?.close();
    await harness?.close();
  });

  test('loses no request: clients looping across the publication get 200 every time', async () => {
    const origin = await harness.agentOrigin();
    const token = await mintUserToken(harness.platform.context, {
      userId: harness.world.admin.id,
      environmentId: harness.environmentId,
      purpose: 'workflow',
    });
    let isDone = false;
    const answers: Answer[][] = [[], [], [], []];
    const client = async (index: number, keepAlive: boolean) => {
      while (!isDone) {
        const url = `${origin}/platform/orders/1?fields[orders]=id,version`;
        const headers = { authorization: `Bearer ${token}` };
        const response = keepAlive ? await fetch(url, { headers }) : await getOnNewConnection(url, headers);
        const body = (await response.json()) as { data?: { version?: string } };
        answers[index]?.push({ status: response.status, version: body.data?.version });
      }
    };
    const countsOf = async (version: string) =>
      answers.map((clientAnswers) => clientAnswers.filter((answer) => answer.version === version).length);
    // Two clients share fetch's pool of kept-alive connections, two open a connection per request.
    const clients = Promise.all([client(0, true), client(1, true), client(2, false), client(3, false)]);
    await eventually(
      () => countsOf('v1'),
      (counts) => counts.every((count) => count > 0),
    );

    await publishBundle(harness.platform.context, harness.environmentId, versionBundle('v2', gate));
    const bundle = await settled(2);
    await eventually(
      () => countsOf('v2'),
      (counts) => counts.every((count) => count >= 3),
    );
    isDone = true;
    await clients;

    expect(bundle?.status).toBe('Live');
    const all = answers.flat();
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((answer) => answer.status !== 200)).toEqual([]);
    for (const [index, clientAnswers] of answers.entries()) {
      const versions = clientAnswers.map((answer) => answer.version);
      expect({ client: index, sawV1: versions.includes('v1'), sawV2: versions.includes('v2') }).toEqual({
        client: index,
        sawV1: true,
        sawV2: true,
      });
    }
    // Once the new version answered, a new connection never reaches the old one again (a kept-alive
    // connection may: the old version answers its next request, saying `Connection: close`).
    for (const clientAnswers of answers.slice(2)) {
      const versions = clientAnswers.map((answer) => answer.version);
      expect(versions.slice(versions.indexOf('v2'))).not.toContain('v1');
    }
  });

  test('lets a request in flight on the previous version finish after the new one took over', async () => {
    const inFlight = harness.get('/orders/3?fields[orders]=id,version');
    await eventually(
      async () => existsSync(`${gate}.entered`),
      (hasEntered) => hasEntered,
    );

    await publishBundle(harness.platform.context, harness.environmentId, versionBundle('v3', gate));
    const bundle = await settled(3);
    const served = await harness.get('/orders/1?fields[orders]=id,version');
    writeFileSync(gate, '');
    const response = await inFlight;

    expect(bundle?.status).toBe('Live');
    expect(await served.json()).toMatchObject({ data: { version: 'v3' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { id: 3, version: 'v2' } });
  });
});

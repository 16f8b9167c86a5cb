import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a customer's agent, enough for workflow runs of one `update` step: it answers
 * `PUT /platform/orders/<id>` with the record and counts the calls per record, so that a test can
 * tell a run executed twice from one executed once.
 */
export interface StandInAgent {
  /** The origin to store as the environment's agent URL (the executor appends `/platform`). */
  readonly url: string;
  /** PUT calls per record id, counted as they arrive. */
  readonly updates: Map<string, number>;
  /** How long it takes to answer: runs stay in flight that long. */
  delayMs: number;
  close(): Promise<void>;
}

const UPDATE_PATH = /^\/platform\/orders\/([^/?]+)$/;

export async function startStandInAgent(): Promise<StandInAgent> {
  const updates = new Map<string, number>();
  const server = createServer((request, response) => {
    const match = UPDATE_PATH.exec(request.url ?? '');
    request.resume();
    request.on('end', () => {
      if (request.method !== 'PUT' || !match?.[1]) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":[{"name":"NotFoundError"}]}');
        return;
      }
      const id = decodeURIComponent(match[1]);
      updates.set(id, (updates.get(id) ?? 0) + 1);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { id, status: 'done' } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const agent: StandInAgent = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    updates,
    delayMs: 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return agent;
}

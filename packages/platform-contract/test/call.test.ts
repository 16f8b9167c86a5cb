import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractCallError, callAgentContract, SECRET_HEADER } from '../src';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let serverUrl: string;
let handler: Handler;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

const options = () => ({ serverUrl, envSecret: 'secret-1', timeoutMs: 500 });

describe('callAgentContract', () => {
  it('sends the secret and the body, and returns the validated answer', async () => {
    const seen: { secret?: string; method?: string; url?: string; body?: string } = {};
    handler = (req, res, body) => {
      Object.assign(seen, { secret: req.headers[SECRET_HEADER], method: req.method, url: req.url, body });
      json(res, 200, { sendSchema: true, extra: 'ignored' });
    };

    const answer = await callAgentContract(options(), 'checkSchema', { schemaHash: 'a'.repeat(40) });

    expect(answer).toEqual({ sendSchema: true });
    expect(seen).toEqual({
      secret: 'secret-1',
      method: 'POST',
      url: '/agent/v1/schema/check',
      body: JSON.stringify({ schemaHash: 'a'.repeat(40) }),
    });
  });

  it('returns undefined for 204 routes', async () => {
    handler = (_req, res) => res.writeHead(204).end();

    await expect(
      callAgentContract(options(), 'activity', {
        entries: [
          { userId: 1, userEmail: 'a@b.c', action: 'read', collection: 'books', occurredAt: new Date().toISOString() },
        ],
      }),
    ).resolves.toBeUndefined();
  });

  it('names the endpoint, status and code of an error answer', async () => {
    handler = (_req, res) => json(res, 401, { code: 'unauthorized', message: 'Unknown environment secret.' });

    const error = await callAgentContract(options(), 'permissions').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ContractCallError);
    expect(error).toMatchObject({
      endpoint: 'GET /agent/v1/permissions',
      failure: 'status',
      status: 401,
      code: 'unauthorized',
      isTransient: false,
      message: 'The platform answered 401 to GET /agent/v1/permissions: Unknown environment secret.',
    });
  });

  it('refuses a malformed answer, naming the endpoint and the bad field', async () => {
    handler = (_req, res) => json(res, 200, { roles: [{ role: 'Admin' }] });

    await expect(callAgentContract(options(), 'permissions')).rejects.toMatchObject({
      failure: 'malformed',
      message: expect.stringMatching(
        /^The platform's answer to GET \/agent\/v1\/permissions is malformed \(roles\.0\./,
      ),
    });
  });

  it('reports a 5XX as transient', async () => {
    handler = (_req, res) => res.writeHead(503).end('down');

    await expect(callAgentContract(options(), 'users')).rejects.toMatchObject({ status: 503, isTransient: true });
  });

  it('times out a server that does not answer', async () => {
    handler = () => {};

    await expect(callAgentContract(options(), 'users')).rejects.toMatchObject({
      failure: 'timeout',
      isTransient: true,
      message: 'The platform did not answer GET /agent/v1/users within 500 ms.',
    });
  });

  it('reports an unreachable server', async () => {
    await expect(
      callAgentContract({ ...options(), serverUrl: 'http://127.0.0.1:1' }, 'environment'),
    ).rejects.toMatchObject({ failure: 'unreachable', isTransient: true, endpoint: 'GET /agent/v1/environment' });
  });
});

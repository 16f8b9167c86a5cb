import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { requestLogger } from '../../src/http/request-logger';
import { createLogger } from '../../src/logger';
import { sleep } from '../helpers/sleep';

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly req?: { id: string; method: string; url: string; headers: Record<string, string> };
  readonly res?: { statusCode: number };
  readonly responseTime?: number;
  readonly step?: string;
}

/** An app behind `requestLogger` whose lines land in `lines`, parsed. */
function loggedApp(level: 'trace' | 'warn' = 'trace') {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)) as LogLine);
      callback();
    },
  });
  const app = express();
  app.use(requestLogger(createLogger({ PLATFORM_LOG_LEVEL: level }, sink), { ignore: (req) => req.url === '/health' }));
  app.get('/ok', (req, res) => {
    req.log.info({ step: 'handler' }, 'inside');
    res.json({ ok: true });
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/boom', (_req, res) => {
    res.status(500).json({ code: 'internal_error' });
  });
  app.get('/big', (_req, res) => {
    res.type('text').end('x'.repeat(4 * 1024 * 1024));
  });
  app.get('/slow', () => {
    // never answers: the client leaves first
  });
  return { app, lines };
}

/** Lines are written synchronously by pino, but the completion one only once the response is done. */
const settle = () => sleep(20);

describe('requestLogger', () => {
  test('logs one "request completed" line at info with the request, the response and the time taken', async () => {
    const { app, lines } = loggedApp();

    const response = await request(app).get('/ok?x=1').set('X-Request-Id', 'abc-123');
    await settle();

    expect(response.headers['x-request-id']).toBe('abc-123');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      req: { id: 'abc-123', method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]?.responseTime).toBe('number');
  });

  test('logs a large response (4 MB, several socket writes) as completed', async () => {
    const { app, lines } = loggedApp();

    const response = await request(app).get('/big');
    await settle();

    expect(response.text).toHaveLength(4 * 1024 * 1024);
    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([[30, 'request completed', 200]]);
  });

  test('gives handlers req.log, bound to the request', async () => {
    const { app, lines } = loggedApp();

    await request(app).get('/ok').set('X-Request-Id', 'from-handler');
    await settle();

    expect(lines.find((line) => line.step === 'handler')).toMatchObject({
      msg: 'inside',
      req: { id: 'from-handler', url: '/ok' },
    });
  });

  test('logs a 4xx at warn and a 5xx as "request errored" at error', async () => {
    const { app, lines } = loggedApp();

    await request(app).get('/missing');
    await request(app).get('/boom');
    await settle();

    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([
      [40, 'request completed', 404],
      [50, 'request errored', 500],
    ]);
  });

  test('writes no completion line for ignored requests, nor below the configured level', async () => {
    const quiet = loggedApp('warn');

    await request(quiet.app).get('/health');
    await request(quiet.app).get('/ok');
    await request(quiet.app).get('/missing');
    await settle();

    expect(quiet.lines.map((line) => [line.level, line.req?.url])).toEqual([[40, '/missing']]);
  });

  test('never writes the Authorization header or the cookie', async () => {
    const { app, lines } = loggedApp();

    await request(app).get('/ok').set('Authorization', 'Bearer plat_SECRET').set('Cookie', 'platform_session=SECRET');
    await settle();

    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });

  test('logs "request aborted" at warn when the client leaves before the response', async () => {
    const { app, lines } = loggedApp();
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const client = http.get({ host: '127.0.0.1', port, path: '/slow' });
      client.on('error', () => {
        // the socket is destroyed on purpose
      });
      await sleep(100);
      client.destroy();
      for (let attempt = 0; attempt < 50 && lines.length === 0; attempt += 1) await settle();

      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, msg: 'request aborted', req: { url: '/slow' } });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

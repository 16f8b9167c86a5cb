import { rawExchange } from '@platform/platform-contract/testing';
import express from 'express';
import { MAX_HEADER_BYTES } from '../../src/http/client-error';
import { serve, serveWithUrl } from '../../src/http/serve';

/** An app whose GET /slow answers after `delayMs`, with a promise that resolves when it was hit. */
function slowApp(delayMs: number) {
  let arrived: () => void = () => {};
  const hasArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const app = express();
  app.get('/slow', (_request, response) => {
    arrived();
    setTimeout(() => response.json({ done: true }), delayMs).unref();
  });
  return { app, hasArrived };
}

describe('serve', () => {
  test('listens on the port it reports', async () => {
    const running = await serve(
      express().get('/', (_q, s) => s.send('hi')),
      {
        port: 0,
        host: '127.0.0.1',
        shutdownTimeoutMs: 1_000,
      },
    );

    const response = await fetch(running.url);

    expect(await response.text()).toBe('hi');
    await running.close();
  });

  test('close() lets an in-flight request finish before resolving', async () => {
    const { app, hasArrived } = slowApp(300);
    const running = await serve(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 5_000 });
    const inFlight = fetch(`${running.url}/slow`);
    await hasArrived;

    const closing = running.close();
    const response = await inFlight;
    await closing;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
  });

  test('close() refuses new connections at once', async () => {
    const { app, hasArrived } = slowApp(300);
    const running = await serve(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 5_000 });
    const inFlight = fetch(`${running.url}/slow`);
    await hasArrived;

    const closing = running.close();

    await expect(fetch(`${running.url}/slow`, { headers: { connection: 'close' } })).rejects.toThrow();
    await inFlight;
    await closing;
  });

  test('close() cuts requests still running after the shutdown timeout', async () => {
    const { app, hasArrived } = slowApp(60_000);
    const running = await serve(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 200 });
    const inFlight = fetch(`${running.url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await hasArrived;
    const startedAt = Date.now();

    await running.close();

    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(await inFlight).toBe('cut');
  });

  test('close() twice returns the same promise', async () => {
    const running = await serve(express(), { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 });

    expect(running.close()).toBe(running.close());
    await running.close();
  });

  test('serveWithUrl builds the handler with the URL of the port actually bound', async () => {
    let seenUrl = '';
    const running = await serveWithUrl(
      (url) => {
        seenUrl = url;
        return express().get('/', (_q, s) => s.send(url));
      },
      { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 },
    );

    const response = await fetch(running.url);

    expect(seenUrl).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(seenUrl).toBe(running.url);
    expect(await response.text()).toBe(running.url);
    await running.close();
  });

  describe('requests Node refuses before any route', () => {
    let running: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      running = await serve(
        express().get('/', (_q, s) => s.send('hi')),
        { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 },
      );
    });
    afterAll(() => running.close());

    test('a query string over the header limit gets 431 with a { code, message } body', async () => {
      const query = 'a'.repeat(MAX_HEADER_BYTES + 1_000);

      const answer = await rawExchange(running.url, `GET /?q=${query} HTTP/1.1\r\nHost: x\r\n\r\n`);

      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(head).toContain('Content-Type: application/json; charset=utf-8');
      expect(JSON.parse(body)).toEqual({
        code: 'request_header_fields_too_large',
        message: expect.stringContaining('shorten the query string'),
      });
    });

    test('a query string under the limit is served', async () => {
      const query = 'a'.repeat(MAX_HEADER_BYTES - 1_000);

      const response = await fetch(`${running.url}/?q=${query}`);

      expect(response.status).toBe(200);
    });

    test('malformed HTTP gets 400 invalid_request with a { code, message } body', async () => {
      const answer = await rawExchange(running.url, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');

      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(body)).toEqual({ code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' });
    });
  });
});

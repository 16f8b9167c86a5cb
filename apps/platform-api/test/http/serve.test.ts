import express from 'express';
import { serve } from '../../src/http/serve';

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
});

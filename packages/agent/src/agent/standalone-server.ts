import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';

/** The agent's own HTTP server, when it is not mounted on the application's. */
export interface StandaloneServer {
  readonly port: number;
  /** Stops listening, lets requests in flight finish for up to `graceMs`, then drops the rest. */
  close(graceMs?: number): Promise<void>;
}

/** Listens on `port` (0 picks a free one) and serves `handler`; anything else is a 404. */
export async function startStandaloneServer(
  handler: RequestHandler,
  port: number,
  host?: string,
): Promise<StandaloneServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(handler);
  const server = createServer(app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return { port: (server.address() as AddressInfo).port, close: (graceMs = 5_000) => closeServer(server, graceMs) };
}

function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close((error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

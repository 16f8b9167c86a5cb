import { once } from 'node:events';
import type { RequestListener } from 'node:http';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerClientError } from './client-error';

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** How long `close()` waits for in-flight requests before cutting their connections. */
  readonly shutdownTimeoutMs: number;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  readonly url: string;
  readonly server: http.Server;
  /**
   * Stops accepting connections, lets in-flight requests finish (bounded by `shutdownTimeoutMs`),
   * then resolves. Idempotent: later calls return the same promise.
   */
  close(): Promise<void>;
}

/** Listens with `handler` and offers a graceful `close()`. */
export function serve(handler: RequestListener, options: ServeOptions): Promise<RunningServer> {
  return serveWithUrl(() => handler, options);
}

/**
 * Like `serve`, but builds the handler once the server is bound, from its URL (the port actually
 * bound when `options.port` is 0), before the first request can arrive.
 */
export async function serveWithUrl(
  createHandler: (url: string) => RequestListener,
  options: ServeOptions,
): Promise<RunningServer> {
  let handler: RequestListener | undefined;
  const server = http.createServer((request, response) => handler?.(request, response));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket));
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  // Synchronously after 'listening': no connection is read before the handler is in place.
  handler = createHandler(url);

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    close() {
      closing ??= closeGracefully(server, options.shutdownTimeoutMs);
      return closing;
    },
  };
}

async function closeGracefully(server: http.Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // server.close() only drops idle keep-alive connections once; a connection whose request is in
  // flight becomes idle when its response ends, so keep dropping idle ones until all are gone.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  try {
    server.closeIdleConnections();
    await closed;
  } finally {
    clearInterval(sweeper);
    clearTimeout(deadline);
  }
}

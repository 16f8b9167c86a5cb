import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How the stand-in answers: `pass` forwards to the real platform (a sandbox); `down` resets every
 * connection; `error` answers 500; `slow` never answers (the agent's call times out); `refuse`
 * answers 401 `unauthorized`, as platform-api does to a secret it does not know.
 */
export type FaultMode = 'pass' | 'down' | 'error' | 'slow' | 'refuse';

export interface FaultyPlatform {
  /** The stand-in's URL: the agent's `serverUrl`. */
  readonly url: string;
  /** Where `pass` forwards to: the real platform's URL. */
  forwardTo(url: string): void;
  /** Switches every route (or, with `path`, that path only) to `mode`. */
  setMode(mode: FaultMode, path?: string): void;
  /** Calls received per path (connections reset in `down` mode count under `(connection)`). */
  readonly calls: Record<string, number>;
  /** All calls received. */
  totalCalls(): number;
  resetCounts(): void;
  /** Cuts the open events streams (a platform that died cuts them too). */
  cutStreams(): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server in front of the platform, over real sockets, whose failure mode a test
 * switches at any time, counting the calls the agent makes.
 */
export async function startFaultyPlatform(initialMode: FaultMode = 'pass'): Promise<FaultyPlatform> {
  let target: URL | undefined;
  const calls: Record<string, number> = {};
  const sockets = new Set<Socket>();
  const streams = new Set<ServerResponse>();
  const modes = new Map<string, FaultMode>();
  let mode: FaultMode = initialMode;
  const modeOf = (path: string): FaultMode => modes.get(path) ?? mode;
  const count = (key: string) => {
    calls[key] = (calls[key] ?? 0) + 1;
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    count(path);
    switch (modeOf(path)) {
      case 'down':
        req.socket.destroy();
        return;
      case 'slow':
        return;
      case 'error':
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'internal', message: 'Unexpected error (stand-in).' }));
        return;
      case 'refuse':
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 'unauthorized',
            message: "The environment secret is not valid: check the agent's envSecret.",
          }),
        );
        return;
      case 'pass':
        forward(req, res);
        return;
      default:
        throw new Error(`Unknown mode ${String(modeOf(path))}`);
    }
  };

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    if (target === undefined) throw new Error('Call forwardTo(url) before passing calls through.');
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (answer.headers['content-type']?.startsWith('text/event-stream')) {
          streams.add(res);
          res.on('close', () => {
            streams.delete(res);
            upstream.destroy();
          });
        }
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  const server: Server = createServer(handle);
  server.on('connection', (socket) => {
    if (mode === 'down' && modes.size === 0) {
      count('(connection)');
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${boundPort}`,
    forwardTo(url) {
      target = new URL(url);
    },
    calls,
    setMode(next, path) {
      if (path === undefined) {
        mode = next;
        modes.clear();
      } else {
        modes.set(path, next);
      }
    },
    totalCalls: () => Object.values(calls).reduce((sum, value) => sum + value, 0),
    resetCounts() {
      for (const key of Object.keys(calls)) delete calls[key];
    },
    cutStreams() {
      for (const stream of streams) stream.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { createServer, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';

/** The child's HTTP server: it never listens, the runner hands it each connection it accepted. */
export interface ChildServer {
  /** Serves a connection the runner accepted (paused until now: nothing was read from it). */
  accept(socket: Socket): void;
  /**
   * Takes no more connections and lets the open ones finish: each response from now on says
   * `Connection: close`; a connection idle after `idleCloseMs` is closed (keep-alive clients close
   * theirs before the keep-alive timeout the server announced, so waiting for it races none of
   * them); everything left at `graceMs` is cut. Resolves once no connection is open.
   */
  drain(options: { readonly idleCloseMs: number; readonly graceMs: number }): Promise<void>;
}

/** How long the server keeps an idle connection open (announced as `Keep-Alive: timeout=5`). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function createChildServer(handler: RequestListener): ChildServer {
  let isDraining = false;
  /** Open connections and how many requests each has in progress. */
  const inProgress = new Map<Socket, number>();
  let onEmpty: (() => void) | undefined;

  const server = createServer((request, response) => {
    const socket = request.socket;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (inProgress.has(socket)) inProgress.set(socket, (inProgress.get(socket) ?? 1) - 1);
    });
    if (isDraining) response.setHeader('connection', 'close');
    handler(request, response);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('connection', (socket: Socket) => {
    inProgress.set(socket, 0);
    socket.once('close', () => {
      inProgress.delete(socket);
      if (inProgress.size === 0) onEmpty?.();
    });
  });

  const closeIdle = () => {
    for (const [socket, count] of inProgress) if (count === 0) socket.destroy();
  };

  return {
    accept(socket) {
      if (isDraining) {
        socket.destroy();
        return;
      }
      server.emit('connection', socket);
    },
    drain({ idleCloseMs, graceMs }) {
      isDraining = true;
      if (inProgress.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const idleTimer = setTimeout(closeIdle, idleCloseMs);
        const graceTimer = setTimeout(() => {
          for (const socket of inProgress.keys()) socket.destroy();
        }, graceMs);
        onEmpty = () => {
          clearTimeout(idleTimer);
          clearTimeout(graceTimer);
          resolve();
        };
      });
    },
  };
}

import { createServer, type Server, type Socket } from 'node:net';

/** Where the listener sends the connections it accepts: the live hosted agent. */
export interface ConnectionTarget {
  deliver(socket: Socket): Promise<void>;
}

export interface AgentListenerOptions {
  /** How long a connection waits for a hosted agent to take it (none is live yet, or it is restarting). */
  readonly waitMs: number;
}

const UNAVAILABLE_BODY = JSON.stringify({
  errors: [{ name: 'ServiceUnavailableError', status: 503, detail: 'The hosted agent is starting: retry shortly.' }],
});
const UNAVAILABLE_RESPONSE =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n' +
  `Content-Length: ${Buffer.byteLength(UNAVAILABLE_BODY)}\r\n\r\n${UNAVAILABLE_BODY}`;

/**
 * The listening socket of one cloud environment's port, owned by the runner for as long as it
 * hosts the environment. Each connection is accepted paused (nothing read) and handed whole to the
 * live hosted agent, so a new generation takes over the port by being made the target: the old
 * one gets no new connection and finishes the ones it has. A connection arriving while no agent
 * is live waits for one (`waitMs`), then gets a 503.
 */
export class AgentListener {
  private readonly server: Server;
  private target: ConnectionTarget | undefined;
  private readonly waiting = new Map<Socket, NodeJS.Timeout>();

  constructor(private readonly options: AgentListenerOptions) {
    this.server = createServer({ pauseOnConnect: true }, (socket) => this.route(socket));
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Sends every connection from now on (and those waiting) to `target`; none when undefined. */
  setTarget(target: ConnectionTarget | undefined): void {
    this.target = target;
    if (target === undefined) return;
    for (const [socket, timer] of this.waiting) {
      clearTimeout(timer);
      this.waiting.delete(socket);
      this.route(socket);
    }
  }

  /**
   * Stops listening and drops the connections still waiting. It does not wait for the connections
   * handed to children: they are theirs to finish (and Node's count of them, asked of each child
   * over IPC, may never answer once a child is gone).
   */
  async close(): Promise<void> {
    this.target = undefined;
    for (const [socket, timer] of this.waiting) {
      clearTimeout(timer);
      socket.destroy();
    }
    this.waiting.clear();
    // close() stops listening at once; its callback would wait for the handed connections.
    if (this.server.listening) this.server.close(() => undefined);
  }

  private route(socket: Socket): void {
    const target = this.target;
    if (target === undefined) {
      this.wait(socket);
      return;
    }
    target.deliver(socket).catch(() => {
      // The target died between two looks: the connection waits for the next one.
      if (!socket.destroyed) this.wait(socket);
    });
  }

  private wait(socket: Socket): void {
    if (!this.server.listening) {
      socket.destroy();
      return;
    }
    socket.once('close', () => {
      const timer = this.waiting.get(socket);
      if (timer !== undefined) clearTimeout(timer);
      this.waiting.delete(socket);
    });
    this.waiting.set(
      socket,
      setTimeout(() => {
        this.waiting.delete(socket);
        socket.end(UNAVAILABLE_RESPONSE);
      }, this.options.waitMs),
    );
  }
}

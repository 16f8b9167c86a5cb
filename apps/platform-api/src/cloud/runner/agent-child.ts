import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import {
  type BundleToRun,
  type ChildLogLevel,
  childMessageSchema,
  type FailureCause,
  type RunnerMessage,
} from './child/child-protocol';

/** The script a child runs and the Node options it runs with (tests run the TypeScript source). */
export interface ChildEntry {
  readonly path: string;
  readonly execArgv: readonly string[];
}

export interface AgentChildOptions {
  readonly entry: ChildEntry;
  /** The child's whole environment: nothing of the runner's own is added to it. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly bundle: BundleToRun | null;
  /** A child not ready by then is killed, and its start failed. */
  readonly startTimeoutMs: number;
  readonly onIntrospection: (introspection: unknown) => void;
  /** The agent's log lines, and the child's stdout (Info) and stderr (Warn) lines. */
  readonly onLog: (level: ChildLogLevel, message: string) => void;
}

/** A child did not become ready; `reason` says whether the bundle is to blame. */
export class ChildStartError extends Error {
  override readonly name = 'ChildStartError';

  constructor(
    readonly reason: FailureCause,
    message: string,
  ) {
    super(message);
  }
}

export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * One hosted agent process, seen from the runner: ready (or why not), the connections handed to
 * it, its exit, and a graceful stop that ends in SIGKILL.
 */
export class AgentChild {
  /** Resolves once the agent serves; rejects with `ChildStartError`. */
  readonly ready: Promise<void>;
  /** Resolves once the process has exited and its output was read. */
  readonly exited: Promise<ChildExit>;
  private stopping: Promise<void> | undefined;
  private isReady = false;

  private constructor(
    private readonly process: ChildProcess,
    options: AgentChildOptions,
  ) {
    const lastErrorLines: string[] = [];
    let failure: ChildStartError | undefined;

    this.exited = new Promise((resolve) => {
      // 'close', not 'exit': the messages and output the child sent before exiting are read by then.
      process.once('close', (code, signal) => resolve({ code, signal }));
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        failure ??= new ChildStartError(
          options.bundle === null ? 'setup' : 'bundle',
          `The hosted agent did not start within ${Math.round(options.startTimeoutMs / 1000)} s.`,
        );
        process.kill('SIGKILL');
      }, options.startTimeoutMs);
      process.on('message', (raw: unknown) => {
        const parsed = childMessageSchema.safeParse(raw);
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'log') options.onLog(message.level, message.message);
        else if (message.type === 'introspection') options.onIntrospection(message.introspection);
        else if (message.type === 'failed') failure ??= new ChildStartError(message.cause, message.error);
        else if (message.type === 'ready' && failure === undefined) {
          this.isReady = true;
          clearTimeout(timer);
          resolve();
        }
      });
      void this.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        if (this.isReady) return;
        const said = lastErrorLines.length > 0 ? `: ${lastErrorLines.join('\n')}` : '.';
        reject(
          failure ??
            new ChildStartError(
              options.bundle === null ? 'setup' : 'bundle',
              `The hosted agent exited (${signal ?? `code ${code}`}) before it was ready${said}`,
            ),
        );
      });
    });
    // Nobody may be waiting on `ready` when it rejects (a runner closing): that is no crash.
    this.ready.catch(() => undefined);

    if (process.stdout) createInterface({ input: process.stdout }).on('line', (line) => options.onLog('Info', line));
    if (process.stderr) {
      createInterface({ input: process.stderr }).on('line', (line) => {
        options.onLog('Warn', line);
        lastErrorLines.push(line);
        if (lastErrorLines.length > 3) lastErrorLines.shift();
      });
    }
    // A child gone before it read a message: its exit says what happened.
    process.on('error', () => undefined);
    this.send({ type: 'start', bundle: options.bundle });
  }

  static fork(options: AgentChildOptions): AgentChild {
    const child = fork(options.entry.path, [], {
      cwd: options.cwd,
      env: { ...options.env },
      execArgv: [...options.entry.execArgv],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    return new AgentChild(child, options);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Hands the child a connection the runner accepted; rejects when the child cannot take it. */
  deliver(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.process.connected || this.stopping !== undefined) {
        reject(new Error('the hosted agent takes no more connections'));
        return;
      }
      const message: RunnerMessage = { type: 'connection' };
      this.process.send(message, socket, {}, (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Asks the child to finish its requests and exit; SIGKILL if it has not exited `graceMs` (plus a
   * few seconds for its own shutdown) later. Resolves once it exited.
   */
  stop(graceMs: number): Promise<void> {
    this.stopping ??= (async () => {
      if (this.process.exitCode !== null || this.process.signalCode !== null) return;
      const killer = setTimeout(() => this.process.kill('SIGKILL'), graceMs + 5_000);
      // A child still starting has nothing to finish.
      if (this.isReady && this.process.connected) this.send({ type: 'stop', graceMs });
      else this.process.kill('SIGTERM');
      await this.exited;
      clearTimeout(killer);
    })();
    return this.stopping;
  }

  private send(message: RunnerMessage): void {
    if (this.process.connected) this.process.send(message, undefined, {}, () => undefined);
  }
}

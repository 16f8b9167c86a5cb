import type { AgentChild } from './agent-child';
import { AgentListener } from './agent-listener';
import type { ChildLogLevel } from './child/child-protocol';
import type { BundleRef } from './runner-store';

/** What one generation runs: a bundle (or none yet) on one connection and set of secrets. */
export interface GenerationTarget {
  readonly bundle: BundleRef | null;
  readonly configKey: string;
}

export interface HostedEnvironmentOptions {
  /** How long a stopping child may take to finish its requests before it is killed. */
  readonly stopGraceMs: number;
  /** Delay before the first restart after a crash or a failed start; doubles up to `maxRestartDelayMs`. */
  readonly restartDelayMs: number;
  readonly maxRestartDelayMs: number;
  /** A child live this long before it exits starts the back-off over. */
  readonly stableAfterMs: number;
  /** How long a connection waits for an agent when none is live. */
  readonly connectionWaitMs: number;
}

export interface HostedEnvironmentDependencies {
  /** Forks a child for `target`, or null when the environment is no longer hosted. */
  readonly spawn: (target: GenerationTarget) => Promise<AgentChild | null>;
  readonly markLive: (bundle: BundleRef) => Promise<void>;
  readonly markFailed: (bundle: BundleRef, error: string) => Promise<void>;
  /** A line for the environment's log (CloudLogLine) and the runner's. */
  readonly log: (level: ChildLogLevel, message: string) => void;
  readonly now: () => number;
}

interface Generation {
  readonly child: AgentChild;
  readonly target: GenerationTarget;
  liveSince?: number;
  /** Whether the bundle's Live status is stored (retried at the next look when the database failed). */
  isRecorded: boolean;
}

/**
 * One cloud environment's hosted agent: its port, the live generation (a child process serving
 * the port) and the next one starting. A new target (a bundle published, a connection changed)
 * starts a new child beside the live one; only once it is ready does it take the port's new
 * connections, and the old one finishes its requests and exits. A start that fails keeps the live
 * child: the bundle is Failed when it is to blame, else the start is retried with back-off, as is
 * a live child that dies.
 */
export class HostedEnvironment {
  private readonly listener: AgentListener;
  private live: Generation | undefined;
  /** True from the moment a start begins (before its child exists) until it is live or failed. */
  private isStarting = false;
  private starting: Generation | undefined;
  private target: GenerationTarget | undefined;
  private reintrospectionRequestedAt: number | null = null;
  /** Bundles that failed here, until the database's next answer no longer offers them. */
  private readonly failedBundles = new Set<number>();
  /** Bundles that went live here: a failure of theirs later is retried, not blamed. */
  private readonly liveBundles = new Set<number>();
  private restarts = 0;
  private retryAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private isClosed = false;

  constructor(
    readonly environmentId: number,
    private readonly options: HostedEnvironmentOptions,
    private readonly dependencies: HostedEnvironmentDependencies,
  ) {
    this.listener = new AgentListener({ waitMs: options.connectionWaitMs });
  }

  listen(port: number, host: string): Promise<void> {
    return this.listener.listen(port, host);
  }

  /**
   * The database's latest word on what to run; `reintrospectionRequestedAt` (ms) asks a generation
   * live since before then to be replaced, so that a new child reads the database's structure.
   */
  update(target: GenerationTarget, reintrospectionRequestedAt: number | null = null): void {
    this.target = target;
    this.reintrospectionRequestedAt = reintrospectionRequestedAt;
    this.tick();
  }

  /** Stops listening, then stops every child gracefully. */
  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.retryTimer);
    const children = [this.starting?.child, this.live?.child].filter((child) => child !== undefined);
    this.starting = undefined;
    this.live = undefined;
    await this.listener.close();
    await Promise.all(children.map((child) => child.stop(this.options.stopGraceMs)));
  }

  private tick(): void {
    const target = this.target;
    if (this.isClosed || target === undefined || this.isStarting) return;
    if (this.live !== undefined && sameTarget(this.live.target, target) && !this.isReintrospectionDue(this.live)) {
      if (!this.live.isRecorded) void this.record(this.live);
      return;
    }
    if (target.bundle !== null && this.failedBundles.has(target.bundle.id)) return;
    const waitMs = this.retryAt - this.dependencies.now();
    if (waitMs > 0) {
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.tick(), waitMs);
      return;
    }
    if (this.live !== undefined && sameTarget(this.live.target, target)) {
      this.dependencies.log(
        'Info',
        'Starting the hosted agent again to read the database structure (reintrospection).',
      );
    }
    this.isStarting = true;
    void this.startGeneration(target).finally(() => {
      this.isStarting = false;
      this.tick();
    });
  }

  private isReintrospectionDue(live: Generation): boolean {
    const requestedAt = this.reintrospectionRequestedAt;
    return requestedAt !== null && requestedAt > (live.liveSince ?? 0);
  }

  private async startGeneration(target: GenerationTarget): Promise<void> {
    const version = target.bundle === null ? 'no bundle' : `version ${target.bundle.version}`;
    let child: AgentChild | null;
    try {
      child = await this.dependencies.spawn(target);
    } catch (error) {
      this.failed(target, 'setup', `The hosted agent (${version}) could not be started: ${(error as Error).message}`);
      return;
    }
    if (child === null) return;
    if (this.isClosed) {
      await child.stop(this.options.stopGraceMs);
      return;
    }
    const generation: Generation = { child, target, isRecorded: target.bundle === null };
    this.starting = generation;
    this.dependencies.log('Info', `Starting the hosted agent (${version}).`);
    try {
      await child.ready;
    } catch (error) {
      this.starting = undefined;
      // A runner closing stops the children it was starting: that is no failure of theirs.
      if (this.isClosed) return;
      const { reason, message } = error as { reason?: 'setup' | 'bundle'; message: string };
      this.failed(target, reason ?? 'setup', message);
      return;
    }
    this.starting = undefined;
    if (this.isClosed) {
      await child.stop(this.options.stopGraceMs);
      return;
    }
    await this.takeOver(generation, version);
  }

  /** The ready generation takes the port's new connections; the previous one finishes and exits. */
  private async takeOver(generation: Generation, version: string): Promise<void> {
    const previous = this.live;
    generation.liveSince = this.dependencies.now();
    this.live = generation;
    this.listener.setTarget(generation.child);
    void generation.child.exited.then(({ code, signal }) => this.exitedWhileLive(generation, code, signal));
    if (generation.target.bundle !== null) this.liveBundles.add(generation.target.bundle.id);
    this.dependencies.log('Info', `The hosted agent (${version}) is live.`);
    void previous?.child.stop(this.options.stopGraceMs);
    await this.record(generation);
  }

  private async record(generation: Generation): Promise<void> {
    const bundle = generation.target.bundle;
    if (bundle === null || generation.isRecorded) return;
    try {
      await this.dependencies.markLive(bundle);
      generation.isRecorded = true;
    } catch (error) {
      this.dependencies.log(
        'Warn',
        `Version ${bundle.version} is live but could not be recorded: ${(error as Error).message}`,
      );
    }
  }

  private failed(target: GenerationTarget, reason: 'setup' | 'bundle', message: string): void {
    const bundle = target.bundle;
    if (reason === 'bundle' && bundle !== null && !this.liveBundles.has(bundle.id)) {
      this.failedBundles.add(bundle.id);
      const still = this.live === undefined ? 'no version is served' : 'the previous version keeps serving';
      this.dependencies.log('Error', `Version ${bundle.version} failed to start (${still}): ${message}`);
      this.dependencies.markFailed(bundle, message).catch((error: unknown) => {
        this.dependencies.log(
          'Warn',
          `Version ${bundle.version} failed but could not be recorded: ${(error as Error).message}`,
        );
      });
      return;
    }
    const delayMs = this.nextRestartDelay();
    this.dependencies.log('Error', `${message} Retrying in ${Math.ceil(delayMs / 1000)} s.`);
  }

  private exitedWhileLive(generation: Generation, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.live !== generation || this.isClosed) return;
    this.live = undefined;
    this.listener.setTarget(undefined);
    if (this.dependencies.now() - (generation.liveSince ?? 0) >= this.options.stableAfterMs) this.restarts = 0;
    const delayMs = this.nextRestartDelay();
    this.dependencies.log(
      'Error',
      `The hosted agent exited (${signal ?? `code ${code}`}) while serving: restarting in ${Math.ceil(delayMs / 1000)} s.`,
    );
    this.tick();
  }

  private nextRestartDelay(): number {
    const delayMs = Math.min(this.options.restartDelayMs * 2 ** this.restarts, this.options.maxRestartDelayMs);
    this.restarts += 1;
    this.retryAt = this.dependencies.now() + delayMs;
    return delayMs;
  }
}

function sameTarget(a: GenerationTarget, b: GenerationTarget): boolean {
  return a.configKey === b.configKey && a.bundle?.id === b.bundle?.id;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context';
import { AgentChild } from './agent-child';
import { agentUrlOf } from './agent-url';
import type { ChildLogLevel } from './child/child-protocol';
import { childEnvOf } from './child-env';
import { CloudLog } from './cloud-log';
import { type GenerationTarget, HostedEnvironment } from './hosted-environment';
import type { CloudRunnerOptions } from './runner-options';
import {
  type CloudEnvironmentState,
  claimPort,
  listCloudEnvironments,
  loadChildStart,
  markBundleFailed,
  markBundleLive,
  setAgentUrl,
  storeIntrospection,
} from './runner-store';

export interface CloudRunner {
  /** Stops reading the database, closes every port and stops every hosted agent gracefully. */
  close(): Promise<void>;
}

/** Ports tried above the base before giving up on an environment until the next look. */
const PORT_ATTEMPTS = 100;

const PINO_LEVEL = { Debug: 'debug', Info: 'info', Warn: 'warn', Error: 'error' } as const;

/**
 * The hosted-agent runner (`platform-api cloud-runner`): every `pollIntervalMs` it reads the cloud
 * environments and their newest bundles and makes each one's hosted agent match — a port of its
 * own (stable, stored), the environment's agent URL, and a child process running the newest
 * bundle that did not fail (`HostedEnvironment`). An environment no longer in the table is stopped.
 * Run one runner per database.
 */
export async function startCloudRunner(context: AppContext, options: CloudRunnerOptions): Promise<CloudRunner> {
  const log = new CloudLog(context, { linesKept: options.logLinesKept });
  const workDir = await mkdtemp(path.join(tmpdir(), 'platform-cloud-runner-'));
  const hosted = new Map<number, HostedEnvironment>();
  /** The last problem logged per environment (or for the poll itself), so a repeated one is logged once. */
  const lastProblem = new Map<number | 'poll', string>();
  let isClosing = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();

  const logFor = (environmentId: number) => (level: ChildLogLevel, message: string) => {
    log.append(environmentId, level, `[runner] ${message}`);
    context.logger[PINO_LEVEL[level]]({ environmentId }, `cloud runner: ${message}`);
  };

  const problem = (key: number | 'poll', message: string, error?: unknown) => {
    if (lastProblem.get(key) === message) return;
    lastProblem.set(key, message);
    context.logger.error({ err: error, environmentId: key === 'poll' ? undefined : key }, `cloud runner: ${message}`);
    if (key !== 'poll') log.append(key, 'Error', `[runner] ${message}`);
  };

  const spawn = async (environmentId: number, target: GenerationTarget): Promise<AgentChild | null> => {
    const start = await loadChildStart(context, environmentId, target.bundle);
    if (start === null) return null;
    const cwd = await mkdtemp(path.join(workDir, `environment-${environmentId}-`));
    const child = AgentChild.fork({
      entry: options.childEntry,
      env: childEnvOf({
        connection: start.connection,
        envSecret: start.envSecret,
        authSecret: start.authSecret,
        serverUrl: options.platformUrl,
        prefix: options.agentPrefix,
      }),
      cwd,
      bundle: start.bundle,
      startTimeoutMs: options.startTimeoutMs,
      onIntrospection: (introspection) => {
        storeIntrospection(context, environmentId, introspection).catch((error: unknown) =>
          logFor(environmentId)('Warn', `The introspection could not be stored: ${(error as Error).message}`),
        );
      },
      onLog: (level, message) => log.append(environmentId, level, message),
    });
    void child.exited.then(() => rm(cwd, { recursive: true, force: true }));
    return child;
  };

  const createHosted = (environmentId: number) =>
    new HostedEnvironment(environmentId, options, {
      spawn: (target) => spawn(environmentId, target),
      markLive: (bundle) => markBundleLive(context, environmentId, bundle),
      markFailed: (bundle, error) => markBundleFailed(context, bundle, error),
      log: logFor(environmentId),
      now: () => Date.now(),
    });

  /** Listens on the environment's port, giving it the first free one when it has none. */
  const listen = async (
    environment: HostedEnvironment,
    state: CloudEnvironmentState,
    usedPorts: ReadonlySet<number>,
  ): Promise<number | undefined> => {
    if (state.port !== null) {
      await environment.listen(state.port, options.host);
      return state.port;
    }
    for (let port = options.portBase; port < options.portBase + PORT_ATTEMPTS && port <= 65_535; port += 1) {
      if (usedPorts.has(port)) continue;
      try {
        await environment.listen(port, options.host);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
        throw error;
      }
      if (await claimPort(context, state.environmentId, port)) return port;
      // Another runner (or environment) took it meanwhile: the next look starts over.
      await environment.close();
      return undefined;
    }
    throw new Error(`no free port among the ${PORT_ATTEMPTS} from ${options.portBase}`);
  };

  const reconcile = async (state: CloudEnvironmentState, usedPorts: ReadonlySet<number>) => {
    let environment = hosted.get(state.environmentId);
    let port = state.port;
    if (environment === undefined) {
      const created = createHosted(state.environmentId);
      try {
        port = (await listen(created, state, usedPorts)) ?? null;
      } catch (error) {
        await created.close();
        const where = state.port === null ? 'a port' : `port ${state.port}`;
        problem(state.environmentId, `The hosted agent cannot listen on ${where}: ${(error as Error).message}`, error);
        return;
      }
      if (port === null) return;
      if (isClosing) {
        await created.close();
        return;
      }
      environment = created;
      hosted.set(state.environmentId, environment);
      lastProblem.delete(state.environmentId);
    }
    if (port === null) return;
    const agentUrl = agentUrlOf(options.agentUrlTemplate, options.host, port, state.environmentId);
    if (state.agentUrl !== agentUrl) await setAgentUrl(context, state.environmentId, agentUrl);
    environment.update(
      { bundle: state.bundle, configKey: state.configKey },
      state.reintrospectionRequestedAt?.getTime() ?? null,
    );
  };

  const poll = async () => {
    let states: CloudEnvironmentState[];
    try {
      states = await listCloudEnvironments(context);
      lastProblem.delete('poll');
    } catch (error) {
      problem('poll', `the cloud environments could not be read: ${(error as Error).message}`, error);
      return;
    }
    const usedPorts = new Set(states.flatMap((state) => (state.port === null ? [] : [state.port])));
    for (const state of states) {
      if (isClosing) return;
      try {
        await reconcile(state, usedPorts);
      } catch (error) {
        problem(state.environmentId, `The hosted agent could not be updated: ${(error as Error).message}`, error);
      }
    }
    const present = new Set(states.map((state) => state.environmentId));
    for (const [environmentId, environment] of hosted) {
      if (present.has(environmentId)) continue;
      hosted.delete(environmentId);
      context.logger.info({ environmentId }, 'cloud runner: the environment is no longer hosted, stopping its agent');
      await environment.close();
    }
  };

  const schedule = () => {
    if (isClosing) return;
    timer = setTimeout(() => {
      polling = poll().finally(schedule);
    }, options.pollIntervalMs);
  };
  polling = poll().finally(schedule);
  await polling;

  return {
    async close() {
      if (isClosing) return;
      isClosing = true;
      clearTimeout(timer);
      await polling;
      await Promise.all([...hosted.values()].map((environment) => environment.close()));
      hosted.clear();
      await log.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

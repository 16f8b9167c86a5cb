#!/usr/bin/env node
// What `npm start` runs once everything is built: platform-api on its embedded database with the
// demo setup (`start --demo`, development only), then the example agent connected to it with the
// demo environment's secret, then the lines a newcomer pastes. `--json` prints them as one JSON
// line instead (the scenario test reads it); the children's output then goes to stderr.
//
// Environment: PORT (platform-api, 3400), EXAMPLE_PORT (the agent, 3351), PLATFORM_DATA_DIR and
// EXAMPLE_DATA_DIR (their data), MCP_SERVER_PORT (the agent's MCP server, on EXAMPLE_PORT by default), PLATFORM_DEMO=off (no demo: the agent starts offline, or with
// PLATFORM_ENV_SECRET when given), PLATFORM_LOG_LEVEL (platform-api's, `warn` here).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TIMEOUT_MS = 120_000;
/** The example agent's route prefix (its createAgent default), which the environment's agent URL excludes. */
const AGENT_PREFIX = '/platform';
/** An order the sample database creates `paid` (apps/example/src/sample-database.ts): the sample workflow ships it. */
export const SAMPLE_ORDER_ID = '1';

/**
 * Starts platform-api and the example agent as `npm start` does; resolves once both listen.
 * `output(name, line)` receives every line the children print.
 */
export async function startQuickstart({ env = process.env, output = () => {} } = {}) {
  const platformPort = env.PORT || '3400';
  const examplePort = env.EXAMPLE_PORT || '3351';
  const agentUrl = `http://127.0.0.1:${examplePort}`;
  const isDemo = env.PLATFORM_DEMO !== 'off';
  const children = [];
  const stop = async () => {
    await Promise.all(children.reverse().map((child) => stopChild(child)));
  };

  try {
    const platformArgs = ['start', '--json', ...(isDemo ? ['--demo', agentUrl] : [])];
    const platform = spawnChild(
      'platform-api',
      [join(ROOT, 'apps/platform-api/bin/platform-api.cjs'), ...platformArgs],
      {
        // Request logs would bury the lines printed once everything listens; PLATFORM_LOG_LEVEL=info shows them.
        env: { PLATFORM_LOG_LEVEL: 'warn', ...env, PORT: platformPort },
        output,
      },
    );
    children.push(platform);
    const listening = await platform.firstLine((line) => parseJsonLine(line)?.status === 'listening');
    const started = parseJsonLine(listening);
    const demo = started.demo;

    const envSecret = demo?.envSecret ?? (env.PLATFORM_ENV_SECRET || undefined);
    const example = spawnChild('example', [join(ROOT, 'apps/example/dist/main.cjs')], {
      env: {
        ...env,
        EXAMPLE_PORT: examplePort,
        PLATFORM_SERVER_URL: started.url,
        PLATFORM_ENV_SECRET: envSecret ?? '',
      },
      output,
    });
    children.push(example);
    await waitForHealthcheck(`${agentUrl}${AGENT_PREFIX}/`, example);
    // The example serves its MCP server on its own port unless MCP_SERVER_PORT names another.
    const mcpUrl = `http://127.0.0.1:${env.MCP_SERVER_PORT || examplePort}/mcp`;
    return {
      platformUrl: started.url,
      agentUrl: `${agentUrl}${AGENT_PREFIX}`,
      mcpUrl,
      isConnected: envSecret !== undefined,
      demo,
      demoRefusal: started.demoRefusal,
      nextSteps: started.nextSteps,
      /** Resolves with the name of the first child that stops by itself. */
      exited: Promise.race(children.map((handle) => handle.exited.then(() => handle.name))),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The lines printed once everything listens: what to open, what to paste. */
export function describeQuickstart(running) {
  const { platformUrl, agentUrl, mcpUrl, demo } = running;
  if (!demo) {
    return [
      '',
      `platform-api: ${platformUrl}`,
      `example agent: ${agentUrl} (${running.isConnected ? 'connected' : 'offline'})`,
      ...(running.demoRefusal ? [`No demo setup: ${running.demoRefusal}.`] : []),
      ...(running.nextSteps
        ? ['Next steps:', ...running.nextSteps.map((step, index) => `  ${index + 1}. ${step}`)]
        : []),
      '',
    ].join('\n');
  }
  const auth = `-H "Authorization: Bearer ${demo.token}"`;
  const v1 = `${platformUrl}/v1/project/${demo.project}/environment/${demo.environment}`;
  return [
    '',
    `Platform is up (demo setup, development only; PLATFORM_DEMO=off turns it off).`,
    `  platform-api   ${platformUrl}   sign in at ${platformUrl}/login as ${demo.adminEmail} / ${demo.adminPassword}`,
    `  example agent  ${agentUrl}   connected to ${demo.organization} / ${demo.project} / ${demo.environment}`,
    `  token          ${demo.token}`,
    '',
    'Try, from another terminal:',
    `  # the notes of the environment (the public API)`,
    `  curl ${auth} ${v1}/notes`,
    `  # run the sample workflow "Ship a paid order" on order ${SAMPLE_ORDER_ID}: answers 202 and a runId`,
    `  curl -X POST ${auth} -H "Content-Type: application/json" -d '{"record_id":"${SAMPLE_ORDER_ID}"}' ${demo.webhookUrl}`,
    `  # follow the run until it has succeeded`,
    `  curl ${auth} ${platformUrl}/v1/workflow-runs/<runId>`,
    `  # what happened, attributed to ${demo.adminEmail}`,
    `  curl ${auth} "${v1}/activity-logs"`,
    '',
    'Connect an MCP client (it signs in through platform-api):',
    `  claude mcp add --transport http platform ${mcpUrl}`,
    `  npx @modelcontextprotocol/inspector   # then connect to ${mcpUrl} (Streamable HTTP)`,
    '',
  ].join('\n');
}

function spawnChild(name, args, { env, output }) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const waiters = [];
  let exit;
  const onLine = (line) => {
    output(name, line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      for (const waiter of waiters.splice(0)) {
        waiter.reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before it was ready`));
      }
      resolve(exit);
    });
  });
  return {
    name,
    child,
    exited,
    get exit() {
      return exit;
    },
    firstLine(test) {
      if (exit) return Promise.reject(new Error(`${name} exited before it was ready`));
      return withTimeout(new Promise((resolve, reject) => waiters.push({ test, resolve, reject })), name);
    },
  };
}

async function stopChild(handle) {
  if (handle.exit) return;
  handle.child.kill('SIGTERM');
  const killer = setTimeout(() => handle.child.kill('SIGKILL'), 10_000);
  await handle.exited;
  clearTimeout(killer);
}

async function waitForHealthcheck(url, handle) {
  const startedAt = Date.now();
  for (;;) {
    if (handle.exit) throw new Error(`${handle.name} exited (${handle.exit.signal ?? `code ${handle.exit.code}`})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - startedAt > READY_TIMEOUT_MS) throw new Error(`${handle.name} did not answer ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function withTimeout(promise, name) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function parseJsonLine(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

async function main() {
  const isJson = process.argv.includes('--json');
  const write = isJson ? (text) => process.stderr.write(text) : (text) => process.stdout.write(text);
  let running;
  try {
    running = await startQuickstart({ output: (name, line) => write(`${name.padEnd(12)}| ${line}\n`) });
  } catch (error) {
    process.stderr.write(`quickstart: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  if (isJson) {
    const { stop: _stop, exited: _exited, ...printable } = running;
    process.stdout.write(`${JSON.stringify({ status: 'ready', ...printable })}\n`);
  } else {
    process.stdout.write(`${describeQuickstart(running)}\n`);
  }
  const shutdown = () => {
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const name = await running.exited;
  process.stderr.write(`quickstart: ${name} stopped; stopping the rest\n`);
  await running.stop();
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}

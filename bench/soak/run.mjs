#!/usr/bin/env node
// Soak (issue #38): platform-api and the example agent as `npm start` runs them (quickstart, demo
// setup, embedded database, loopback only), under mixed traffic for a bounded time, with the
// memory of both sampled all along. Needs `pnpm build` done (it runs the built apps).
//
//   node bench/soak/run.mjs [--minutes 10] [--warm-up 2] [--rate 1] [--sample-seconds 5]
//
// Prints one row a minute (RSS and live heap of each server, requests, errors), then the memory
// growth after the warm-up (least-squares slope per minute), the Error log lines of each server and
// the workflow runs created against those finished. Live heap: the V8 heap in use right after the
// last major collection (memory-hook.cjs), which a leak raises and garbage does not.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startQuickstart } from '../../tooling/scripts/quickstart.mjs';
import { describeRun } from '../lib/machine.mjs';
import { freePort } from '../lib/servers.mjs';
import { signToken } from '../lib/token.mjs';
import { createLogCounter } from './log-counter.mjs';
import { findPid, memoryOf, slopePerMinute } from './memory.mjs';
import { waitForRuns } from './runs.mjs';
import { soakRequests, startTraffic, totals } from './traffic.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const options = parseOptions(process.argv.slice(2));
const SERVERS = [
  { name: 'platform-api', script: /platform-api\.cjs$/ },
  { name: 'agent', script: /example[/\\]dist[/\\]main\.cjs$/ },
];

const work = mkdtempSync(path.join(os.tmpdir(), 'platform-soak-'));
const memoryDir = path.join(work, 'memory');
mkdirSync(memoryDir);
const authSecret = randomBytes(24).toString('hex');
const env = soakEnvironment({ platformPort: await freePort(), examplePort: await freePort() });
const logs = createLogCounter();

console.log(`soak: ${describeRun()}`);
console.log(
  `${options.minutes} minutes (warm-up ${options.warmUp}), rate x${options.rate}, memory every ${options.sampleSeconds} s`,
);
const running = await startQuickstart({ env, output: logs.onLine });
try {
  await soak(running);
} finally {
  await running.stop();
  rmSync(work, { recursive: true, force: true });
}

async function soak(running) {
  raiseWebhookLimit(running.demo.workflowId);
  // The demo admin, user 1 of a new platform, as the platform signs its users' agent tokens.
  const agentToken = await signToken(
    {
      id: 1,
      email: running.demo.adminEmail,
      firstName: 'Demo',
      lastName: 'Admin',
      team: 'Operations',
      role: 'Admin',
      tags: {},
    },
    authSecret,
  );
  const requests = soakRequests(running, agentToken);
  await checkEachKind(requests.kinds);
  const servers = await Promise.all(
    SERVERS.map(async (server) => ({ ...server, pid: await findPid(memoryDir, server.script) })),
  );

  const samples = servers.map(() => []);
  const traffic = startTraffic(requests.kinds, { multiplier: options.rate });
  const startedAt = Date.now();
  const minuteOf = () => (Date.now() - startedAt) / 60_000;
  printHeader();
  let previous = { done: 0, errors: 0 };
  for (let minute = 1; minute <= options.minutes; minute += 1) {
    while (minuteOf() < minute) {
      await new Promise((resolve) => setTimeout(resolve, options.sampleSeconds * 1000));
      for (const [index, server] of servers.entries()) {
        samples[index].push({ minute: minuteOf(), ...memoryOf(server.pid, memoryDir) });
      }
    }
    const now = totals(traffic.counters);
    printRow(minute, servers, samples, now.done - previous.done, now.errors - previous.errors, requests.runIds.length);
    previous = now;
  }
  await traffic.stop();
  const runs = await waitForRuns(running, requests.runIds);
  printSummary(servers, samples, traffic.counters, runs);
}

function soakEnvironment({ platformPort, examplePort }) {
  const env = {
    ...process.env,
    PORT: String(platformPort),
    EXAMPLE_PORT: String(examplePort),
    PLATFORM_DATA_DIR: path.join(work, 'platform'),
    EXAMPLE_DATA_DIR: path.join(work, 'example'),
    PLATFORM_AUTH_SECRET: authSecret,
    PLATFORM_LOG_LEVEL: 'warn',
    // The notes listing runs far above the default 300 a minute per token.
    PLATFORM_PUBLIC_API_RATE_LIMIT: '1000000',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(here, 'memory-hook.cjs')}`.trim(),
    SOAK_MEMORY_DIR: memoryDir,
  };
  // The same servers on every machine: in-memory rate limits, no AI provider, the demo on.
  for (const name of ['REDIS_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'PLATFORM_DEMO', 'DATABASE_URL'])
    delete env[name];
  return env;
}

/** As an operator would, with the CLI (relayed to the running server): the webhook's 60 a minute is below the soak's rate. */
function raiseWebhookLimit(workflowId) {
  const { NODE_OPTIONS: _hook, ...cliEnv } = env;
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/platform-api/bin/platform-api.cjs'),
      'workflows',
      'trigger',
      'rate-limit',
      String(workflowId),
      '--per-minute',
      '10000',
    ],
    { env: cliEnv, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`Cannot raise the webhook's rate limit:\n${result.stderr}${result.stdout}`);
}

/** One request of each kind must answer as expected before the clock starts. */
async function checkEachKind(kinds) {
  for (const [kind, send] of Object.entries(kinds)) {
    const response = await send();
    if (!response.isExpected) throw new Error(`${kind} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
}

function printHeader() {
  console.log(
    '\n| minute | platform-api RSS / live heap (MB) | agent RSS / live heap (MB) | requests | errors | runs created | Error log lines |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
}

function printRow(minute, servers, samples, requests, errors, runsCreated) {
  const memory = servers.map((_, index) => {
    const last = samples[index].at(-1);
    return `${last.rss.toFixed(0)} / ${Number.isFinite(last.liveHeap) ? last.liveHeap.toFixed(0) : '-'}`;
  });
  console.log(
    `| ${minute} | ${memory.join(' | ')} | ${requests} | ${errors} | ${runsCreated} | ${logs.errorCount()} |`,
  );
}

function printSummary(servers, samples, counters, runs) {
  console.log(
    `\nGrowth after the warm-up (minutes ${options.warmUp} to ${options.minutes}): least-squares slope, and the`,
  );
  console.log('mean of the first minute after it -> the mean of the last minute:');
  const MEASURES = [
    ['RSS', 'rss'],
    ['live heap', 'liveHeap'],
    ['heap used', 'heap'],
  ];
  for (const [index, server] of servers.entries()) {
    const after = samples[index].filter((sample) => sample.minute >= options.warmUp);
    const mean = (key, from, to) => {
      const values = after
        .filter((s) => s.minute >= from && s.minute < to)
        .map((s) => s[key])
        .filter(Number.isFinite);
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    const figures = MEASURES.map(([label, key]) => {
      const slope = slopePerMinute(after.map((sample) => ({ minute: sample.minute, value: sample[key] })));
      const first = mean(key, options.warmUp, options.warmUp + 1);
      const last = mean(key, options.minutes - 1, options.minutes + 1);
      return `${label} ${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min (${first.toFixed(1)} -> ${last.toFixed(1)})`;
    });
    console.log(`  ${server.name}: ${figures.join(', ')}`);
  }
  console.log('\nRequests:');
  for (const [kind, counter] of Object.entries(counters)) {
    const statuses = [...counter.statuses].map(([status, count]) => `${status || 'failed'}: ${count}`).join(', ');
    console.log(
      `  ${kind}: ${counter.done} answered, ${counter.errors} errors, ${counter.skipped} skipped (${statuses})`,
    );
  }
  console.log(`\nLog lines at Error: ${logs.describe()}`);
  console.log(
    `Workflow runs: ${runs.created} created, ${runs.succeeded + runs.failed} finished (${runs.succeeded} succeeded, ${runs.failed} failed), ${runs.unfinished} unfinished`,
  );
}

function parseOptions(argv) {
  const value = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    const parsed = index === -1 ? fallback : Number(argv[index + 1]);
    if (!(parsed > 0)) throw new Error(`--${name} takes a positive number`);
    return parsed;
  };
  const minutes = Math.round(value('minutes', 10));
  return {
    minutes,
    warmUp: Math.min(value('warm-up', 2), minutes - 1),
    rate: value('rate', 1),
    sampleSeconds: value('sample-seconds', 5),
  };
}

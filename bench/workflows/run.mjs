#!/usr/bin/env node
// Benchmark: the workflow webhook and the runs it starts, against the built `platform-api start`
// (its in-process worker) and a real agent (agent.cjs: @platform/agent over SQLite, its own
// process) on PostgreSQL. Not a test: it prints figures. The webhook of the 3-step workflow (read,
// update, note) is enabled and tokened through the `platform-api` CLI (world.mjs).
//
//   pnpm bench workflows        (or: node bench/workflows/run.mjs)
//
// (a) sequential, BENCH_RUNS (200) rounds after a warm-up, alternating: POST the webhook (trigger
//     latency: until the 202) and wait for the run to succeed (end-to-end: trigger → succeeded);
//     the notes listing of the same server (GET /v1/.../notes, limit 100) with the same token; and
//     the same work by hand (agent GET + PUT with an agent token, note INSERTs). Prints p50/p99 of
//     each and the ratios trigger / notes listing and run / by hand.
// (b) trigger throughput: BENCH_TRIGGERS (2000) webhook calls on distinct records from
//     BENCH_CLIENTS (16) concurrent clients while the worker executes the runs: 202s per second.
// (c) burst: BENCH_BURST (500) runs queued at once in SQL; runs/s until the last one finishes.
// The database `platform_bench_workflows` is dropped and created again on each run. `--quick`: a
// tenth of the rounds. Env: PGHOST, PGPORT, PGUSER, BENCH_RUNS, BENCH_TRIGGERS, BENCH_CLIENTS,
// BENCH_BURST, BENCH_CONCURRENCY (PLATFORM_WORKER_CONCURRENCY, default 4).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRun } from '../lib/machine.mjs';
import { PG } from '../lib/postgres.mjs';
import { summarise } from '../lib/stats.mjs';
import { ensurePlatformApiBuilt } from '../lib/workspace-build.mjs';
import { baselineOnce, notesOnce, queueRuns, triggerOnce, waitFinished, waitIdle } from './measure.mjs';
import {
  createOrdersFile,
  enableWebhook,
  recreateDatabase,
  STEPS,
  seed,
  signAgentToken,
  startAgent,
  startServer,
} from './world.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { Client } = createRequire(path.join(root, 'apps', 'platform-api', 'package.json'))('pg');

const DATABASE = 'platform_bench_workflows';
const { host, port, user } = PG;
const databaseUrl = `postgresql://${user}@${host}:${port}/${DATABASE}`;
const isQuick = process.argv.includes('--quick'); // a tenth of the runs, triggers and burst
const RUNS = isQuick ? 20 : Number(process.env.BENCH_RUNS ?? 200);
const BURST = isQuick ? 50 : Number(process.env.BENCH_BURST ?? 500);
const TRIGGERS = isQuick ? 200 : Number(process.env.BENCH_TRIGGERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '4';
const NOTES = 5000;
const WARM_UP = isQuick ? 5 : 20;
const children = [];

const log = (message) => process.stdout.write(`${message}\n`);
const ms = (value) => `${value.toFixed(1)} ms`;
const stats = (values) => `p50 ${ms(summarise('', values).p50)}, p99 ${ms(summarise('', values).p99)}`;
const ratio = (a, b) => `${(summarise('', a).p50 / summarise('', b).p50).toFixed(2)}x`;
const load = () => os.loadavg()[0].toFixed(2);

async function main() {
  log(describeRun());
  ensurePlatformApiBuilt(log);
  await recreateDatabase({ host, port, user, database: DATABASE, databaseUrl });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const world = await seed(db, NOTES);
  const orders = createOrdersFile(WARM_UP * 2 + RUNS * 2 + TRIGGERS + BURST);

  const server = await startServer(databaseUrl, CONCURRENCY);
  children.push(server.child);
  const serverUrl = await server.url;
  const agentProcess = startAgent({ serverUrl, envSecret: world.envSecret, sqliteFile: orders.file });
  children.push(agentProcess.child);
  const agent = { url: await agentProcess.url, token: await signAgentToken(world.member, agentProcess.authSecret) };
  await db.query(`UPDATE "Environment" SET "agentUrl" = $1 WHERE id = $2`, [agent.url, world.environmentId]);
  const webhook = enableWebhook(databaseUrl, serverUrl, world);
  const notesUrl = `${serverUrl}/v1/project/Bench/environment/production/notes?limit=100`;

  let nextId = 1;
  const endToEnd = async () => {
    const { runId, started, ms: triggerMs } = await triggerOnce(webhook, String(nextId++));
    await waitFinished(db, [runId]);
    return { triggerMs, runMs: performance.now() - started };
  };
  log(`warm-up: ${WARM_UP} rounds...`);
  for (let i = 0; i < WARM_UP; i++) {
    await endToEnd();
    await notesOnce(notesUrl, webhook.token);
    await baselineOnce(db, world, agent, nextId++);
  }

  log(`(a) sequential: ${RUNS} rounds of trigger → succeeded, notes listing, by hand...`);
  const [triggerMs, runMs, notesMs, baseMs] = [[], [], [], []];
  for (let i = 0; i < RUNS; i++) {
    const round = await endToEnd();
    triggerMs.push(round.triggerMs);
    runMs.push(round.runMs);
    notesMs.push(await notesOnce(notesUrl, webhook.token));
    baseMs.push(await baselineOnce(db, world, agent, nextId++));
  }
  log(`  webhook trigger (until the 202)        ${stats(triggerMs)}`);
  log(`  notes listing (limit 100, ${NOTES} notes)  ${stats(notesMs)}`);
  log(`  trigger → run succeeded                ${stats(runMs)}`);
  log(`  by hand (GET + PUT + note INSERTs)     ${stats(baseMs)}`);
  log(`  ratio trigger / notes listing p50 ${ratio(triggerMs, notesMs)}; run / by hand p50 ${ratio(runMs, baseMs)}`);

  log(`(b) trigger throughput: ${TRIGGERS} calls on distinct records, ${CLIENTS} clients...`);
  const firstTriggered = nextId;
  nextId += TRIGGERS;
  let cursor = 0;
  const throughputMs = [];
  const throughputStarted = performance.now();
  // A pool of CLIENTS loops sharing one cursor: each record id is triggered exactly once.
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (cursor < TRIGGERS) {
        const recordId = String(firstTriggered + cursor++);
        throughputMs.push((await triggerOnce(webhook, recordId)).ms);
      }
    }),
  );
  const throughputSeconds = (performance.now() - throughputStarted) / 1000;
  log(`  ${(TRIGGERS / throughputSeconds).toFixed(0)} 202s/s; trigger latency ${stats(throughputMs)}`);

  await waitIdle(db);
  log(`(c) burst: ${BURST} runs queued at once, ${CONCURRENCY} worker slots...`);
  const burstIds = Array.from({ length: BURST }, () => String(nextId++));
  const started = performance.now();
  const burstMs = await waitFinished(db, await queueRuns(db, world, STEPS, burstIds));
  const seconds = (performance.now() - started) / 1000;
  log(`  ${(BURST / seconds).toFixed(0)} runs/s; latency (mostly queued) ${stats(burstMs)}`);
  log(`load average at the end ${load()}`);

  await db.end();
  rmSync(orders.dir, { recursive: true, force: true });
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });

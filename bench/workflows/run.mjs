#!/usr/bin/env node
// Benchmark: the workflow webhook and the runs it starts, against the built `platform-api start`
// (its in-process worker) and a real agent (agent.cjs: @platform/agent over SQLite, its own
// process) on PostgreSQL. Not a test: it prints figures. The workflow (read, update, note) and its
// webhook are set up through the `platform-api` CLI (`workflows trigger enable`, `tokens create`).
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
// The database `platform_bench_workflows` is dropped and created again on each run. Env: PGHOST,
// PGPORT, PGUSER, BENCH_RUNS, BENCH_TRIGGERS, BENCH_CLIENTS, BENCH_BURST, BENCH_CONCURRENCY
// (PLATFORM_WORKER_CONCURRENCY, default 4).
import { fork, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePlatformApiBuilt } from '../platform-api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const appDir = path.join(root, 'apps', 'platform-api');
const benchDir = path.join(root, 'bench', 'workflows');
const require = createRequire(path.join(appDir, 'package.json'));
const { Client } = require('pg');
const { SignJWT } = require('jose');
const Database = createRequire(path.join(root, 'bench', 'package.json'))('better-sqlite3');

const DATABASE = 'platform_bench_workflows';
const host = process.env.PGHOST ?? '127.0.0.1';
const port = Number(process.env.PGPORT ?? 5432);
const user = process.env.PGUSER ?? 'postgres';
const databaseUrl = `postgresql://${user}@${host}:${port}/${DATABASE}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 500);
const TRIGGERS = Number(process.env.BENCH_TRIGGERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const NOTES = 5000;
const WARM_UP = 20;
const AUTH_SECRET = randomBytes(24).toString('hex');
const ENV_SECRET = randomBytes(32).toString('hex');
const STEPS = [
  { kind: 'read', fields: ['id', 'status', 'amount'] },
  { kind: 'update', values: { status: 'processed' } },
  { kind: 'note', content: '<p>Order {{id}}: {{status}}</p>' },
];
const cliPath = path.join(appDir, 'bin', 'platform-api.cjs');
const children = [];

const log = (message) => process.stdout.write(`${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function recreateDatabase() {
  const admin = new Client({ host, port, user, database: 'postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const migrated = spawnSync(process.execPath, [cliPath, 'migrate'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migrate failed:\n${migrated.stderr}`);
}

/** Runs a `platform-api` command on the bench database and returns its `--json` output. */
function cli(...args) {
  const result = spawnSync(process.execPath, [cliPath, ...args, '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`platform-api ${args.join(' ')} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** An Admin (public API tokens need one) in a team rendering the environment; one workflow; some notes. */
async function seed(db) {
  const one = async (sql, values) => (await db.query(sql, values)).rows[0];
  const org = await one(`INSERT INTO "Organization" (name) VALUES ('bench') RETURNING id`);
  const project = await one(`INSERT INTO "Project" ("organizationId", name) VALUES ($1, 'Bench') RETURNING id`, [
    org.id,
  ]);
  const secretHash = createHash('sha256').update(ENV_SECRET).digest('hex');
  const environment = await one(
    `INSERT INTO "Environment" ("projectId", name, "secretHash") VALUES ($1, 'production', $2) RETURNING id`,
    [project.id, secretHash],
  );
  const team = await one(`INSERT INTO "Team" ("projectId", name) VALUES ($1, 'Ops') RETURNING id`, [project.id]);
  const rendering = await one(`INSERT INTO "Rendering" ("environmentId", "teamId") VALUES ($1, $2) RETURNING id`, [
    environment.id,
    team.id,
  ]);
  const member = await one(
    `INSERT INTO "User" (email, username, "firstName", "lastName", "updatedAt") VALUES ('bench@example.com', 'bench@example.com', 'Bench', 'User', now()) RETURNING id, email`,
  );
  await db.query(`INSERT INTO "ProjectMembership" ("projectId", "userId", role) VALUES ($1, $2, 'Admin')`, [
    project.id,
    member.id,
  ]);
  await db.query(`INSERT INTO "TeamMembership" ("teamId", "userId") VALUES ($1, $2)`, [team.id, member.id]);
  const workflow = await one(
    `INSERT INTO "Workflow" ("renderingId", name, "collectionName", definition, "updatedAt") VALUES ($1, 'bench', 'orders', $2, now()) RETURNING id`,
    [rendering.id, JSON.stringify(STEPS)],
  );
  await db.query(
    `INSERT INTO "Note" ("environmentId", "collectionName", "recordId", title, "userId", "teamId")
     SELECT $1, 'orders', i::text, 'Note ' || i, $2, $3 FROM generate_series(1, ${NOTES}) AS i`,
    [environment.id, member.id, team.id],
  );
  return { environmentId: environment.id, projectId: project.id, workflowId: workflow.id, member };
}

/** Queues runs on `recordIds` in one transaction (as the trigger would, one by one) and wakes the workers. */
async function queueRuns(db, world, recordIds) {
  const { rows } = await db.query(
    `WITH runs AS (
       INSERT INTO "WorkflowRun" (id, "workflowId", "workflowVersion", definition, "recordId", "activeRecordId", "userId")
       SELECT gen_random_uuid(), $1, 1, $2::jsonb, record, record, $3 FROM unnest($4::text[]) AS record
       RETURNING id
     ), steps AS (
       INSERT INTO "WorkflowRunStep" ("runId", position, kind)
       SELECT runs.id, step.position - 1, step.kind FROM runs,
         unnest($5::text[]) WITH ORDINALITY AS step(kind, position)
     )
     SELECT id FROM runs`,
    [world.workflowId, JSON.stringify(STEPS), world.member.id, recordIds, STEPS.map((step) => step.kind)],
  );
  await db.query(`SELECT pg_notify('platform_workflow_runs', '')`);
  return rows.map((row) => row.id);
}

async function waitFinished(db, runIds) {
  for (;;) {
    const { rows } = await db.query(
      `SELECT status, EXTRACT(EPOCH FROM ("finishedAt" - "createdAt")) * 1000 AS ms, error FROM "WorkflowRun" WHERE id = ANY($1::uuid[])`,
      [runIds],
    );
    if (rows.every((row) => row.status === 'Succeeded' || row.status === 'Failed')) {
      const failed = rows.find((row) => row.status === 'Failed');
      if (failed) throw new Error(`a run failed: ${failed.error}`);
      return rows.map((row) => Number(row.ms));
    }
    await sleep(2);
  }
}

/** POSTs the webhook; resolves to the run id and the time to the 202. */
async function triggerOnce(webhookUrl, token, recordId) {
  const started = performance.now();
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ record_id: recordId }),
  });
  const body = await response.json();
  if (response.status !== 202) throw new Error(`webhook answered ${response.status}: ${JSON.stringify(body)}`);
  return { runId: body.runId, started, ms: performance.now() - started };
}

async function notesOnce(notesUrl, token) {
  const started = performance.now();
  const response = await fetch(notesUrl, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (response.status !== 200 || body.data.length !== 100) throw new Error(`notes listing answered ${response.status}`);
  return performance.now() - started;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

async function baselineOnce(db, world, agentUrl, token, id) {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = await fetch(`${agentUrl}/platform/orders/${id}?fields[orders]=id,status,amount`, { headers });
  await read.json();
  const update = await fetch(`${agentUrl}/platform/orders/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ data: { status: 'processed' } }),
  });
  await update.json();
  const note = await db.query(
    `INSERT INTO "Note" ("environmentId", "collectionName", "recordId", title, "userId") VALUES ($1, 'orders', $2, 'bench', $3) RETURNING id`,
    [world.environmentId, String(id), world.member.id],
  );
  await db.query(`INSERT INTO "NoteMessage" ("noteId", "userId", content) VALUES ($1, $2, 'baseline')`, [
    note.rows[0].id,
    world.member.id,
  ]);
  if (read.status !== 200 || update.status !== 200)
    throw new Error(`baseline: agent answered ${read.status}/${update.status}`);
  return performance.now() - started;
}

async function main() {
  ensurePlatformApiBuilt(log);
  await recreateDatabase();
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const world = await seed(db);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-workflows-'));
  const sqlite = path.join(dir, 'orders.sqlite');
  const orders = new Database(sqlite);
  orders.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL)');
  const insert = orders.prepare('INSERT INTO orders (id, status, amount) VALUES (?, ?, ?)');
  const total = WARM_UP * 2 + RUNS * 2 + TRIGGERS + BURST;
  orders.transaction(() => {
    for (let id = 1; id <= total; id++) insert.run(id, 'new', id);
  })();
  orders.close();

  const server = spawn(process.execPath, [cliPath, 'start', '--json'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PLATFORM_LOG_LEVEL: 'warn',
      PLATFORM_WORKER_CONCURRENCY: process.env.BENCH_CONCURRENCY ?? '4',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(server);
  const serverUrl = await new Promise((resolve, reject) => {
    let buffered = '';
    server.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((candidate) => candidate.startsWith('{"status"'));
      if (line) resolve(JSON.parse(line).url);
    });
    server.once('exit', (code) => reject(new Error(`platform-api exited with ${code}`)));
  });

  const agent = fork(path.join(benchDir, 'agent.cjs'), [AUTH_SECRET], {
    execArgv: ['--conditions=@platform/source', '--require', path.join(root, 'bench', 'sql-list', 'register-ts.cjs')],
    env: { ...process.env, BENCH_SERVER_URL: serverUrl, BENCH_ENV_SECRET: ENV_SECRET, BENCH_SQLITE: sqlite },
  });
  children.push(agent);
  const [{ port: agentPort }] = await new Promise((resolve) => agent.once('message', (message) => resolve([message])));
  const agentUrl = `http://127.0.0.1:${agentPort}`;
  await db.query(`UPDATE "Environment" SET "agentUrl" = $1 WHERE id = $2`, [agentUrl, world.environmentId]);
  const token = await new SignJWT({
    id: world.member.id,
    email: world.member.email,
    firstName: 'Bench',
    lastName: 'User',
    team: 'Ops',
    role: 'Admin',
    tags: {},
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(AUTH_SECRET));

  // The webhook as an operator sets it up: its URL (path kept, on this server's port) and a token.
  const webhookPath = new URL(cli('workflows', 'trigger', 'enable', String(world.workflowId)).workflow.trigger.url)
    .pathname;
  cli('workflows', 'trigger', 'rate-limit', String(world.workflowId), '--per-minute', '10000');
  const appToken = cli(
    'tokens',
    'create',
    '--project',
    'Bench',
    '--user',
    world.member.email,
    '--name',
    'bench',
    '--scopes',
    'all',
    '--permission',
    'read-write',
  ).value;
  const webhookUrl = `${serverUrl}${webhookPath}`;
  const notesUrl = `${serverUrl}/v1/project/Bench/environment/production/notes?limit=100`;

  let nextId = 1;
  const endToEnd = async () => {
    const { runId, started, ms } = await triggerOnce(webhookUrl, appToken, String(nextId++));
    await waitFinished(db, [runId]);
    return { triggerMs: ms, runMs: performance.now() - started };
  };
  log(`warm-up: ${WARM_UP} rounds...`);
  for (let i = 0; i < WARM_UP; i++) {
    await endToEnd();
    await notesOnce(notesUrl, appToken);
    await baselineOnce(db, world, agentUrl, token, nextId++);
  }

  log(`(a) sequential: ${RUNS} rounds of trigger → succeeded, notes listing, by hand...`);
  const [triggerMs, runMs, notesMs, baseMs] = [[], [], [], []];
  for (let i = 0; i < RUNS; i++) {
    const round = await endToEnd();
    triggerMs.push(round.triggerMs);
    runMs.push(round.runMs);
    notesMs.push(await notesOnce(notesUrl, appToken));
    baseMs.push(await baselineOnce(db, world, agentUrl, token, nextId++));
  }
  const line = (name, values) =>
    log(
      `  ${name.padEnd(38)} p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`,
    );
  const ratio = (a, b) => (percentile(a, 50) / percentile(b, 50)).toFixed(2);
  line('webhook trigger (until the 202)', triggerMs);
  line('notes listing (limit 100)', notesMs);
  line('trigger → run succeeded', runMs);
  line('by hand (GET + PUT + note INSERTs)', baseMs);
  log(`  ratio trigger / notes listing p50 ${ratio(triggerMs, notesMs)}x; run / by hand p50 ${ratio(runMs, baseMs)}x`);

  log(`(b) trigger throughput: ${TRIGGERS} calls on distinct records, ${CLIENTS} clients...`);
  const firstTriggered = nextId;
  nextId += TRIGGERS;
  let cursor = 0;
  const throughputMs = [];
  const throughputStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (cursor < TRIGGERS) {
        const recordId = String(firstTriggered + cursor++);
        throughputMs.push((await triggerOnce(webhookUrl, appToken, recordId)).ms);
      }
    }),
  );
  const throughputSeconds = (performance.now() - throughputStarted) / 1000;
  log(
    `  ${(TRIGGERS / throughputSeconds).toFixed(0)} 202s/s; trigger latency p50 ${percentile(throughputMs, 50).toFixed(1)} ms, p99 ${percentile(throughputMs, 99).toFixed(1)} ms`,
  );

  // The worker drains the runs (b) queued before (c) starts, so that (c) measures its own runs only.
  while ((await db.query(`SELECT 1 FROM "WorkflowRun" WHERE status IN ('Queued', 'Running') LIMIT 1`)).rowCount > 0) {
    await sleep(50);
  }

  log(`(c) burst: ${BURST} runs queued at once...`);
  const burstIds = Array.from({ length: BURST }, () => String(nextId++));
  const started = performance.now();
  const burstMs = await waitFinished(db, await queueRuns(db, world, burstIds));
  const seconds = (performance.now() - started) / 1000;
  log(
    `  ${(BURST / seconds).toFixed(0)} runs/s; latency p50 ${percentile(burstMs, 50).toFixed(0)} ms, p99 ${percentile(burstMs, 99).toFixed(0)} ms`,
  );

  await db.end();
  rmSync(dir, { recursive: true, force: true });
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });

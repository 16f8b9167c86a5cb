#!/usr/bin/env node
// Benchmark: the public API notes listing (GET /v1/project/{p}/environment/{e}/notes, limit 100,
// filtered by collectionName and a cursor) over 1,000,000 notes in PostgreSQL, against a bare
// node:http server running the same statement through a pg pool with the same settings
// (bare-server.mjs), in the same run. Not a test: it prints figures and the verdict.
//
//   pnpm bench public-api-notes        (or: node bench/public-api-notes/run.mjs)
//
// Target: the endpoint's p50 within 1.3x of the bare server's; p99 is reported, not targeted.
// It runs the real server (`platform-api start`, the built bundle; built first when missing or
// older than the sources) on database `platform_bench_notes`, created, migrated and seeded once
// with generate_series, then reused. The statement the bare server runs is the one the endpoint
// sent (capture-statement.cjs). Env: PGHOST, PGPORT, PGUSER; BENCH_REQUESTS (rounds, default 3000);
// `--quick`: a tenth of the requests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRun } from '../lib/machine.mjs';
import { PG, withClient } from '../lib/postgres.mjs';
import { timedAfterMinorGc } from '../lib/quiet-timer.mjs';
import { freePort, waitUntilServing } from '../lib/servers.mjs';
import { percentile } from '../lib/stats.mjs';
import { ensurePlatformApiBuilt } from '../lib/workspace-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const appDir = path.join(root, 'apps', 'platform-api');
const benchDir = path.join(root, 'bench', 'public-api-notes');

const DATABASE = 'platform_bench_notes';
const NOTES = 1_000_000;
const COLLECTIONS = 10;
const LIMIT = 100;
const BASE_TIME = '2025-01-01T00:00:00.000Z';
const databaseUrl = `postgresql://${PG.user}@${PG.host}:${PG.port}/${DATABASE}`;
const isQuick = process.argv.includes('--quick'); // a tenth of the requests
const REQUESTS = isQuick ? 300 : Number(process.env.BENCH_REQUESTS ?? 3000);
const WARM_UP = isQuick ? 10 : 100;
const TARGET = 1.3;
const ORGANIZATION = 'bench-org';
const PROJECT = 'Bench';
const ENVIRONMENT = 'production';
const ADMIN_EMAIL = 'bench-admin@example.com';

const cliPath = path.join(appDir, 'bin', 'platform-api.cjs');
const captureDir = mkdtempSync(path.join(os.tmpdir(), 'bench-notes-'));
const captureFile = path.join(captureDir, 'statement.json');

function log(message) {
  process.stdout.write(`${message}\n`);
}

function cli(args, extraEnv = {}) {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: appDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_LOG_LEVEL: 'warn', ...extraEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`platform-api ${args[0]} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

async function ensureDatabase() {
  await withClient('postgres', async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0) {
      log(`creating database ${DATABASE}...`);
      await client.query(`CREATE DATABASE ${DATABASE}`);
    }
  });
  cli(['migrate']);
  const environmentId = await withClient(DATABASE, async (client) => {
    const found = await client.query(
      `SELECT e.id FROM "Environment" e JOIN "Project" p ON p.id = e."projectId"
       JOIN "Organization" o ON o.id = p."organizationId" WHERE o.name = $1 AND p.name = $2 AND e.name = $3`,
      [ORGANIZATION, PROJECT, ENVIRONMENT],
    );
    return found.rows[0]?.id;
  });
  if (environmentId === undefined) {
    log('creating the organization, project, environment and admin...');
    cli([
      'init',
      '--organization',
      ORGANIZATION,
      '--project',
      PROJECT,
      '--environments',
      ENVIRONMENT,
      '--admin-email',
      ADMIN_EMAIL,
      '--admin-password',
      'bench-password-1234',
      '--json',
    ]);
  }
  await withClient(DATABASE, seedNotes);
}

/** 1,000,000 notes (10 collections, 3 notes per createdAt second), each with one message. */
async function seedNotes(client) {
  const { rows } = await client.query(
    `SELECT e.id AS "environmentId", m."userId", t.id AS "teamId"
     FROM "Environment" e JOIN "Project" p ON p.id = e."projectId"
     JOIN "Organization" o ON o.id = p."organizationId"
     JOIN "ProjectMembership" m ON m."projectId" = p.id
     JOIN "Team" t ON t."projectId" = p.id
     WHERE o.name = $1 AND p.name = $2 AND e.name = $3 LIMIT 1`,
    [ORGANIZATION, PROJECT, ENVIRONMENT],
  );
  const scope = rows[0];
  const { rows: counted } = await client.query('SELECT count(*)::int AS n FROM "Note" WHERE "environmentId" = $1', [
    scope.environmentId,
  ]);
  if (counted[0].n === NOTES) return scope;

  log(`seeding ${NOTES.toLocaleString('en')} notes and their messages (once; reused by later runs)...`);
  const started = Date.now();
  await client.query('BEGIN');
  await client.query('DELETE FROM "Note" WHERE "environmentId" = $1', [scope.environmentId]);
  await client.query(
    `INSERT INTO "Note" ("environmentId", "collectionName", "recordId", "title", "userId", "teamId", "createdAt", "updatedAt")
     SELECT $1, 'collection_' || (i % ${COLLECTIONS}), (i / ${COLLECTIONS})::text, 'Note ' || i, $2, $3,
            $4::timestamptz + (i / 3) * interval '1 second', $4::timestamptz + (i / 3) * interval '1 second'
     FROM generate_series(1, ${NOTES}) AS i`,
    [scope.environmentId, scope.userId, scope.teamId, BASE_TIME],
  );
  await client.query(
    `INSERT INTO "NoteMessage" ("noteId", "userId", "content", "createdAt")
     SELECT id, "userId", '<p>First message of note ' || id || '.</p>', "createdAt" FROM "Note" WHERE "environmentId" = $1`,
    [scope.environmentId],
  );
  await client.query('COMMIT');
  // The steady state autovacuum reaches: statistics, and a visibility map for index-only scans.
  await client.query('VACUUM ANALYZE "Note"');
  await client.query('VACUUM ANALYZE "NoteMessage"');
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return scope;
}

/** The real server, with capture-statement.cjs preloaded to record the notes statement it runs. */
async function startServer() {
  const serverPort = await freePort();
  const child = spawn(process.execPath, ['--require', path.join(benchDir, 'capture-statement.cjs'), cliPath, 'start'], {
    cwd: appDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PLATFORM_LOG_LEVEL: 'warn',
      // The benchmark measures the endpoint, not the limiter's refusals.
      PLATFORM_PUBLIC_API_RATE_LIMIT: '1000000000',
      REDIS_URL: '',
      BENCH_CAPTURE_FILE: captureFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return serving(child, `http://127.0.0.1:${serverPort}`, '/health', 'platform-api');
}

/** The bare node:http server of bare-server.mjs, running `statement` ({ text, values }). */
async function startBareServer(statement, limit) {
  const serverPort = await freePort();
  const child = spawn(process.execPath, [path.join(benchDir, 'bare-server.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(serverPort),
      BENCH_STATEMENT: JSON.stringify(statement),
      BENCH_LIMIT: String(limit),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return serving(child, `http://127.0.0.1:${serverPort}`, '/', 'the bare server');
}

/** Resolves to `{ url, stop }` once `url` answers `probe`; kills `child` if it never does. */
async function serving(child, url, probe, name) {
  try {
    await waitUntilServing(`${url}${probe}`, name);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url, stop: () => stop(child) };
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function createToken() {
  const created = JSON.parse(
    cli([
      'tokens',
      'create',
      '--project',
      PROJECT,
      '--organization',
      ORGANIZATION,
      '--user',
      ADMIN_EMAIL,
      '--name',
      `bench ${new Date().toISOString()}`,
      '--scopes',
      'notes:read',
      '--permission',
      'read-only',
      '--json',
    ]),
  );
  return created.value;
}

/** p50 and p99 of the endpoint and of the bare server, requests alternating so both see the same load. */
async function measure(endpoint, headers, bareUrl) {
  const once = (url, withHeaders) => async () => {
    const response = await fetch(url, { headers: withHeaders });
    await response.arrayBuffer();
  };
  const endpointOnce = once(endpoint, headers);
  const bareOnce = once(bareUrl, {});
  for (let i = 0; i < WARM_UP; i += 1) {
    await endpointOnce();
    await bareOnce();
  }
  const endpointSamples = new Float64Array(REQUESTS);
  const bareSamples = new Float64Array(REQUESTS);
  for (let i = 0; i < REQUESTS; i += 1) {
    endpointSamples[i] = await timedAfterMinorGc(endpointOnce);
    bareSamples[i] = await timedAfterMinorGc(bareOnce);
  }
  endpointSamples.sort();
  bareSamples.sort();
  const summary = (sorted) => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
  return { endpoint: summary(endpointSamples), bare: summary(bareSamples) };
}

async function main() {
  log(describeRun());
  ensurePlatformApiBuilt(log);
  await ensureDatabase();
  const headers = { Authorization: `Bearer ${await createToken()}` };
  const server = await startServer();
  const notesUrl = `${server.url}/v1/project/${PROJECT}/environment/${ENVIRONMENT}/notes`;
  const collection = 'collection_3';
  // The cursor sits in the middle of the data: half the notes of the collection are older.
  const cursor = new Date(Date.parse(BASE_TIME) + (NOTES / 2 / 3) * 1000).toISOString();
  const first = await getJson(`${notesUrl}?limit=${LIMIT}&collectionName=${collection}`, headers);
  const scenarios = [
    { name: 'createdAt.lt cursor (spec §4.1)', query: `createdAt.lt=${encodeURIComponent(cursor)}` },
    { name: 'id.lt cursor (documented recipe)', query: `id.lt=${first.data[0].id - NOTES / 2}` },
  ];

  const results = {};
  try {
    log('');
    log(
      `notes listing, limit ${LIMIT}, collectionName=${collection} (1 note in ${COLLECTIONS}), ${NOTES.toLocaleString('en')} notes, PostgreSQL; ${REQUESTS} requests to each server, alternating`,
    );
    for (const scenario of scenarios) {
      const endpoint = `${notesUrl}?limit=${LIMIT}&collectionName=${collection}&${scenario.query}`;
      rmSync(captureFile, { force: true });
      const page = await getJson(endpoint, headers);
      if (page.data.length !== LIMIT) throw new Error(`${scenario.name}: expected a full page`);
      const statement = JSON.parse(readFileSync(captureFile, 'utf8'));
      const bare = await startBareServer(statement, LIMIT);
      try {
        const floor = await getJson(bare.url);
        if (floor.data.map((note) => note.id).join() !== page.data.map((note) => note.id).join()) {
          throw new Error(`${scenario.name}: the endpoint and the bare server disagree`);
        }
        const { endpoint: http, bare: base } = await measure(endpoint, headers, bare.url);
        const ratio = { p50: http.p50 / base.p50, p99: http.p99 / base.p99 };
        const ms = (value) => `${value.toFixed(2)} ms`;
        log(`  ${scenario.name}`);
        log(`    endpoint      p50 ${ms(http.p50)}   p99 ${ms(http.p99)}`);
        log(`    bare server   p50 ${ms(base.p50)}   p99 ${ms(base.p99)}`);
        log(
          `    ratio         p50 ${ratio.p50.toFixed(2)}x   p99 ${ratio.p99.toFixed(2)}x   ` +
            `target p50 within ${TARGET}x: ${ratio.p50 <= TARGET ? 'met' : 'missed'}`,
        );
        results[scenario.name] = { endpoint: http, bare: base, ratio, isMet: ratio.p50 <= TARGET };
      } finally {
        await bare.stop();
      }
    }
    log(`RESULT ${JSON.stringify(results)}`);
  } finally {
    await server.stop();
    rmSync(captureDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

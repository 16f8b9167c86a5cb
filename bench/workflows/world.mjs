// What the workflows benchmark runs against: a fresh database seeded as an operator would leave it,
// the built `platform-api start` (with its in-process worker), a real agent in its own process, and
// the webhook enabled and tokened through the `platform-api` CLI.
import { fork, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FROM_SOURCES } from '../lib/sources.mjs';
import { signToken } from '../lib/token.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const appDir = path.join(root, 'apps', 'platform-api');
const cliPath = path.join(appDir, 'bin', 'platform-api.cjs');
const require = createRequire(path.join(appDir, 'package.json'));
const { Client } = require('pg');
const Database = createRequire(path.join(root, 'bench', 'package.json'))('better-sqlite3');

/** The 3-step workflow under test: read with `fields`, update, note with placeholders. */
export const STEPS = [
  { kind: 'read', fields: ['id', 'status', 'amount'] },
  { kind: 'update', values: { status: 'processed' } },
  { kind: 'note', content: '<p>Order {{id}}: {{status}}</p>' },
];

/** Drops and creates `database`, then migrates it with the CLI. */
export async function recreateDatabase({ host, port, user, database, databaseUrl }) {
  const admin = new Client({ host, port, user, database: 'postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const migrated = spawnSync(process.execPath, [cliPath, 'migrate'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migrate failed:\n${migrated.stderr}`);
}

/** Runs a `platform-api` command on the bench database and returns its `--json` output. */
export function cli(databaseUrl, ...args) {
  const result = spawnSync(process.execPath, [cliPath, ...args, '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`platform-api ${args.join(' ')} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/**
 * An Admin (public API tokens need one) in a team rendering the environment, the workflow and
 * `notes` notes for the listing. Returns the ids later steps need and the environment secret.
 */
export async function seed(db, notes) {
  const one = async (sql, values) => (await db.query(sql, values)).rows[0];
  const envSecret = randomBytes(32).toString('hex');
  const org = await one(`INSERT INTO "Organization" (name) VALUES ('bench') RETURNING id`);
  const project = await one(`INSERT INTO "Project" ("organizationId", name) VALUES ($1, 'Bench') RETURNING id`, [
    org.id,
  ]);
  const environment = await one(
    `INSERT INTO "Environment" ("projectId", name, "secretHash") VALUES ($1, 'production', $2) RETURNING id`,
    [project.id, createHash('sha256').update(envSecret).digest('hex')],
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
     SELECT $1, 'orders', i::text, 'Note ' || i, $2, $3 FROM generate_series(1, ${notes}) AS i`,
    [environment.id, member.id, team.id],
  );
  return { envSecret, environmentId: environment.id, workflowId: workflow.id, member };
}

/** A temporary SQLite file with `count` orders (ids 1..count), the agent's data. */
export function createOrdersFile(count) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-workflows-'));
  const file = path.join(dir, 'orders.sqlite');
  const orders = new Database(file);
  orders.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL)');
  const insert = orders.prepare('INSERT INTO orders (id, status, amount) VALUES (?, ?, ?)');
  orders.transaction(() => {
    for (let id = 1; id <= count; id++) insert.run(id, 'new', id);
  })();
  orders.close();
  return { dir, file };
}

/** `platform-api start` on a free port, `env` added to its environment; `url` resolves once it printed it. */
export async function startServer(databaseUrl, concurrency, env = {}) {
  const child = spawn(process.execPath, [cliPath, 'start', '--json'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PLATFORM_LOG_LEVEL: 'warn',
      PLATFORM_WORKER_CONCURRENCY: concurrency,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((candidate) => candidate.startsWith('{"status"'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`platform-api exited with ${code}`)));
  });
  return { child, url };
}

/** agent.cjs in its own process, connected to `serverUrl`; resolves once it listens. */
export function startAgent({ serverUrl, envSecret, sqliteFile }) {
  const authSecret = randomBytes(24).toString('hex');
  const child = fork(path.join(root, 'bench', 'workflows', 'agent.cjs'), [authSecret], {
    execArgv: FROM_SOURCES,
    env: { ...process.env, BENCH_SERVER_URL: serverUrl, BENCH_ENV_SECRET: envSecret, BENCH_SQLITE: sqliteFile },
  });
  const url = new Promise((resolve, reject) => {
    child.once('message', ({ port }) => resolve(`http://127.0.0.1:${port}`));
    child.once('exit', (code) => reject(new Error(`agent exited with ${code}`)));
  });
  return { child, url, authSecret };
}

/** The token the platform would hand `member` for the agent (the by-hand baseline calls it directly). */
export function signAgentToken(member, authSecret) {
  const claims = {
    id: member.id,
    email: member.email,
    firstName: 'Bench',
    lastName: 'User',
    team: 'Ops',
    role: 'Admin',
  };
  return signToken({ ...claims, tags: {} }, authSecret);
}

/**
 * The webhook as an operator sets it up, with the CLI: enabled, its per-minute limit raised to the
 * maximum (above all the calls of one run), and a read-write application token on all scopes (it
 * also reads the notes). The URL keeps the signed path on this
 * server's origin (the CLI prints it on the configured public URL).
 */
export function enableWebhook(databaseUrl, serverUrl, { workflowId, member }) {
  const enabled = cli(databaseUrl, 'workflows', 'trigger', 'enable', String(workflowId));
  cli(databaseUrl, 'workflows', 'trigger', 'rate-limit', String(workflowId), '--per-minute', '10000');
  const { value: token } = cli(
    databaseUrl,
    ...['tokens', 'create', '--project', 'Bench', '--user', member.email, '--name', 'bench'],
    ...['--scopes', 'all', '--permission', 'read-write'],
  );
  return { url: `${serverUrl}${new URL(enabled.workflow.trigger.url).pathname}`, token };
}

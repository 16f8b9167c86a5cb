// (b) The workflow webhook trigger served by one platform-api instance, then by two (`platform-api
// start` twice, on two ports, over one PostgreSQL database), the load generator splitting its
// connections between them: 202s per second on distinct records, the CPU split of each run. The
// instances run with PLATFORM_WORKER=off, so that the trigger path alone is measured: each call
// authenticates, checks access and the webhook's limit, inserts a run and its steps, and NOTIFYs
// the (absent) workers; the runs stay queued.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cannon } from '../lib/load.mjs';
import { PG } from '../lib/postgres.mjs';
import { stopServer } from '../lib/servers.mjs';
import { ensurePlatformApiBuilt } from '../lib/workspace-build.mjs';
import { cli, enableWebhook, recreateDatabase, seed, startServer } from '../workflows/world.mjs';
import { cpuSplit, meanSplit, readCpu } from './cpu-split.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { Client } = createRequire(path.join(root, 'apps', 'platform-api', 'package.json'))('pg');

export const WEBHOOK_DATABASE = 'platform_bench_scale_out';
const databaseUrl = `postgresql://${PG.user}@${PG.host}:${PG.port}/${WEBHOOK_DATABASE}`;

/** Builds platform-api when stale; a failed build (someone mid-edit) leaves the existing dist in use. */
function ensureBuilt(log) {
  try {
    ensurePlatformApiBuilt(log);
  } catch (error) {
    log(`  ${error.message}: running the existing apps/platform-api/dist`);
  }
}

/**
 * One workflow per load run, each with its own webhook: the webhook's limit (10,000 calls a
 * minute at most, counted per workflow and per instance without Redis) then never refuses a call,
 * however fast the instances. Enabled and limited with the CLI, as an operator would.
 */
async function createWebhooks(db, world, count, serverUrl) {
  const first = enableWebhook(databaseUrl, serverUrl, world);
  const webhooks = [first];
  for (let index = 1; index < count; index += 1) {
    const { rows } = await db.query(
      `INSERT INTO "Workflow" ("renderingId", name, "collectionName", definition, "updatedAt")
       SELECT "renderingId", name || $2, "collectionName", definition, now() FROM "Workflow" WHERE id = $1 RETURNING id`,
      [world.workflowId, `-${index}`],
    );
    const workflowId = String(rows[0].id);
    const enabled = cli(databaseUrl, 'workflows', 'trigger', 'enable', workflowId);
    cli(databaseUrl, 'workflows', 'trigger', 'rate-limit', workflowId, '--per-minute', '10000');
    webhooks.push({ url: `${serverUrl}${new URL(enabled.workflow.trigger.url).pathname}`, token: first.token });
  }
  return webhooks.map(({ url, token }) => ({ path: new URL(url).pathname, token }));
}

let lastRecordId = 0;
const triggerRequest = ({ path: webhookPath, token }) => ({
  method: 'POST',
  path: webhookPath,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  // A new record for each call: a record has one ongoing run at a time (a 409 otherwise).
  setupRequest: (request) => {
    lastRecordId += 1;
    return { ...request, body: `{"record_id":"${lastRecordId}"}` };
  },
});

/** Loads `ports` at once, the connections split evenly; resolves to the runs' sum and their latencies. */
async function loadTogether(ports, request, { connections, duration }) {
  const share = connections / ports.length;
  const results = await Promise.all(ports.map((port) => cannon(port, request, { connections: share, duration })));
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  return {
    requests: sum((result) => result.requests.total),
    duration: Math.max(...results.map((result) => result.duration)),
    p50: sum((result) => result.latency.p50) / results.length,
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failures: sum((result) => result.non2xx + result.errors + result.timeouts),
  };
}

/**
 * Loads one instance and two in turn, as measureAgentScaleOut does the agent. Resolves to each
 * side's 202s per second, p50, p99, failures and mean CPU split.
 */
export async function measureWebhookScaleOut({ connections, duration, rounds, warmUp }, log) {
  ensureBuilt(log);
  await recreateDatabase({ ...PG, database: WEBHOOK_DATABASE, databaseUrl });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const instances = [];
  try {
    const world = await seed(db, 0);
    for (let index = 0; index < 2; index += 1) {
      const instance = await startServer(databaseUrl, '1', { PLATFORM_WORKER: 'off' });
      instances.push(instance);
      instance.port = Number(new URL(await instance.url).port);
    }
    const webhooks = await createWebhooks(db, world, 2 + 2 * rounds, await instances[0].url);
    for (const instance of instances) {
      const response = await fetch(`http://127.0.0.1:${instance.port}${webhooks[0].path}`, {
        method: 'POST',
        headers: triggerRequest(webhooks[0]).headers,
        body: JSON.stringify({ record_id: `check-${instance.port}` }),
      });
      if (response.status !== 202) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
    }

    const sides = [
      { label: 'one instance', instances: instances.slice(0, 1) },
      { label: 'two instances', instances },
    ];
    const ports = (side) => side.instances.map((instance) => instance.port);
    const pids = (side) => side.instances.map((instance) => instance.child.pid);
    let nextWebhook = 0;
    for (const side of sides) {
      await loadTogether(ports(side), triggerRequest(webhooks[nextWebhook++]), { connections, duration: warmUp });
    }
    const runs = sides.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const side = sides[index];
        const before = readCpu(pids(side), WEBHOOK_DATABASE);
        const run = await loadTogether(ports(side), triggerRequest(webhooks[nextWebhook++]), { connections, duration });
        runs[index].push({ ...run, split: cpuSplit(before, readCpu(pids(side), WEBHOOK_DATABASE)) });
      }
    }
    const { rows } = await db.query(`SELECT count(*)::int AS runs FROM "WorkflowRun" WHERE status = 'Queued'`);
    return { sides: sides.map((side, index) => summarise(side.label, runs[index])), queuedRuns: rows[0].runs };
  } finally {
    for (const instance of instances) await stopServer(instance);
    await db.end();
  }
}

function summarise(label, runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    label,
    rps: sum((run) => run.requests) / sum((run) => run.duration),
    p50: sum((run) => run.p50) / runs.length,
    p99: sum((run) => run.p99) / runs.length,
    failures: sum((run) => run.failures),
    split: meanSplit(runs.map((run) => run.split)),
  };
}

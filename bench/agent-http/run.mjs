#!/usr/bin/env node
// One command from the repository root: `pnpm bench agent-http` (or `node bench/agent-http/run.mjs`).
// The agent's HTTP routes over PostgreSQL (`platform_bench`, built by bench/sql-list) against a
// minimal Express handler running the same SQL through raw `pg`:
//   (a) list (one page, author:name, a filter, a sort) and (b) count: requests/s, p50/p99 with
//       autocannon, both sides alternately;
//   (c) CSV export of every book: rows/s and RSS growth of the server process, against a
//       `pg-cursor` export writing the same CSV;
//   (d) the list again, the agent connected to a platform sandbox in its own process (permissions,
//       users and scopes from the platform, cached; activity reported) against the offline agent.
// Each server runs in its own process (server.cjs; the agent from the workspace sources, compiled
// on the fly by swc), so that its RSS is its own. Targets and latest figures: bench/README.md.
import { fork, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');

const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
};
const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per autocannon run
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2); // agent, raw, then raw, agent, ...
const CONNECTIONS = 10;
const AUTH_SECRET = 'bench-auth-secret-of-sufficient-length';

/** platform_bench as bench/sql-list builds it; runs that benchmark (which builds it) when absent. */
async function ensureDatabase() {
  const client = new Client({ ...PG, database: 'platform_bench' });
  const ready = await client
    .connect()
    .then(() => client.query("select to_regclass('bench_meta') is not null as ok"))
    .then(
      async ({ rows }) => rows[0].ok && (await client.query('select version from bench_meta')).rows[0]?.version === 1,
    )
    .catch(() => false)
    .finally(() => client.end().catch(() => undefined));
  if (ready) return console.log('Reusing database platform_bench (built by bench/sql-list).');
  console.log('platform_bench is missing: running bench/sql-list, which builds it...');
  const result = spawnSync(process.execPath, [join(root, 'bench/sql-list/run.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bench/sql-list could not build platform_bench');
}

function hs256(claims, secret) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

function startServer(mode, env = {}) {
  const child = fork(join(here, 'server.cjs'), [mode, AUTH_SECRET], {
    env: { ...process.env, ...env },
    execArgv: [
      '--expose-gc',
      '--conditions=@platform/source',
      '--require',
      join(root, 'bench/sql-list/register-ts.cjs'),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/** The server's memory usage after a full garbage collection: what it really holds. */
function liveMemory(server) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (!message.memory) return;
      server.child.off('message', onMessage);
      resolve(message.memory);
    };
    server.child.on('message', onMessage);
    server.child.send('memory');
  });
}

/** CPU time (user + system) a process used so far, in milliseconds (Linux `/proc`, 100 ticks/s). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) * 1024;
}

function getJson(port, path, headers) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${path}: ${text}`)),
        );
      })
      .on('error', reject);
  });
}

function cannon(port, path, headers, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${path}`, headers, connections: CONNECTIONS, duration },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Alternates the two sides (ours, raw, raw, ours...) and sums their figures. */
async function compareThroughput(ours, raw) {
  await cannon(ours.port, ours.path, ours.headers, 2); // warm-up: JIT, pools, plans
  await cannon(raw.port, raw.path, raw.headers, 2);
  const totals = new Map([
    [ours, []],
    [raw, []],
  ]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 === 0 ? [ours, raw] : [raw, ours]) {
      const cpuBefore = side.pid === undefined ? 0 : cpuMsOf(side.pid);
      const result = await cannon(side.port, side.path, side.headers);
      result.cpuMs = side.pid === undefined ? Number.NaN : cpuMsOf(side.pid) - cpuBefore;
      totals.get(side).push(result);
    }
  }
  return [ours, raw].map((side) => {
    const results = totals.get(side);
    const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
    return {
      label: side.label,
      rps: sum((r) => r.requests.total) / sum((r) => r.duration),
      // Means of each run's percentiles (autocannon gives p50/p99 per run, in ms).
      p50: sum((r) => r.latency.p50) / results.length,
      p99: sum((r) => r.latency.p99) / results.length,
      non2xx: sum((r) => r.non2xx),
      // The server's own CPU per request: steadier than requests/s on a machine others load.
      cpuPerRequest: sum((r) => r.cpuMs) / sum((r) => r.requests.total),
      errors: sum((r) => r.errors + r.timeouts),
    };
  });
}

function printThroughput(title, [ours, raw], target) {
  console.log(`\n${title}`);
  for (const side of [ours, raw]) {
    const cpu = Number.isNaN(side.cpuPerRequest) ? '' : `   server CPU ${side.cpuPerRequest.toFixed(2)} ms/req`;
    console.log(
      `  ${side.label.padEnd(34)} ${side.rps.toFixed(0).padStart(6)} req/s   p50 ${side.p50.toFixed(1).padStart(6)} ms   p99 ${side.p99.toFixed(1).padStart(6)} ms   non-2xx ${side.non2xx}   errors ${side.errors}${cpu}`,
    );
  }
  if (!Number.isNaN(ours.cpuPerRequest) && !Number.isNaN(raw.cpuPerRequest)) {
    console.log(
      `  ratio (ours / raw) server CPU per request ${((ours.cpuPerRequest / raw.cpuPerRequest) * 100).toFixed(1)}%`,
    );
  }
  const ratio = ours.rps / raw.rps;
  const verdict = target === undefined ? '' : `   target >= ${target}%: ${ratio * 100 >= target ? 'met' : 'NOT met'}`;
  console.log(`  ratio (ours / raw) throughput ${(ratio * 100).toFixed(1)}%${verdict}`);
  return ratio;
}

/** Downloads `path`, counting lines, while sampling the server's RSS every 50 ms. */
async function exportCsv(server, path, headers) {
  const live = await liveMemory(server);
  const result = await exportCsvOnce(server, path, headers);
  const after = await liveMemory(server);
  return { ...result, heapRetained: after.heapUsed - live.heapUsed };
}

function exportCsvOnce(server, path, headers) {
  return new Promise((resolve, reject) => {
    const before = rssOf(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.child.pid));
    }, 50);
    const start = process.hrtime.bigint();
    let lines = 0;
    let bytes = 0;
    http
      .get({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${res.statusCode} ${path}`));
        res.on('data', (chunk) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          resolve({
            rows: lines - 1,
            bytes,
            seconds,
            rowsPerSecond: (lines - 1) / seconds,
            rssGrowth: peak - before,
            before,
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** (c): two exports each, alternated (one with BENCH_CSV_ONCE=1); keeps each side's best. */
async function measureCsv(agent, raw, csvPath, auth) {
  console.log('\n(c) CSV export of every book (id, title, status, price, created_at, author:name), one client');
  // Warm-up: a first export past the agent's switch to keyset pages on each side, so that the code
  // is compiled and the heaps are sized before RSS is sampled.
  const warmFilter = encodeURIComponent(JSON.stringify({ field: 'id', operator: 'LessThanOrEqual', value: 20000 }));
  await exportCsv(agent, `${csvPath}&filters=${warmFilter}`, auth);
  await exportCsv(raw, '/books.csv?limit=20000', {});
  const runs = { ours: [], raw: [] };
  for (const side of ['ours', 'raw', ...(process.env.BENCH_CSV_ONCE ? [] : ['raw', 'ours'])]) {
    runs[side].push(side === 'ours' ? await exportCsv(agent, csvPath, auth) : await exportCsv(raw, '/books.csv', {}));
  }
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(runs, null, 1));
  const best = (list) => list.reduce((a, b) => (a.rowsPerSecond >= b.rowsPerSecond ? a : b));
  const [ourCsv, rawCsv] = [best(runs.ours), best(runs.raw)];
  if (ourCsv.rows !== rawCsv.rows) throw new Error(`The exports disagree: ${ourCsv.rows} vs ${rawCsv.rows} rows`);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  for (const [label, run] of [
    ['agent (keyset pages of 1000)', ourCsv],
    ['raw pg-cursor + csv-stringify', rawCsv],
  ]) {
    console.log(
      `  ${label.padEnd(34)} ${run.rows} rows, ${mb(run.bytes)} in ${run.seconds.toFixed(1)} s: ${run.rowsPerSecond.toFixed(0).padStart(7)} rows/s   server RSS ${mb(run.before)} -> peak growth ${mb(run.rssGrowth)}, heap retained after GC ${mb(run.heapRetained)}`,
    );
  }
  const csvRatio = ourCsv.rowsPerSecond / rawCsv.rowsPerSecond;
  console.log(
    `  ratio (ours / raw) throughput ${(csvRatio * 100).toFixed(1)}%   target >= 50%: ${csvRatio >= 0.5 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  agent RSS growth ${mb(ourCsv.rssGrowth)}   target < 50 MB: ${ourCsv.rssGrowth < 50 * 1024 * 1024 ? 'met' : 'NOT met'}`,
  );

  return { csvRatio, ourCsv };
}

async function main() {
  await ensureDatabase();
  const token = hs256(
    {
      id: 1,
      email: 'bench@example.com',
      firstName: 'Bench',
      lastName: 'Mark',
      team: 'Ops',
      role: 'Admin',
      tags: {},
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    AUTH_SECRET,
  );
  const auth = { authorization: `Bearer ${token}` };
  const [agent, raw] = [await startServer('agent'), await startServer('raw')];
  const only = process.env.BENCH_ONLY; // 'http', 'csv' or 'platform', to iterate on one part
  const sandbox = only === undefined || only === 'platform' ? await startServer('sandbox') : undefined;
  const connected =
    sandbox &&
    (await startServer('agent-platform', {
      BENCH_SERVER_URL: `http://127.0.0.1:${sandbox.port}`,
      BENCH_ENV_SECRET: sandbox.envSecret,
    }));
  try {
    const filters = encodeURIComponent(JSON.stringify({ field: 'status', operator: 'Equal', value: 'published' }));
    const listPath = `/platform/bench_books?fields[bench_books]=id,title,status,price,created_at,author&fields[author]=name&filters=${filters}&sort=-created_at&page[number]=1&page[size]=15`;
    const countPath = `/platform/bench_books/count?filters=${filters}`;
    const csvPath =
      '/platform/bench_books.csv?fields[bench_books]=id,title,status,price,created_at,author&fields[author]=name';

    // Both sides must answer the same thing before they are compared.
    const [ourList, rawList] = [await getJson(agent.port, listPath, auth), await getJson(raw.port, '/books', {})];
    const ids = (body) => body.data.map((record) => record.id).join(',');
    if (ids(ourList) !== ids(rawList)) throw new Error(`The lists disagree: ${ids(ourList)} vs ${ids(rawList)}`);
    if (ourList.data[0].author?.name !== rawList.data[0].author?.name) throw new Error('The author names disagree.');
    const [ourCount, rawCount] = [
      await getJson(agent.port, countPath, auth),
      await getJson(raw.port, '/books/count', {}),
    ];
    if (ourCount.meta.count !== rawCount.meta.count)
      throw new Error(`The counts disagree: ${ourCount.meta.count} vs ${rawCount.meta.count}`);

    console.log(
      `agent-http: ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per side, alternated; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const listRatio =
      only === 'csv' || only === 'platform'
        ? Number.NaN
        : printThroughput(
            '(a) list: GET /platform/bench_books, page of 15, author:name, filter status = published, sort -created_at',
            await compareThroughput(
              { label: 'agent (JWT, customizer, datasource-sql)', port: agent.port, path: listPath, headers: auth },
              { label: 'raw pg + Express (same SQL by hand)', port: raw.port, path: '/books', headers: {} },
            ),
            70,
          );
    const countRatio =
      only === 'csv' || only === 'platform'
        ? Number.NaN
        : printThroughput(
            `(b) count: GET /platform/bench_books/count, filter status = published (${ourCount.meta.count} books)`,
            await compareThroughput(
              { label: 'agent', port: agent.port, path: countPath, headers: auth },
              { label: 'raw pg + Express (select count(*))', port: raw.port, path: '/books/count', headers: {} },
            ),
          );

    const csv = only === 'http' || only === 'platform' ? undefined : await measureCsv(agent, raw, csvPath, auth);

    let platformRatio = Number.NaN;
    if (connected !== undefined) {
      const connectedList = await getJson(connected.port, listPath, auth);
      if (ids(connectedList) !== ids(ourList)) throw new Error('The connected agent lists other books.');
      platformRatio = printThroughput(
        '(d) list with the platform connected (sandbox: permissions, users, scopes cached) vs offline',
        await compareThroughput(
          {
            label: 'agent connected to a sandbox',
            port: connected.port,
            pid: connected.child.pid,
            path: listPath,
            headers: auth,
          },
          { label: 'agent offline', port: agent.port, pid: agent.child.pid, path: listPath, headers: auth },
        ),
        90,
      );
    }

    console.log('\nsummary');
    console.log('  measure            ours / raw   target');
    console.log(`  list req/s         ${(listRatio * 100).toFixed(1).padStart(8)}%   >= 70%`);
    console.log(`  count req/s        ${(countRatio * 100).toFixed(1).padStart(8)}%   (none; reported)`);
    console.log(`  connected list     ${(platformRatio * 100).toFixed(1).padStart(8)}%   >= 90% of offline`);
    if (csv) {
      const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      console.log(`  CSV rows/s         ${(csv.csvRatio * 100).toFixed(1).padStart(8)}%   >= 50%`);
      console.log(`  CSV RSS growth     ${mb(csv.ourCsv.rssGrowth).padStart(9)}    < 50 MB`);
    }
  } finally {
    agent.child.kill();
    raw.child.kill();
    connected?.child.kill();
    sandbox?.child.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

#!/usr/bin/env node
// One command from the repository root: `pnpm bench agent-http` (or `node bench/agent-http/run.mjs`).
// The agent's HTTP routes over PostgreSQL (`platform_bench`, bench/lib/books-database.mjs) against
// the floor, a bare node:http server running the same SQL through raw `pg`:
//   (a) list (one page, author:name, a filter, a sort) and (b) count: requests/s, p50/p99 with
//       autocannon, both sides alternately;
//   (c) CSV export of every book: rows/s and RSS growth of the server process, against a
//       `pg-cursor` export writing the same CSV;
//   (d) the list again, the agent connected to a platform sandbox in its own process (permissions,
//       users and scopes from the platform, cached; activity reported) against the offline agent.
// Each server runs in its own process (server.cjs; the agent from the workspace sources, compiled
// on the fly by swc), so that its RSS is its own. Targets and latest figures: bench/README.md.
// `--quick`: 2 s runs, one round, one export per side.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBooksDatabase } from '../lib/books-database.mjs';
import { download, getJson } from '../lib/download.mjs';
import { measureThroughput } from '../lib/load.mjs';
import { describeRun } from '../lib/machine.mjs';
import { liveMemory, startServer as startProcess, stopServer } from '../lib/servers.mjs';
import { FROM_SOURCES } from '../lib/sources.mjs';
import { BENCH_USER, signToken } from '../lib/token.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const isQuick = process.argv.includes('--quick');
const LOAD = {
  connections: 10,
  duration: isQuick ? 2 : Number(process.env.BENCH_DURATION ?? 10), // seconds per autocannon run
  rounds: isQuick ? 1 : Number(process.env.BENCH_ROUNDS ?? 2), // ours, floor, then floor, ours, ...
  warmUp: isQuick ? 1 : 2,
};
const CSV_ONCE = isQuick || process.env.BENCH_CSV_ONCE !== undefined;
const AUTH_SECRET = 'bench-auth-secret-of-sufficient-length';

function startServer(mode, env = {}) {
  return startProcess(path.join(here, 'server.cjs'), [mode, AUTH_SECRET], {
    env,
    execArgv: ['--expose-gc', ...FROM_SOURCES],
  });
}

/** Loads the two sides in turn (ours, baseline, then baseline, ours...) with autocannon. */
function compareThroughput(ours, raw) {
  const side = ({ label, server, path, headers }) => ({
    label,
    port: server.port,
    pid: server.child.pid,
    request: { path, headers },
  });
  return measureThroughput([side(ours), side(raw)], LOAD);
}

function printThroughput(title, [ours, raw], target) {
  console.log(`\n${title}`);
  for (const side of [ours, raw]) {
    const cpu = Number.isNaN(side.cpuPerRequest) ? '' : `   server CPU ${side.cpuPerRequest.toFixed(2)} ms/req`;
    console.log(
      `  ${side.label.padEnd(40)} ${side.rps.toFixed(0).padStart(6)} req/s   p50 ${side.p50.toFixed(1).padStart(6)} ms   p99 ${side.p99.toFixed(1).padStart(6)} ms   failed ${side.failures}${cpu}`,
    );
  }
  if (!Number.isNaN(ours.cpuPerRequest) && !Number.isNaN(raw.cpuPerRequest)) {
    console.log(
      `  ratio (ours / baseline) server CPU per request ${((ours.cpuPerRequest / raw.cpuPerRequest) * 100).toFixed(1)}%`,
    );
  }
  const ratio = ours.rps / raw.rps;
  const verdict = target === undefined ? '' : `   target >= ${target}%: ${ratio * 100 >= target ? 'met' : 'NOT met'}`;
  console.log(`  ratio (ours / baseline) throughput ${(ratio * 100).toFixed(1)}%${verdict}`);
  return ratio;
}

/** Downloads `path` (bench/lib/download.mjs), then reads the heap the server retained after a GC. */
async function exportCsv(server, path, headers) {
  const live = await liveMemory(server);
  const result = await download(server, path, headers);
  const after = await liveMemory(server);
  return { ...result, heapRetained: after.heapUsed - live.heapUsed };
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
  for (const side of ['ours', 'raw', ...(CSV_ONCE ? [] : ['raw', 'ours'])]) {
    runs[side].push(side === 'ours' ? await exportCsv(agent, csvPath, auth) : await exportCsv(raw, '/books.csv', {}));
  }
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(runs, null, 1));
  const best = (list) => list.reduce((a, b) => (a.rowsPerSecond >= b.rowsPerSecond ? a : b));
  const [ourCsv, rawCsv] = [best(runs.ours), best(runs.raw)];
  if (ourCsv.rows !== rawCsv.rows) throw new Error(`The exports disagree: ${ourCsv.rows} vs ${rawCsv.rows} rows`);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  for (const [label, run] of [
    ['agent (keyset pages of 1000)', ourCsv],
    ['floor: pg-cursor + csv-stringify', rawCsv],
  ]) {
    console.log(
      `  ${label.padEnd(34)} ${run.rows} rows, ${mb(run.bytes)} in ${run.seconds.toFixed(1)} s: ${run.rowsPerSecond.toFixed(0).padStart(7)} rows/s   server RSS ${mb(run.before)} -> peak growth ${mb(run.rssGrowth)}, heap retained after GC ${mb(run.heapRetained)}`,
    );
  }
  const csvRatio = ourCsv.rowsPerSecond / rawCsv.rowsPerSecond;
  console.log(
    `  ratio (ours / floor) throughput ${(csvRatio * 100).toFixed(1)}%   target >= 50%: ${csvRatio >= 0.5 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  agent RSS growth ${mb(ourCsv.rssGrowth)}   target < 50 MB: ${ourCsv.rssGrowth < 50 * 1024 * 1024 ? 'met' : 'NOT met'}`,
  );

  return { csvRatio, ourCsv };
}

async function main() {
  await ensureBooksDatabase();
  const auth = { authorization: `Bearer ${await signToken(BENCH_USER, AUTH_SECRET)}` };
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
      `agent-http: ${LOAD.connections} connections, ${LOAD.rounds} x ${LOAD.duration} s per side, alternated; ${describeRun()}`,
    );
    const listRatio =
      only === 'csv' || only === 'platform'
        ? Number.NaN
        : printThroughput(
            '(a) list: GET /platform/bench_books, page of 15, author:name, filter status = published, sort -created_at',
            await compareThroughput(
              { label: 'agent (JWT, customizer, datasource-sql)', server: agent, path: listPath, headers: auth },
              { label: 'floor: node:http + pg (same SQL by hand)', server: raw, path: '/books', headers: {} },
            ),
            70,
          );
    const countRatio =
      only === 'csv' || only === 'platform'
        ? Number.NaN
        : printThroughput(
            `(b) count: GET /platform/bench_books/count, filter status = published (${ourCount.meta.count} books)`,
            await compareThroughput(
              { label: 'agent', server: agent, path: countPath, headers: auth },
              { label: 'floor: node:http + pg (select count(*))', server: raw, path: '/books/count', headers: {} },
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
          { label: 'agent connected to a sandbox', server: connected, path: listPath, headers: auth },
          { label: 'agent offline', server: agent, path: listPath, headers: auth },
        ),
        90,
      );
    }

    console.log('\nsummary');
    console.log('  measure            ours / floor   target');
    console.log(`  list req/s         ${(listRatio * 100).toFixed(1).padStart(8)}%   >= 70%`);
    console.log(`  count req/s        ${(countRatio * 100).toFixed(1).padStart(8)}%   (none; reported)`);
    console.log(`  connected list     ${(platformRatio * 100).toFixed(1).padStart(8)}%   >= 90% of offline`);
    if (csv) {
      const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      console.log(`  CSV rows/s         ${(csv.csvRatio * 100).toFixed(1).padStart(8)}%   >= 50%`);
      console.log(`  CSV RSS growth     ${mb(csv.ourCsv.rssGrowth).padStart(9)}    < 50 MB`);
    }
  } finally {
    for (const server of [agent, raw, connected, sandbox]) if (server) await stopServer(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

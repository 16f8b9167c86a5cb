// (a) The agent's list route served by one process, then by two (Node's cluster, agent-cluster.cjs),
// on the same database and machine, loaded in turn by autocannon with the same connections and
// duration; the CPU split of each run (cpu-split.mjs) and what PostgreSQL alone serves of the list
// statement (lib/pg-loop.mjs) say whether the database is the limit.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOKS_DATABASE, ensureBooksDatabase } from '../lib/books-database.mjs';
import { getJson } from '../lib/download.mjs';
import { cannon } from '../lib/load.mjs';
import { pgLoop } from '../lib/pg-loop.mjs';
import { startServer, stopServer } from '../lib/servers.mjs';
import { FROM_SOURCES } from '../lib/sources.mjs';
import { BENCH_USER, signToken } from '../lib/token.mjs';
import { cpuSplit, meanSplit, readCpu } from './cpu-split.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const AUTH_SECRET = 'bench-auth-secret-of-sufficient-length';
const POOL_SIZE = 10; // each worker's (agent-http/server.cjs)

// agent-http's list: a page of 15 published books, newest first, with the author's name. Its
// statement walks the created_at index backwards and joins 15 authors by key: cheap for the database.
const FILTER = encodeURIComponent(JSON.stringify({ field: 'status', operator: 'Equal', value: 'published' }));
const LIST_PATH = `/platform/bench_books?fields[bench_books]=id,title,status,price,created_at,author&fields[author]=name&filters=${FILTER}&sort=-created_at&page[number]=1&page[size]=15`;
const LIST_SQL = `select b.id, b.title, b.status, b.price, b.created_at, a.id as author_id, a.name as author_name
  from bench_books b left join bench_authors a on a.id = b.author_id
  where b.status = $1 order by b.created_at desc, b.id asc limit $2`;

function startCluster(workers) {
  return startServer(path.join(here, 'agent-cluster.cjs'), [String(workers), AUTH_SECRET], { execArgv: FROM_SOURCES });
}

/**
 * Loads one process and two in turn (`rounds` runs of `duration` s each, the order reversed every
 * other round, after a warm-up run of each). Resolves to each side's requests/s, p50, p99,
 * failures and mean CPU split, and the raw `pg` loop's queries/s.
 */
export async function measureAgentScaleOut({ connections, duration, rounds, warmUp }) {
  await ensureBooksDatabase();
  const headers = { authorization: `Bearer ${await signToken(BENCH_USER, AUTH_SECRET)}` };
  const sides = [
    { label: 'one process', server: await startCluster(1) },
    { label: 'two processes (cluster)', server: await startCluster(2) },
  ];
  try {
    const pages = await Promise.all(sides.map(({ server }) => getJson(server.port, LIST_PATH, headers)));
    const ids = (page) => page.data.map((record) => record.id).join(',');
    if (pages[0].data.length !== 15 || ids(pages[0]) !== ids(pages[1]))
      throw new Error('The two sides list other books.');

    const request = { path: LIST_PATH, headers };
    for (const { server } of sides) await cannon(server.port, request, { connections, duration: warmUp });
    const runs = sides.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const { server } = sides[index];
        const before = readCpu(server.pids, BOOKS_DATABASE);
        const result = await cannon(server.port, request, { connections, duration });
        runs[index].push({ result, split: cpuSplit(before, readCpu(server.pids, BOOKS_DATABASE)) });
      }
    }
    const pgRate = await pgLoop(BOOKS_DATABASE, [LIST_SQL, ['published', 15]], {
      concurrency: connections,
      poolSize: POOL_SIZE,
      seconds: duration,
    });
    return { sides: sides.map((side, index) => summarise(side.label, runs[index])), pgRate };
  } finally {
    for (const { server } of sides) await stopServer(server);
  }
}

function summarise(label, runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run.result), 0);
  return {
    label,
    rps: sum((run) => run.requests.total) / sum((run) => run.duration),
    p50: sum((run) => run.latency.p50) / runs.length,
    p99: sum((run) => run.latency.p99) / runs.length,
    failures: sum((run) => run.non2xx + run.errors + run.timeouts),
    split: meanSplit(runs.map((run) => run.split)),
  };
}

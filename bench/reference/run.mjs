#!/usr/bin/env node
// One command from the repository root: `node bench/reference/run.mjs` (`--quick` for a short
// smoke run; or `pnpm bench reference`). Our agent against the reference agent users would
// otherwise pick (@forestadmin/agent over @forestadmin/datasource-sql, its SaaS stood in for by
// saas-stand-in.mjs), a bare node:http + pg server running our statements (the floor) and raw
// `pg` in a loop, on one PostgreSQL database (database.mjs) and one machine, in one run:
// list and get one at 10 and 50 connections, count, CSV export, start time. Prints a Markdown
// table with the ratios ours / reference and ours / floor. See bench/README.md.
//   BENCH_ONLY=list10,get50,...  only those scenarios (list10 list50 get10 get50 count csv start)
//   BENCH_CPU_PROF=<dir>         CPU profiles of the servers (--cpu-prof) in <dir>/<side>/
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getJson } from '../lib/download.mjs';
import { measureThroughput } from '../lib/load.mjs';
import { describeRun } from '../lib/machine.mjs';
import { pgLoop } from '../lib/pg-loop.mjs';
import { startServer, stopServer } from '../lib/servers.mjs';
import { BENCH_USER, signToken } from '../lib/token.mjs';
import { ensureAgentBuilt } from '../lib/workspace-build.mjs';
import { ensureReferenceDatabases, ORDERS_DATABASE, WIDE_DATABASE, WIDE_TABLES } from './database.mjs';
import { measureCsv, measureStarts } from './measure.mjs';
import { REFERENCE_USER, startSaasStandIn } from './saas-stand-in.mjs';
import { CSV_MAX_ID, PATHS, STATEMENTS, summaries } from './scenarios.mjs';
import { printTable } from './table.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = path.join(here, 'server.cjs');
const isQuick = process.argv.includes('--quick');
const LOAD = isQuick ? { duration: 2, rounds: 1, warmUp: 1 } : { duration: 10, rounds: 2, warmUp: 2 };
const STARTS = isQuick ? 1 : 5;
const CSV_RUNS = isQuick ? 1 : 2;
const POOL_SIZE = 10; // every side's, and raw pg's
const SIDES = ['reference', 'ours', 'floor'];
const AUTH_SECRET = 'bench-auth-secret-of-sufficient-length';
const THROUGHPUT = [
  { key: 'list10', scenario: 'list', connections: 10, title: 'list (page 15, filter, sort, customer:name), 10 conns' },
  { key: 'list50', scenario: 'list', connections: 50, title: 'list, 50 conns' },
  { key: 'get10', scenario: 'get', connections: 10, title: 'get one with customer:name, 10 conns' },
  { key: 'get50', scenario: 'get', connections: 50, title: 'get one, 50 conns' },
  { key: 'count', scenario: 'count', connections: 10, title: 'count of 200,000 orders, 10 conns' },
];
const only = process.env.BENCH_ONLY?.split(',');
const isWanted = (key) => only === undefined || only.includes(key);

function startSide(side, database, env) {
  const profileDir = process.env.BENCH_CPU_PROF;
  const execArgv = [
    '--expose-gc',
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir, side)}`] : []),
  ];
  return startServer(serverScript, [side, database], { env, execArgv });
}

/** Every side must answer the same list, record and count before they are compared. */
async function checkAgreement(servers, headers) {
  for (const scenario of ['list', 'get', 'count']) {
    const answers = {};
    for (const side of SIDES) {
      const body = await getJson(servers[side].port, PATHS[scenario][side], headers[side]);
      answers[side] = summaries[scenario][side](body);
    }
    if (new Set(Object.values(answers)).size !== 1) {
      throw new Error(`The ${scenario} answers differ:\n${JSON.stringify(answers, null, 1)}`);
    }
  }
}

async function main() {
  console.log(`bench/reference${isQuick ? ' --quick' : ''}: ${describeRun()}`);
  await ensureReferenceDatabases();
  ensureAgentBuilt(console.log);
  const standIn = await startSaasStandIn(['orders', 'customers']);
  const env = { BENCH_AUTH_SECRET: AUTH_SECRET, BENCH_STAND_IN_URL: standIn.url };
  const headers = {
    reference: { authorization: `Bearer ${await signToken(REFERENCE_USER, AUTH_SECRET)}` },
    ours: { authorization: `Bearer ${await signToken(BENCH_USER, AUTH_SECRET)}` },
    floor: {},
  };
  const rows = [];
  const servers = {};
  try {
    for (const side of SIDES) servers[side] = await startSide(side, ORDERS_DATABASE, env);
    await checkAgreement(servers, headers);

    for (const { scenario, connections, title } of THROUGHPUT.filter(({ key }) => isWanted(key))) {
      console.log(`${title}...`);
      const results = await measureThroughput(
        SIDES.map((side) => ({
          label: side,
          port: servers[side].port,
          pid: servers[side].child.pid,
          request: { path: PATHS[scenario][side], headers: headers[side] },
        })),
        { connections, ...LOAD },
      );
      const pgRate = await pgLoop(ORDERS_DATABASE, STATEMENTS[scenario], {
        concurrency: connections,
        poolSize: POOL_SIZE,
        seconds: LOAD.duration,
      });
      rows.push({ kind: 'throughput', title, results, pgRate });
    }

    if (isWanted('csv')) {
      console.log('CSV export...');
      const csv = await measureCsv(servers, PATHS.csv, headers, { runs: CSV_RUNS });
      rows.push({ kind: 'csv', title: `CSV of ${CSV_MAX_ID.toLocaleString('en')} orders`, csv });
    }
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
  }

  try {
    if (isWanted('start')) {
      console.log('start → listening...');
      const argsOf = (database) => (side) => [side, database];
      const small = await measureStarts(serverScript, SIDES, argsOf(ORDERS_DATABASE), { runs: STARTS, env });
      rows.push({ kind: 'start', title: 'start → listening (2 tables)', times: small });
      // The stand-in's answers name the orders' collections; the agent asks for them on its first request only.
      const wide = await measureStarts(serverScript, SIDES, argsOf(WIDE_DATABASE), { runs: STARTS, env });
      rows.push({ kind: 'start', title: `start → listening (${WIDE_TABLES} tables)`, times: wide });
    }
  } finally {
    await standIn.close();
  }
  printTable(rows);
  console.log(`\nstand-in calls of the reference agent (all runs): ${JSON.stringify(standIn.requests)}`);
  console.log(`done: ${describeRun()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

#!/usr/bin/env node
// One command from the repository root: `node bench/scale-out/run.mjs` (or `pnpm bench scale-out`;
// `--quick` for a short smoke run). Scale-out on one machine (#36 item 5), each side loaded in turn
// with the same connections and duration, and the CPU split of each run (servers, PostgreSQL, the
// load generator, other processes, idle):
//   (a) the agent's list route: one process against two behind Node's cluster (agent-scale.mjs);
//   (b) the workflow webhook trigger: one platform-api instance against two over the same
//       database, the worker off (webhook-scale.mjs).
// Target: two reach >= 1.6x one's throughput when the database is not the limit. Also prints the
// most two could reach on this machine: the cores not taken by other processes over the cores
// one side's work already uses. See bench/README.md.
//   BENCH_ONLY=agent|webhook   one part; BENCH_DURATION (10 s), BENCH_ROUNDS (2)
import os from 'node:os';
import { describeRun } from '../lib/machine.mjs';
import { measureAgentScaleOut } from './agent-scale.mjs';
import { formatSplit } from './cpu-split.mjs';
import { measureWebhookScaleOut } from './webhook-scale.mjs';

const isQuick = process.argv.includes('--quick');
const LOAD = isQuick
  ? { duration: 2, rounds: 1, warmUp: 1 }
  : { duration: Number(process.env.BENCH_DURATION ?? 10), rounds: Number(process.env.BENCH_ROUNDS ?? 2), warmUp: 2 };
const TARGET = 1.6;
const only = process.env.BENCH_ONLY;
const log = (message) => process.stdout.write(`${message}\n`);

function printSides(sides, serversLabel, unit) {
  for (const side of sides) {
    const cpuMs = (cores) => ((cores * 1000) / side.rps).toFixed(2);
    log(
      `  ${side.label.padEnd(24)} ${side.rps.toFixed(0).padStart(6)} ${unit}   p50 ${side.p50.toFixed(1)} ms   p99 ${side.p99.toFixed(1)} ms   failed ${side.failures}`,
    );
    log(`    CPU: ${formatSplit(side.split, serversLabel)}`);
    log(
      `    CPU per request: ${serversLabel} ${cpuMs(side.split.servers)} ms, postgres ${cpuMs(side.split.postgres)} ms`,
    );
  }
}

/** The summary line, and the ratio two could reach at most: one side's work given every free core. */
function printVerdict(name, [one, two], unit) {
  const { servers, postgres, loadGenerator, other, postgresOther } = one.split;
  const ceiling = (os.cpus().length - other - postgresOther) / (servers + postgres + loadGenerator);
  const ratio = two.rps / one.rps;
  log(
    `  ${name}: one ${one.rps.toFixed(0)} ${unit}, two ${two.rps.toFixed(0)} ${unit}, ratio ${ratio.toFixed(2)}x, target ${TARGET}x: ${ratio >= TARGET ? 'met' : 'missed'} (ceiling on this machine, other processes keeping their share: ${ceiling.toFixed(2)}x)`,
  );
}

async function main() {
  log(
    `bench/scale-out${isQuick ? ' --quick' : ''}: ${LOAD.rounds} x ${LOAD.duration} s per side, alternated; ${describeRun()}`,
  );
  if (only === undefined || only === 'agent') {
    const connections = 10;
    log(
      `(a) agent list (GET /platform/bench_books, page of 15, filter, sort, author:name), ${connections} connections: one process vs two (cluster)`,
    );
    const { sides, pgRate } = await measureAgentScaleOut({ connections, ...LOAD });
    printSides(sides, 'agent', 'req/s');
    log(`  PostgreSQL alone (the list statement in ${connections} loops over raw pg): ${pgRate.toFixed(0)} queries/s`);
    printVerdict('agent list', sides, 'req/s');
  }
  if (only === undefined || only === 'webhook') {
    const connections = 16;
    log(
      `(b) webhook trigger (POST, distinct records, worker off), ${connections} connections: one platform-api instance vs two (8 connections each)`,
    );
    const { sides, queuedRuns } = await measureWebhookScaleOut({ connections, ...LOAD }, log);
    printSides(sides, 'platform-api', '202s/s');
    log(`  runs queued (none executed): ${queuedRuns}`);
    printVerdict('webhook trigger', sides, '202s/s');
  }
  log(`done: ${describeRun()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

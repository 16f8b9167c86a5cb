// Where the machine's CPU went during a run, read from Linux `/proc`: the servers under test,
// PostgreSQL (the backends of the benchmark's database apart), this process (the load generator),
// everything else (other jobs) and idle. On a machine this small, the split says what the limit is.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMsOf } from '../lib/process-figures.mjs';

const TICK_MS = 10; // USER_HZ is 100

/** The machine's busy and idle CPU time so far, in ms summed over the cores (`/proc/stat`). */
function machineMs() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: (user + nice + system + irq + softirq + steal) * TICK_MS, idle: (idle + iowait) * TICK_MS };
}

/** Every PostgreSQL process's CPU time so far, and whether it is a backend of `database`. */
function postgresMs(database) {
  const processes = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      processes.set(pid, { ms: cpuMsOf(pid), isOurs: title.includes(` ${database} `) });
    } catch {
      // exited while read
    }
  }
  return processes;
}

/** A reading of the counters `cpuSplit` compares; `pids` are the servers' processes. */
export function readCpu(pids, database) {
  const ownUsage = process.cpuUsage();
  return {
    at: performance.now(),
    machine: machineMs(),
    servers: pids.reduce((total, pid) => total + cpuMsOf(pid), 0),
    postgres: postgresMs(database),
    loadGenerator: (ownUsage.user + ownUsage.system) / 1000,
  };
}

/**
 * Cores used on average between two readings by each part. A PostgreSQL process that started in
 * between counts whole; one that exited in between is missed (the pools keep theirs open).
 */
export function cpuSplit(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ms) => ms / 1000 / seconds;
  const postgres = { ours: 0, other: 0 };
  for (const [pid, { ms, isOurs }] of after.postgres) {
    postgres[isOurs ? 'ours' : 'other'] += ms - (before.postgres.get(pid)?.ms ?? 0);
  }
  const busy = after.machine.busy - before.machine.busy;
  const servers = after.servers - before.servers;
  const loadGenerator = after.loadGenerator - before.loadGenerator;
  return {
    servers: cores(servers),
    postgres: cores(postgres.ours),
    postgresOther: cores(postgres.other),
    loadGenerator: cores(loadGenerator),
    other: cores(Math.max(0, busy - servers - postgres.ours - postgres.other - loadGenerator)),
    idle: cores(after.machine.idle - before.machine.idle),
  };
}

/** Means of several splits (one per run), part by part. */
export function meanSplit(splits) {
  const keys = Object.keys(splits[0]);
  return Object.fromEntries(
    keys.map((key) => [key, splits.reduce((total, split) => total + split[key], 0) / splits.length]),
  );
}

/** `servers 1.20, postgres 0.35 (+0.02 other), load generator 0.40, other 0.01, idle 0.02 cores`. */
export function formatSplit(split, serversLabel = 'servers') {
  const f = (value) => value.toFixed(2);
  return `${serversLabel} ${f(split.servers)}, postgres ${f(split.postgres)} (+${f(split.postgresOther)} other databases and background), load generator ${f(split.loadGenerator)}, other processes ${f(split.other)}, idle ${f(split.idle)} cores`;
}

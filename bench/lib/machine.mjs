// What a benchmark prints first, for its figures to be compared: when, on what, how loaded.
import os from 'node:os';

/** `2026-11-28 09:40 UTC, 2 cores (AMD EPYC ...), 24 GiB, load average 0.20 0.50 1.00`. */
export function describeRun() {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpus = os.cpus();
  const memory = Math.round(os.totalmem() / 2 ** 30);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${date} UTC, ${cpus.length} cores (${cpus[0]?.model.trim()}), ${memory} GiB, load average ${load}`;
}

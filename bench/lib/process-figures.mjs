// Figures of another process read from Linux `/proc`: steadier than requests/s when other jobs
// load the machine.
import { readFileSync } from 'node:fs';

/** CPU time (user + system) process `pid` used so far, in milliseconds (100 ticks a second). */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of process `pid`, in bytes. */
export function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) * 1024;
}

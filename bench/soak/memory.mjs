// Memory of the soak's servers: RSS from /proc, heap from what memory-hook.cjs writes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rssOf } from '../lib/process-figures.mjs';

const MB = 2 ** 20;

/** What the hooks of `memoryDir` last wrote, one entry per process. */
function readHooks(memoryDir) {
  return readdirSync(memoryDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(memoryDir, file), 'utf8')));
}

/** The pid of the process whose script path matches `pattern`, once its hook has written. */
export async function findPid(memoryDir, pattern, timeoutMs = 30_000) {
  for (const startedAt = Date.now(); Date.now() - startedAt < timeoutMs; ) {
    const found = readHooks(memoryDir).find((entry) => pattern.test(entry.script ?? ''));
    if (found) return found.pid;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No process matching ${pattern} wrote its memory to ${memoryDir}.`);
}

/**
 * Memory of `pid` in MB: RSS (now, from /proc), the V8 heap in use and the heap live after the last
 * major collection (the hook's figures, at most a second old; `liveHeap` NaN before the first one).
 */
export function memoryOf(pid, memoryDir) {
  const hook = JSON.parse(readFileSync(path.join(memoryDir, `${pid}.json`), 'utf8'));
  return { rss: rssOf(pid) / MB, heap: hook.heapUsed / MB, liveHeap: (hook.liveHeap ?? Number.NaN) / MB };
}

/** Least-squares slope of `points` (`{ minute, value }`), in units per minute; NaN under two points. */
export function slopePerMinute(allPoints) {
  const points = allPoints.filter((point) => Number.isFinite(point.value));
  if (points.length < 2) return Number.NaN;
  const meanX = points.reduce((sum, point) => sum + point.minute, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.value, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const { minute, value } of points) {
    covariance += (minute - meanX) * (value - meanY);
    variance += (minute - meanX) ** 2;
  }
  return variance === 0 ? Number.NaN : covariance / variance;
}

// Throughput under load with autocannon: several servers in turn, with each one's CPU per request.
import { createRequire } from 'node:module';
import { cpuMsOf } from './process-figures.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/**
 * One autocannon run of `request` (`{ method, path, headers, body, setupRequest }`) against
 * 127.0.0.1:`port`; `setupRequest(request)`, if given, returns each request to send (a new body).
 */
export function cannon(port, { method = 'GET', path, headers, body, setupRequest }, { connections, duration }) {
  const requests = setupRequest === undefined ? undefined : [{ setupRequest }];
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${path}`, method, headers, body, requests, connections, duration },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Loads each side (`{ label, port, pid?, request }`) for `rounds` runs of `duration` seconds,
 * the order reversed every other round so that no side always runs first, after a warm-up run
 * of each. Resolves to each side's requests/s, p50 and p99 (means of the runs', in ms), failed
 * requests and, with a `pid`, the server's CPU time per request (ms).
 */
export async function measureThroughput(sides, { connections = 10, duration = 10, rounds = 2, warmUp = 2 } = {}) {
  for (const side of sides) await cannon(side.port, side.request, { connections, duration: warmUp });
  const results = sides.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    const order = sides.map((_, index) => index);
    for (const index of round % 2 === 0 ? order : order.reverse()) {
      const side = sides[index];
      const cpuBefore = side.pid === undefined ? 0 : cpuMsOf(side.pid);
      const result = await cannon(side.port, side.request, { connections, duration });
      result.cpuMs = side.pid === undefined ? Number.NaN : cpuMsOf(side.pid) - cpuBefore;
      results[index].push(result);
    }
  }
  return sides.map((side, index) => {
    const runs = results[index];
    const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
    return {
      label: side.label,
      rps: sum((run) => run.requests.total) / sum((run) => run.duration),
      p50: sum((run) => run.latency.p50) / runs.length,
      p99: sum((run) => run.latency.p99) / runs.length,
      cpuPerRequest: sum((run) => run.cpuMs) / sum((run) => run.requests.total),
      failures: sum((run) => run.non2xx + run.errors + run.timeouts),
    };
  });
}

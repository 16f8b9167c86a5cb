// The timed requests of the mcp-list benchmark (run.mjs): (a) one request at a time, the sides
// alternating; (b) autocannon, the sides in turn, with the server's CPU time per request.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000); // (a) rounds, one request per side each
export const WARM_UP = 200;
export const DURATION = Number(process.env.BENCH_DURATION ?? 10); // (b) seconds per autocannon run
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2); // (b) MCP, route, then route, MCP, ...
export const CONNECTIONS = 10;

/** CPU time (user + system) a process used so far, in milliseconds (Linux `/proc`, 100 ticks/s). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// One socket, kept alive, for the requests of (a): the client's own work stays small and equal.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function send(port, { method, path, headers, body }) {
  return new Promise((done, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: keepAlive }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        res.statusCode === 200 ? done(text) : reject(new Error(`${res.statusCode} ${method} ${path}: ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

// A young-generation collection before each sample keeps this process's own pauses out of both series.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

async function time(fn) {
  collectGarbage({ type: 'minor' });
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** (a): one request at a time, alternating the sides, after a warm-up. */
export async function measureLatency(port, sides) {
  for (let i = 0; i < WARM_UP; i += 1) for (const side of sides) await send(port, side.request);
  const samples = sides.map(() => new Float64Array(REQUESTS));
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const [index, side] of sides.entries()) samples[index][i] = await time(() => send(port, side.request));
  }
  return sides.map((side, index) => {
    const sorted = samples[index].sort();
    const total = sorted.reduce((sum, value) => sum + value, 0);
    return {
      label: side.label,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      rps: 1000 / (total / REQUESTS),
    };
  });
}

function cannon(port, { method, path, headers, body }, duration) {
  return new Promise((done, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${path}`, method, headers, body, connections: CONNECTIONS, duration },
      (error, result) => (error ? reject(error) : done(result)),
    );
  });
}

/** (b): autocannon on each side in turn (MCP, route, route, MCP...), after a warm-up of each. */
export async function measureThroughput(server, sides) {
  for (const side of sides) await cannon(server.port, side.request, 2);
  const results = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const cpuBefore = cpuMsOf(server.child.pid);
      const result = await cannon(server.port, sides[index].request, DURATION);
      result.cpuMs = cpuMsOf(server.child.pid) - cpuBefore;
      results[index].push(result);
    }
  }
  return sides.map((side, index) => {
    const runs = results[index];
    const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
    return {
      label: side.label,
      rps: sum((r) => r.requests.total) / sum((r) => r.duration),
      // Means of each run's percentiles (autocannon's, in ms).
      p50: sum((r) => r.latency.p50) / runs.length,
      p99: sum((r) => r.latency.p99) / runs.length,
      cpuPerRequest: sum((r) => r.cpuMs) / sum((r) => r.requests.total),
      failures: sum((r) => r.non2xx + r.errors + r.timeouts),
    };
  });
}

export function printTable(title, [mcp, route], withCpu) {
  const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;
  console.log(`\n${title}`);
  console.log(`  ${''.padEnd(44)}   p50          p99          req/s${withCpu ? '    CPU/req' : ''}`);
  for (const side of [mcp, route]) {
    const cpu = withCpu ? `   ${side.cpuPerRequest.toFixed(2).padStart(5)} ms` : '';
    const failures = side.failures ? `   FAILED REQUESTS ${side.failures}` : '';
    console.log(
      `  ${side.label.padEnd(44)} ${ms(side.p50)}   ${ms(side.p99)}   ${side.rps.toFixed(0).padStart(6)}${cpu}${failures}`,
    );
  }
  const cpu = withCpu ? `   ${(mcp.cpuPerRequest / route.cpuPerRequest).toFixed(2).padStart(5)}x` : '';
  console.log(
    `  ${'ratio MCP / route'.padEnd(44)} ${`${(mcp.p50 / route.p50).toFixed(2)}x`.padStart(10)}   ${`${(mcp.p99 / route.p99).toFixed(2)}x`.padStart(10)}   ${`${(mcp.rps / route.rps).toFixed(2)}x`.padStart(6)}${cpu}`,
  );
}

/** Closes the kept-alive socket of (a). */
export function closeClient() {
  keepAlive.destroy();
}

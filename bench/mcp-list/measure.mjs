// The timed requests of the mcp-list benchmark (run.mjs): (a) one request at a time, the sides
// alternating; (b) autocannon, the sides in turn, with the server's CPU time per request.
import http from 'node:http';
import { measureThroughput as loadInTurn } from '../lib/load.mjs';
import { timedAfterMinorGc } from '../lib/quiet-timer.mjs';
import { percentile } from '../lib/stats.mjs';

const isQuick = process.argv.includes('--quick'); // a tenth of (a), 2 s runs and one round in (b)
export const REQUESTS = isQuick ? 200 : Number(process.env.BENCH_REQUESTS ?? 2000); // (a) rounds, one request per side each
export const WARM_UP = isQuick ? 20 : 200;
export const DURATION = isQuick ? 2 : Number(process.env.BENCH_DURATION ?? 10); // (b) seconds per autocannon run
export const ROUNDS = isQuick ? 1 : Number(process.env.BENCH_ROUNDS ?? 2); // (b) MCP, route, then route, MCP, ...
export const CONNECTIONS = 10;

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

/** (a): one request at a time, alternating the sides, after a warm-up. */
export async function measureLatency(port, sides) {
  for (let i = 0; i < WARM_UP; i += 1) for (const side of sides) await send(port, side.request);
  const samples = sides.map(() => new Float64Array(REQUESTS));
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const [index, side] of sides.entries())
      samples[index][i] = await timedAfterMinorGc(() => send(port, side.request));
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

/** (b): autocannon on each side in turn (MCP, route, route, MCP...), after a warm-up of each. */
export function measureThroughput(server, sides) {
  return loadInTurn(
    sides.map((side) => ({ label: side.label, port: server.port, pid: server.child.pid, request: side.request })),
    { connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS },
  );
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

// The measures of bench/reference that are not autocannon's: raw `pg` in a loop, the CSV exports
// and the start times.
import { createRequire } from 'node:module';
import { download } from '../lib/download.mjs';
import { PG } from '../lib/postgres.mjs';
import { startServer, stopServer } from '../lib/servers.mjs';
import { percentile } from '../lib/stats.mjs';

const { Pool } = createRequire(import.meta.url)('pg');

/**
 * Queries/s of `statement` run by `concurrency` loops over a pool of `poolSize` for `seconds`,
 * after a second of warm-up: what the database serves with no HTTP and no JSON.
 */
export async function pgLoop(database, [statement, values], { concurrency, poolSize, seconds }) {
  const pool = new Pool({ ...PG, database, max: poolSize });
  const run = async (until) => {
    let count = 0;
    const loop = async () => {
      while (performance.now() < until) {
        await pool.query(statement, values);
        count += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
    return count;
  };
  try {
    await run(performance.now() + 1000);
    const started = performance.now();
    const count = await run(started + seconds * 1000);
    return count / ((performance.now() - started) / 1000);
  } finally {
    await pool.end();
  }
}

/**
 * Each side's CSV export of `paths[side]` (one client), `runs` times in turn after a warm-up
 * export; keeps each side's fastest, and checks that all sides wrote the same number of rows.
 */
export async function measureCsv(servers, paths, headers, { runs }) {
  const sides = Object.keys(servers);
  for (const side of sides) await download(servers[side], paths[side], headers[side]);
  const best = {};
  for (let run = 0; run < runs; run += 1) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await download(servers[side], paths[side], headers[side]);
      if (best[side] === undefined || result.seconds < best[side].seconds) best[side] = result;
    }
  }
  const rows = new Set(sides.map((side) => best[side].rows));
  if (rows.size !== 1)
    throw new Error(`The exports disagree: ${sides.map((side) => best[side].rows).join(' vs ')} rows`);
  return best;
}

/**
 * Median time from fork to listening of each side's `server.cjs`, `runs` starts each, the sides
 * in turn; each start is stopped before the next. `argsOf(side)` gives the script's arguments.
 */
export async function measureStarts(script, sides, argsOf, { runs, env }) {
  const times = Object.fromEntries(sides.map((side) => [side, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      const server = await startServer(script, argsOf(side), { env });
      times[side].push(server.startMs);
      await stopServer(server);
    }
  }
  return Object.fromEntries(
    sides.map((side) => [
      side,
      percentile(
        times[side].sort((a, b) => a - b),
        50,
      ),
    ]),
  );
}

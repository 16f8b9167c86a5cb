// The measures of bench/reference that are not autocannon's: the CSV exports and the start times
// (raw `pg` in a loop is lib/pg-loop.mjs).
import { download } from '../lib/download.mjs';
import { startServer, stopServer } from '../lib/servers.mjs';
import { percentile } from '../lib/stats.mjs';

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

// What the database serves with no HTTP and no JSON: one statement run in loops over a `pg` pool.
import { createRequire } from 'node:module';
import { PG } from './postgres.mjs';

const { Pool } = createRequire(import.meta.url)('pg');

/**
 * Queries/s of `statement` run by `concurrency` loops over a pool of `poolSize` for `seconds`,
 * after a second of warm-up.
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

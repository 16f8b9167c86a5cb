// The PostgreSQL every benchmark uses (PGHOST, PGPORT, PGUSER; 127.0.0.1:5432, postgres by
// default) and the databases they build once and reuse.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

export const PG = Object.freeze({
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
});

/** Runs `fn` with a client connected to `database`, then closes it. */
export async function withClient(database, fn) {
  const client = new Client({ ...PG, database });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `name` when missing and runs `build(client)` in it unless its `bench_meta` table already
 * holds `version`: the data is built once, and again only when its version changes.
 */
export async function ensureDatabase({ name, version, describe, build }) {
  await withClient('postgres', async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database "${name}"`);
  });
  await withClient(name, async (client) => {
    const meta = await client.query("select to_regclass('bench_meta') as name");
    if (meta.rows[0].name) {
      const { rows } = await client.query('select version from bench_meta');
      if (rows[0]?.version === version) return console.log(`Reusing database ${name}.`);
    }
    console.log(`Building database ${name} (${describe})...`);
    const started = Date.now();
    await client.query('drop table if exists bench_meta');
    await build(client);
    await client.query(
      `create table bench_meta (version integer not null); insert into bench_meta values (${version})`,
    );
    console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

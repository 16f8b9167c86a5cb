// One side of bench/reference, in its own process so that its CPU time and RSS are its own:
//   node server.cjs reference|ours|floor <database>
// Listens on a free port of 127.0.0.1 and sends `{ port }` to the parent over IPC once it listens.
//   reference: @forestadmin/agent over @forestadmin/datasource-sql, its SaaS answered by the
//              stand-in at BENCH_STAND_IN_URL (saas-stand-in.mjs)
//   ours:      @platform/agent over @platform/datasource-sql, offline, from the workspace build
//   floor:     a bare node:http server running the statements ours sends through `pg` (floor.cjs)
// The three use pools of 10 connections. BENCH_AUTH_SECRET signs the tokens the first two verify.
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [mode, database] = process.argv.slice(2);
const DB = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  database,
};
const POOL_SIZE = 10;
const authSecret = process.env.BENCH_AUTH_SECRET;
// Each agent writes the schema it generates; the file goes with the process.
const schemaDir = mkdtempSync(path.join(os.tmpdir(), `bench-${mode}-`));
process.on('exit', () => rmSync(schemaDir, { recursive: true, force: true }));
const schemaPath = path.join(schemaDir, 'schema.json');

async function startReference() {
  const { createAgent } = require('@forestadmin/agent');
  const { createSqlDataSource } = require('@forestadmin/datasource-sql');
  const agent = createAgent({
    authSecret,
    envSecret: 'ab'.repeat(32),
    forestServerUrl: process.env.BENCH_STAND_IN_URL,
    isProduction: false,
    // Permissions are fetched once and cached (15 minutes by default) instead of refreshed by
    // server-sent events, which the stand-in does not send.
    instantCacheRefresh: false,
    schemaPath,
    logger: () => undefined,
  })
    .addDataSource(
      createSqlDataSource({
        dialect: 'postgres',
        host: DB.host,
        port: DB.port,
        database: DB.database,
        username: DB.user,
        pool: { max: POOL_SIZE },
      }),
    )
    .mountOnStandaloneServer(0, '127.0.0.1');
  await agent.start();
  return agent.standaloneServerPort;
}

async function startOurs() {
  const { createAgent } = require('@platform/agent');
  const { createSqlDataSource } = require('@platform/datasource-sql');
  const agent = createAgent({
    authSecret,
    offline: true,
    envSecret: 'ab'.repeat(32),
    isProduction: false,
    schemaPath,
    logger: () => undefined,
    host: '127.0.0.1',
    port: 0,
  }).addDataSource(
    createSqlDataSource({
      dialect: 'postgres',
      host: DB.host,
      port: DB.port,
      database: DB.database,
      username: DB.user,
      poolSize: POOL_SIZE,
    }),
  );
  await agent.start();
  return agent.standaloneServerPort;
}

// A normal exit, which writes the --cpu-prof profile when asked.
process.on('SIGTERM', () => process.exit(0));
process.on('message', (message) => {
  if (message !== 'memory') return;
  global.gc?.();
  process.send({ memory: process.memoryUsage() });
});

const start = {
  reference: startReference,
  ours: startOurs,
  floor: () => require('./floor.cjs').startFloor(DB, POOL_SIZE),
};
start[mode]()
  .then((port) => process.send({ port }))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
